import { useState, type FormEvent, type ReactNode } from 'react';
import { displayName, type FriendRequest, type Person } from '@vox/contract';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { ConfirmDialog, TextField } from '@vox/ui/forms';
import { useFriendAction, useFriendRequests, useFriends, useSendFriendRequest, type FriendAction } from '../api/friends';
import { ComposeMessageDialog } from '../components/compose-message-dialog';
import { PersonLink } from '../components/person-link';
import { relativeTime } from '../components/relative-time';
import '@vox/ui/page-kit';
import '../components/social.css';

type Notice = { variant: 'success' | 'error'; text: string } | null;

/**
 * /friends for a signed-in user: add a friend by handle or email, answer requests to me, cancel
 * mine, and message or remove friends. Every answer of the server is shown as its own text.
 */
export function FriendsPage() {
  const friends = useFriends();
  const requests = useFriendRequests();
  const act = useFriendAction();
  const [notice, setNotice] = useState<Notice>(null);
  const [composeTo, setComposeTo] = useState<Person | null>(null);
  const [removing, setRemoving] = useState<Person | null>(null);

  const run = (action: FriendAction, person: Person, after?: () => void) => {
    setNotice(null);
    act.mutate(
      { action, userId: person.id },
      {
        onSuccess: (answer) => {
          setNotice({ variant: 'success', text: answer.message });
          after?.();
        },
        onError: (error) => setNotice({ variant: 'error', text: error.message }),
      },
    );
  };
  const busy = (action: FriendAction, person: Person) =>
    act.isPending && act.variables?.action === action && act.variables.userId === person.id;

  const incoming = requests.data?.incoming ?? [];
  const outgoing = requests.data?.outgoing ?? [];
  // A failed friends fetch shows an empty list.
  const friendList = friends.data ?? [];

  return (
    <Page width="narrow" className="vox-social-friends">
      <h1 className="vox-page-title vox-page-title--plain vox-social-heading">Your friends</h1>
      <p className="vox-page-lead vox-page-lead--end">Friends can message each other and invite each other to table reads.</p>

      <AddFriendForm />

      {notice && (
        <Alert variant={notice.variant} className="vox-social-status">
          {notice.text}
        </Alert>
      )}

      {requests.isPending ? (
        <Spinner label="Loading friend requests" />
      ) : (
        <>
          {incoming.length > 0 && (
            <RequestSection title="Requests for you" requests={incoming} label="asked">
              {(person) => (
                <>
                  <Button size="sm" onClick={() => run('accept', person)} busy={busy('accept', person)} aria-label={`Accept ${displayName(person)}`}>
                    Accept
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => run('decline', person)} busy={busy('decline', person)} aria-label={`Decline ${displayName(person)}`}>
                    Decline
                  </Button>
                </>
              )}
            </RequestSection>
          )}
          {outgoing.length > 0 && (
            <RequestSection title="Requests you sent" requests={outgoing} label="sent">
              {(person) => (
                <Button size="sm" variant="secondary" onClick={() => run('cancel', person)} busy={busy('cancel', person)} aria-label={`Cancel request to ${displayName(person)}`}>
                  Cancel request
                </Button>
              )}
            </RequestSection>
          )}
        </>
      )}

      <section className="vox-card vox-social-card" aria-labelledby="vox-social-friends-title">
        <h2 id="vox-social-friends-title" className="vox-social-card__title">
          Friends <span className="vox-social-badge">{friendList.length}</span>
        </h2>
        {friends.isPending ? (
          <Spinner label="Loading your friends" />
        ) : friendList.length === 0 ? (
          <p className="vox-social-empty">No friends yet. Add someone by their handle or email above.</p>
        ) : (
          <ul className="vox-social-list" aria-label="Friends">
            {friendList.map(({ user }) => {
              const person: Person = { id: user.id, handle: user.handle ?? null, name: user.name ?? null, photo: user.photo ?? null };
              return (
                <li key={user.id} className="vox-split vox-social-row">
                  <PersonLink person={person} />
                  <span className="vox-toolbar">
                    <Button size="sm" onClick={() => setComposeTo(person)} aria-label={`Message ${displayName(person)}`}>
                      Message
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setRemoving(person)} aria-label={`Remove ${displayName(person)}`}>
                      Remove
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {composeTo && (
        <ComposeMessageDialog to={composeTo} onClose={() => setComposeTo(null)} onSent={(text) => setNotice({ variant: 'success', text })} />
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${displayName(removing)}?`}
          confirmLabel="Remove friend"
          busy={busy('remove', removing)}
          onConfirm={() => run('remove', removing, () => setRemoving(null))}
          onClose={() => setRemoving(null)}
        >
          <p>You will no longer be friends, and neither of you can message the other until one of you sends a new friend request.</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function RequestSection({
  title,
  requests,
  label,
  children,
}: {
  title: string;
  requests: FriendRequest[];
  label: string;
  children: (person: Person) => ReactNode;
}) {
  const id = `vox-social-${label}-title`;
  return (
    <section className="vox-card vox-social-card" aria-labelledby={id}>
      <h2 id={id} className="vox-social-card__title">
        {title} <span className="vox-social-badge">{requests.length}</span>
      </h2>
      <ul className="vox-social-list" aria-label={title}>
        {requests.map((request) => (
          <li key={request.user.id} className="vox-split vox-social-row">
            <PersonLink person={request.user} detail={`${label} ${relativeTime(request.createdAt)}`} />
            <span className="vox-toolbar">{children(request.user)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Handle or email in, the server's answer text out (a sent request, or an acceptance). */
function AddFriendForm() {
  const [to, setTo] = useState('');
  const send = useSendFriendRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(to, { onSuccess: () => setTo('') });
  };

  return (
    <section className="vox-card vox-social-card" aria-labelledby="vox-social-add-title">
      <h2 id="vox-social-add-title" className="vox-social-card__title">
        Add a friend
      </h2>
      <form className="vox-social-add" onSubmit={submit} noValidate>
        <TextField
          label="Handle or email"
          name="to"
          value={to}
          autoComplete="off"
          placeholder="@handle or name@example.com"
          onChange={(event) => setTo(event.target.value)}
        />
        <Button type="submit" busy={send.isPending} disabled={!to.trim()}>
          Send request
        </Button>
      </form>
      {send.isSuccess && (
        <Alert variant="success" className="vox-social-add__answer">
          {send.data.message}
        </Alert>
      )}
      {send.isError && <Alert className="vox-social-add__answer">{send.error.message}</Alert>}
    </section>
  );
}
