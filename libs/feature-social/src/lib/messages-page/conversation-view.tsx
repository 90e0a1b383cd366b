import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { displayName, type ThreadMessage } from '@vox/contract';
import { SOCIAL_LIMITS } from '@vox/contract/social';
import { Alert, Button, profileHref, Spinner } from '@vox/ui';
import { usePageTitle } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useConversation, useMarkConversationRead, useSendMessage } from '../api/messages';
import { PersonAvatar } from '../components/person-avatar';
import { relativeTime } from '../components/relative-time';

/**
 * One conversation: what both of us wrote, oldest first, mine on the right; a reply
 * quotes the message it answers; the box at the bottom writes the next one. Opening it marks the
 * other's messages read; it asks for new ones every few seconds while open.
 */
export function ConversationView({ otherId }: { otherId: string }) {
  const thread = useConversation(otherId);
  const markRead = useMarkConversationRead(otherId);
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ThreadMessage | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const data = thread.data;
  const newestTheirs = data ? [...data.messages].reverse().find((m) => !m.fromMe) : undefined;
  const name = data ? displayName(data.person) : '';
  const tooLong = text.length > SOCIAL_LIMITS.message;

  useEffect(() => {
    if (newestTheirs && data && data.unread > 0) markRead.mutate(newestTheirs.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per newest message of theirs
  }, [newestTheirs?.id, data?.unread]);

  const lastId = data?.messages[data.messages.length - 1]?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lastId]);

  usePageTitle(data ? `${name} · Messages` : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || tooLong) return;
    send.mutate(
      { to: otherId, text, replyTo: replyTo?.id },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
          fieldRef.current?.focus();
        },
      },
    );
  };

  if (thread.isPending) return <Spinner label="Loading the conversation" />;
  if (thread.isError) return <Alert>{thread.error.message}</Alert>;
  const conversation = thread.data;

  return (
    <section className="vox-thread" aria-labelledby="vox-thread-title">
      <div className="vox-thread__head">
        <Link to={href('notifications')} className="vox-thread__back">
          All messages
        </Link>
        <h2 id="vox-thread-title" className="vox-thread__title">
          <PersonAvatar person={conversation.person} size="sm" />
          <span>
            Conversation with <Link to={profileHref(conversation.person)}>{name}</Link>
          </span>
        </h2>
      </div>
      {conversation.messages.length === 0 ? (
        <p className="vox-social-empty">No messages yet. Write the first one below.</p>
      ) : (
        <ol className="vox-thread__list" aria-label={`Messages with ${name}`}>
          {conversation.messages.map((message, index) => (
            <li
              key={message.id}
              ref={index === conversation.messages.length - 1 ? endRef : undefined}
              className={message.fromMe ? 'vox-thread__message vox-thread__message--mine' : 'vox-thread__message'}
            >
              <p className="vox-thread__from">{message.fromMe ? 'You' : name}</p>
              {message.replyTo && (
                <blockquote className="vox-social-quote">
                  <span className="vox-visually-hidden">{message.replyTo.fromMe ? 'Replying to you: ' : `Replying to ${name}: `}</span>
                  {message.replyTo.text}
                </blockquote>
              )}
              <p className="vox-thread__text">{message.text}</p>
              <p className="vox-thread__meta">
                <time dateTime={message.createdAt} title={new Date(message.createdAt).toLocaleString()}>
                  {relativeTime(message.createdAt)}
                </time>
                {conversation.canReply && (
                  <Button
                    variant="link"
                    size="sm"
                    onClick={() => {
                      setReplyTo(message);
                      fieldRef.current?.focus();
                    }}
                    aria-label={`Quote "${message.text.slice(0, 40)}" in a reply`}
                  >
                    Quote
                  </Button>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      {conversation.canReply ? (
        <form className="vox-thread__compose" onSubmit={submit} noValidate>
          {replyTo && (
            <div className="vox-thread__replying">
              <blockquote className="vox-social-quote">{replyTo.text}</blockquote>
              <Button variant="link" size="sm" onClick={() => setReplyTo(null)}>
                Don't quote
              </Button>
            </div>
          )}
          <label className="vox-field__label" htmlFor="vox-thread-text">
            Write to {name}
          </label>
          <textarea
            id="vox-thread-text"
            ref={fieldRef}
            className="vox-input vox-input--ring vox-social-textarea vox-thread__field"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={tooLong || undefined}
            aria-describedby="vox-thread-count"
          />
          <div className="vox-thread__send">
            <p id="vox-thread-count" className={tooLong ? 'vox-social-count vox-social-count--over' : 'vox-social-count'}>
              {text.length} / {SOCIAL_LIMITS.message}
            </p>
            <Button type="submit" busy={send.isPending} disabled={!text.trim() || tooLong}>
              Send
            </Button>
          </div>
          {send.isError && <Alert>{send.error.message}</Alert>}
        </form>
      ) : (
        <p className="vox-social-empty">You can write only to friends. This conversation stays here to read.</p>
      )}
    </section>
  );
}
