import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { DraftRole } from '@vox/contract';
import { coWriterName } from '@vox/contract/drafts';
import { Alert, Button, Spinner } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useDraftPeople, useFriends, useSharing } from '../api/drafts';

const ROLE_TEXT: Record<DraftRole, string> = { editor: 'Editor', commenter: 'Commenter' };

/** An invite link opens the draft's editor, which takes the link first (draft-editor-page.tsx). */
const inviteUrl = (draftId: string, token: string) => `${window.location.origin}${href('draft', { documentId: draftId })}?invite=${encodeURIComponent(token)}`;

const browserCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * The owner's sharing (docs/drafts.md): who writes in the draft (and Remove), friends to invite,
 * and invite links, each as editor (writes) or commenter (reads).
 */
export function ShareDialog({ draftId, onClose, copy = browserCopy }: { draftId: string; onClose(): void; copy?: (text: string) => Promise<void> }) {
  const roleId = useId();
  const [role, setRole] = useState<DraftRole>('editor');
  const [copied, setCopied] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const people = useDraftPeople(draftId);
  const friends = useFriends();
  const sharing = useSharing(draftId);
  const inDraft = new Map((people.data?.people ?? []).map((person) => [person.id, person]));
  const error = sharing.invite.error ?? sharing.remove.error ?? sharing.createLink.error ?? sharing.deleteLink.error;

  const copyLink = async (token: string) => {
    setProblem(null);
    try {
      await copy(inviteUrl(draftId, token));
      setCopied(token);
    } catch {
      setProblem('The link could not be copied. Select it and copy it yourself.');
    }
  };

  return (
    <Modal title="Share this draft" description="Co-writers see each other’s cursors and changes as they type. Only you publish, delete or invite." onClose={onClose} size="md">
      <div className="vox-draft-share">
        <div className="vox-draft-share__role">
          <label htmlFor={roleId}>Invite as</label>
          <select id={roleId} className="vox-input" value={role} onChange={(event) => setRole(event.target.value as DraftRole)}>
            <option value="editor">Editor (writes)</option>
            <option value="commenter">Commenter (reads)</option>
          </select>
        </div>
        {error && <Alert>{error.message}</Alert>}
        {problem && <Alert>{problem}</Alert>}

        <section className="vox-draft-share__section" aria-labelledby={`${roleId}-people`}>
          <h3 id={`${roleId}-people`} className="vox-draft-share__title">
            In this draft
          </h3>
          {people.isPending ? (
            <Spinner size="sm" label="Loading who writes here" />
          ) : people.isError ? (
            <Alert>{people.error.message}</Alert>
          ) : people.data.people.length === 0 ? (
            <p className="vox-meta">Only you so far.</p>
          ) : (
            <ul className="vox-draft-share__list" aria-label="Co-writers">
              {people.data.people.map((person) => (
                <li key={person.id} className="vox-draft-share__row">
                  <span className="vox-draft-share__name">{person.name}</span>
                  <span className="vox-meta">{ROLE_TEXT[person.role]}</span>
                  <Button variant="link" size="sm" busy={sharing.remove.isPending && sharing.remove.variables === person.id} onClick={() => sharing.remove.mutate(person.id)} aria-label={`Remove ${person.name}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="vox-draft-share__section" aria-labelledby={`${roleId}-friends`}>
          <h3 id={`${roleId}-friends`} className="vox-draft-share__title">
            Invite a friend
          </h3>
          {friends.isPending ? (
            <Spinner size="sm" label="Loading your friends" />
          ) : (friends.data ?? []).length === 0 ? (
            <p className="vox-meta">
              Your friends appear here. <Link to={href('friends')}>Add friends</Link>, or send anyone an invite link.
            </p>
          ) : (
            <ul className="vox-draft-share__list" aria-label="Friends">
              {(friends.data ?? []).map(({ user }) => {
                const name = coWriterName(user);
                const seat = inDraft.get(user.id);
                return (
                  <li key={user.id} className="vox-draft-share__row">
                    <span className="vox-draft-share__name">{name}</span>
                    {seat?.role === role ? (
                      <span className="vox-meta">{`Invited as ${ROLE_TEXT[seat.role].toLowerCase()}`}</span>
                    ) : (
                      <Button variant="secondary" size="sm" busy={sharing.invite.isPending && sharing.invite.variables?.userId === user.id} onClick={() => sharing.invite.mutate({ userId: user.id, role })} aria-label={`Invite ${name} as ${role}`}>
                        {seat ? `Make ${role}` : 'Invite'}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section className="vox-draft-share__section" aria-labelledby={`${roleId}-links`}>
          <h3 id={`${roleId}-links`} className="vox-draft-share__title">
            Invite links
          </h3>
          <p className="vox-meta">Anyone signed in who opens a link joins this draft as its role. Delete a link to stop it letting more people in.</p>
          <Button variant="primary" size="sm" busy={sharing.createLink.isPending} onClick={() => sharing.createLink.mutate(role, { onSuccess: (link) => void copyLink(link.token) })}>
            {`Create ${role} link`}
          </Button>
          {(people.data?.links ?? []).length > 0 && (
            <ul className="vox-draft-share__list" aria-label="Invite links">
              {(people.data?.links ?? []).map((link) => (
                <li key={link.token} className="vox-draft-share__row vox-draft-share__row--link">
                  <input className="vox-input vox-draft-share__url" readOnly value={inviteUrl(draftId, link.token)} aria-label={`${ROLE_TEXT[link.role]} link`} onFocus={(event) => event.target.select()} />
                  <Button variant="secondary" size="sm" onClick={() => void copyLink(link.token)}>
                    {copied === link.token ? 'Copied' : 'Copy'}
                  </Button>
                  <Button variant="link" size="sm" busy={sharing.deleteLink.isPending && sharing.deleteLink.variables === link.token} onClick={() => sharing.deleteLink.mutate(link.token)} aria-label={`Delete ${link.role} link`}>
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
