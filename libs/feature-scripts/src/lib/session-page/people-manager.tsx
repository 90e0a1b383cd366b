import { useState } from 'react';
import { usePhotoUrl } from '@vox/api-client';
import { displayName, type Participant, type SessionDetail } from '@vox/contract';
import { Alert, Avatar, Button } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { useRemoveParticipant } from '../api/sessions';
import { UsersIcon } from '../session-ui/icons';

/**
 * The creator of a table read sees everyone in it and removes people (their takes
 * stay with the lines). Only the creator gets the button; the server checks again.
 */
export function PeopleManager({ session, userId }: { session: SessionDetail; userId: string }) {
  const [open, setOpen] = useState(false);
  if (session.createdBy !== userId) return null;
  const others = session.participants.filter((p) => p.user.id !== userId);
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)} disabled={others.length === 0}>
        <UsersIcon />
        People
      </Button>
      {open && <PeopleDialog sessionId={session.id} people={others} onClose={() => setOpen(false)} />}
    </>
  );
}

function PeopleDialog({ sessionId, people, onClose }: { sessionId: string; people: readonly Participant[]; onClose(): void }) {
  const remove = useRemoveParticipant(sessionId);
  const [asked, setAsked] = useState<string | null>(null);
  return (
    <Modal title="People at this table read" description="Remove someone from this table read. Their takes stay with the lines. Revoke the links you shared so they cannot join again." onClose={onClose} size="md">
      {remove.isError && <Alert>{remove.error.message}</Alert>}
      {people.length === 0 ? (
        <p className="vox-reader-roles__empty">Nobody else is at this table read.</p>
      ) : (
        <ul className="vox-reader-roles" aria-label="People">
          {people.map((p) => (
            <PersonRow
              key={p.user.id}
              person={p}
              busy={remove.isPending && asked === p.user.id}
              onRemove={() => {
                setAsked(p.user.id);
                remove.mutate(p.user.id);
              }}
            />
          ))}
        </ul>
      )}
    </Modal>
  );
}

function PersonRow({ person, busy, onRemove }: { person: Participant; busy: boolean; onRemove(): void }) {
  const name = displayName(person.user);
  const photo = usePhotoUrl(person.user.photo);
  return (
    <li className="vox-reader-roles__item">
      <Avatar name={name} photoUrl={photo} size="sm" decorative />
      <div className="vox-reader-roles__text">
        <p>{name}</p>
        <p className="vox-reader-roles__status">{person.role ? `Reads ${person.role}` : 'Listening'}</p>
      </div>
      <Button variant="secondary" size="sm" busy={busy} onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </li>
  );
}
