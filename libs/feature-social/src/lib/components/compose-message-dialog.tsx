import { useState, type FormEvent } from 'react';
import { displayName, type Person } from '@vox/contract';
import { SOCIAL_LIMITS } from '@vox/contract/social';
import { Alert, Button } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { useSendMessage } from '../api/messages';
import '@vox/ui/page-kit';
import './social.css';

interface ComposeMessageDialogProps {
  to: Person;
  onClose(): void;
  /** Called with the server's confirmation once the message is sent. */
  onSent?(message: string): void;
  /** "Reply to" instead of "Message" in the title. */
  reply?: boolean;
  /** The message this one answers; it is quoted above the reply in the conversation. */
  replyTo?: { id: string; text: string };
}

/** Write a direct message to a friend. What was typed stays when sending fails. */
export function ComposeMessageDialog({ to, onClose, onSent, reply = false, replyTo }: ComposeMessageDialogProps) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const name = displayName(to);
  const tooLong = text.length > SOCIAL_LIMITS.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || tooLong) return;
    send.mutate(
      replyTo ? { to: to.id, text, replyTo: replyTo.id } : { to: to.id, text },
      {
        onSuccess: (answer) => {
          onSent?.(answer.message);
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={reply ? `Reply to ${name}` : `Message ${name}`} onClose={onClose} size="md">
      <form className="vox-social-compose" onSubmit={submit} noValidate>
        {replyTo && (
          <blockquote className="vox-social-quote" aria-label={`Replying to ${name}'s message`}>
            {replyTo.text}
          </blockquote>
        )}
        <label className="vox-field__label" htmlFor="vox-social-compose-text">
          Your message
        </label>
        <textarea
          id="vox-social-compose-text"
          className="vox-input vox-input--ring vox-social-textarea"
          rows={5}
          value={text}
          autoFocus
          onChange={(event) => setText(event.target.value)}
          aria-describedby="vox-social-compose-count"
          aria-invalid={tooLong || undefined}
        />
        <p id="vox-social-compose-count" className={tooLong ? 'vox-social-count vox-social-count--over' : 'vox-social-count'}>
          {text.length} / {SOCIAL_LIMITS.message}
        </p>
        {send.isError && <Alert>{send.error.message}</Alert>}
        <div className="vox-toolbar vox-toolbar--end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={send.isPending} disabled={!text.trim() || tooLong}>
            Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}
