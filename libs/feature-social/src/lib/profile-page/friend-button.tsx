import { useState } from 'react';
import { authModal, useUser } from '@vox/auth';
import { displayName, type Profile } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { ConfirmDialog } from '@vox/ui/forms';
import { useFriendAction, useSendFriendRequest, type FriendAction } from '../api/friends';
import { ComposeMessageDialog } from '../components/compose-message-dialog';

/**
 * The friend controls of someone else's profile, following how I stand to them: Add friend;
 * Request sent with Cancel; Accept and Decline; Friends with Message and Remove. Logged out,
 * Add friend opens the login modal.
 */
export function FriendButton({ profile }: { profile: Profile }) {
  const user = useUser();
  const send = useSendFriendRequest();
  const act = useFriendAction();
  const [composing, setComposing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [answer, setAnswer] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const name = displayName(profile);

  const run = (action: FriendAction, after?: () => void) => {
    setAnswer(null);
    act.mutate(
      { action, userId: profile.id },
      {
        onSuccess: (a) => {
          setAnswer({ variant: 'success', text: a.message });
          after?.();
        },
        onError: (e) => setAnswer({ variant: 'error', text: e.message }),
      },
    );
  };
  const busy = (action: FriendAction) => act.isPending && act.variables?.action === action;

  const addFriend = () => {
    if (!user) {
      authModal.open('login');
      return;
    }
    setAnswer(null);
    send.mutate({ userId: profile.id }, {
      onSuccess: (a) => setAnswer({ variant: 'success', text: a.message }),
      onError: (e) => setAnswer({ variant: 'error', text: e.message }),
    });
  };

  return (
    <div className="vox-profile__friend">
      <div className="vox-toolbar">
        {profile.relationship === 'none' && (
          <Button onClick={addFriend} busy={send.isPending}>
            Add friend
          </Button>
        )}
        {profile.relationship === 'outgoing' && (
          <>
            <span className="vox-profile__state">Request sent</span>
            <Button variant="secondary" onClick={() => run('cancel')} busy={busy('cancel')}>
              Cancel request
            </Button>
          </>
        )}
        {profile.relationship === 'incoming' && (
          <>
            <span className="vox-profile__state">{name} asked to be your friend</span>
            <Button onClick={() => run('accept')} busy={busy('accept')}>
              Accept
            </Button>
            <Button variant="secondary" onClick={() => run('decline')} busy={busy('decline')}>
              Decline
            </Button>
          </>
        )}
        {profile.relationship === 'friends' && (
          <>
            <span className="vox-profile__state vox-profile__state--friends">Friends</span>
            <Button onClick={() => setComposing(true)}>Message</Button>
            <Button variant="secondary" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          </>
        )}
      </div>
      {answer && (
        <Alert variant={answer.variant} className="vox-profile__answer">
          {answer.text}
        </Alert>
      )}
      {composing && (
        <ComposeMessageDialog to={profile} onClose={() => setComposing(false)} onSent={(text) => setAnswer({ variant: 'success', text })} />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${name}?`}
          confirmLabel="Remove friend"
          busy={busy('remove')}
          onConfirm={() => run('remove', () => setRemoving(false))}
          onClose={() => setRemoving(false)}
        >
          <p>You will no longer be friends, and neither of you can message the other until one of you sends a new friend request.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
