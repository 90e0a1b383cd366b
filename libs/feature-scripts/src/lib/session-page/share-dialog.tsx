import { usePhotoUrl } from '@vox/api-client';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ShareLink } from '@vox/contract';
import { Alert, Avatar, Button, Spinner } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { useCreateShareLink, useFriends, useInviteFriend, useRevokeShareLink, useShareLinks } from '../api/sessions';
import { formatRelative } from '../session-ui/format';
import { CheckIcon, CopyIcon } from '../session-ui/icons';
import type { RoleSeat } from './reader-model';
import { displayName } from '@vox/contract';
import { href } from '@vox/variant';

interface ShareDialogProps {
  sessionId: string;
  seats: readonly RoleSeat[];
  onClose(): void;
  /** Writes to the clipboard; the browser's by default. */
  copy?: (text: string) => Promise<void>;
}

const shareUrl = (linkId: string): string => `${window.location.origin}/s/${encodeURIComponent(linkId)}`;

const browserCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * Share the table read: a link (optionally for one role) to copy, the links made so far with
 * Revoke, and friends to invite by message.
 */
export function ShareDialog({ sessionId, seats, onClose, copy = browserCopy }: ShareDialogProps) {
  const roleFieldId = useId();
  const [role, setRole] = useState<string>('');
  const [copied, setCopied] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  const links = useShareLinks(sessionId);
  const create = useCreateShareLink(sessionId);
  const revoke = useRevokeShareLink(sessionId);
  const live = (links.data ?? []).filter((link) => link.revokedAt === null).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // A friend's invitation is theirs, listed apart, never one more plain link.
  const active = live.filter((link) => !link.invitedUser);
  const invitations = live.filter((link) => link.invitedUser);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const openSeats = seats.filter((seat) => !seat.reader);

  const copyLink = async (link: ShareLink) => {
    setCopyError(null);
    try {
      await copy(shareUrl(link.id));
      setCopied(link.id);
    } catch {
      setCopyError('The link could not be copied. Select it and copy it yourself.');
    }
  };

  return (
    <Modal title="Share this table read" description="Anyone signed in who opens a link joins the read." onClose={onClose} size="md">
      <div className="vox-reader-share">
        <div className="vox-reader-share__create">
          <label className="vox-reader-share__label" htmlFor={roleFieldId}>
            Invite to
          </label>
          <select id={roleFieldId} className="vox-input vox-reader-share__select" value={role} onChange={(event) => setRole(event.target.value)}>
            <option value="">Any role (they choose)</option>
            {openSeats.map((seat) => (
              <option key={seat.name} value={seat.name}>
                {seat.name}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            busy={create.isPending}
            onClick={() =>
              create.mutate(role || null, {
                onSuccess: (link) => void copyLink(link),
              })
            }
          >
            Create link
          </Button>
        </div>
        {create.isError && <Alert>{create.error.message}</Alert>}
        {revoke.isError && <Alert>{revoke.error.message}</Alert>}
        {copyError && <Alert>{copyError}</Alert>}

        <section className="vox-reader-share__section" aria-labelledby={`${roleFieldId}-links`}>
          <h3 id={`${roleFieldId}-links`} className="vox-reader-share__title">
            Links
          </h3>
          {links.isPending ? (
            <Spinner size="sm" label="Loading the links" />
          ) : links.isError ? (
            <Alert>{links.error.message}</Alert>
          ) : active.length === 0 ? (
            <p className="vox-meta">No links yet. Create one and send it to the people you want to read with.</p>
          ) : (
            <ul className="vox-reader-share__links" aria-label="Share links">
              {active.map((link) => (
                <li key={link.id} className="vox-reader-share__link">
                  <div className="vox-reader-share__link-text">
                    <input className="vox-input vox-input--link vox-reader-share__url" readOnly value={shareUrl(link.id)} aria-label={`Link for ${link.role ?? 'any role'}`} onFocus={(event) => event.target.select()} />
                    <span className="vox-reader-share__meta">
                      {link.role ?? 'Any role'} · made {formatRelative(link.createdAt)}
                    </span>
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => void copyLink(link)}>
                    {copied === link.id ? <CheckIcon /> : <CopyIcon />}
                    {copied === link.id ? 'Copied' : 'Copy'}
                  </Button>
                  <Button variant="link" size="sm" className="vox-reader-take__danger" busy={revoke.isPending && revoke.variables === link.id} onClick={() => revoke.mutate(link.id)}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <InviteFriends
          sessionId={sessionId}
          role={role || null}
          invitations={invitations}
          cancelled={cancelled}
          onCancel={(link) =>
            revoke.mutate(link.id, { onSuccess: () => setCancelled(`${displayName(link.invitedUser ?? {})}'s invitation is cancelled: its link no longer opens this read.`) })
          }
          cancelling={revoke.isPending ? (revoke.variables ?? null) : null}
        />
      </div>
    </Modal>
  );
}

function InviteFriends({
  sessionId,
  role,
  invitations,
  cancelled,
  onCancel,
  cancelling,
}: {
  sessionId: string;
  role: string | null;
  invitations: ShareLink[];
  cancelled: string | null;
  onCancel(link: ShareLink): void;
  cancelling: string | null;
}) {
  const friends = useFriends();
  const invite = useInviteFriend(sessionId);
  // Who holds a live invitation, from the server's list (it survives closing the dialog).
  const invitedBy = new Map(invitations.map((link) => [link.invitedUser?.id ?? '', link]));
  const forRole = role ? `to read ${role}` : 'to choose a role';
  return (
    <section className="vox-reader-share__section" aria-label="Invite a friend">
      <h3 className="vox-reader-share__title">Invite a friend</h3>
      <p className="vox-meta">They get a message with their own link {forRole} (the role picked under "Invite to").</p>
      {invite.isError && <Alert>{invite.error.message}</Alert>}
      {cancelled && <Alert variant="success">{cancelled}</Alert>}
      {friends.isPending ? (
        <Spinner size="sm" label="Loading your friends" />
      ) : (friends.data ?? []).length === 0 ? (
        <p className="vox-meta">
          Your friends appear here. <Link to={href('friends')}>Add friends</Link> to invite them with a message.
        </p>
      ) : (
        <ul className="vox-reader-share__friends">
          {(friends.data ?? []).map(({ user }) => (
            <FriendRow
              key={user.id}
              name={displayName(user)}
              photo={user.photo ?? null}
              role={role}
              invitation={invitedBy.get(user.id) ?? null}
              busy={invite.isPending && invite.variables?.userId === user.id}
              cancelling={cancelling !== null && cancelling === invitedBy.get(user.id)?.id}
              onInvite={() => invite.mutate({ userId: user.id, role })}
              onCancel={onCancel}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function FriendRow({
  name,
  photo,
  role,
  invitation,
  busy,
  cancelling,
  onInvite,
  onCancel,
}: {
  name: string;
  photo: string | null;
  role: string | null;
  invitation: ShareLink | null;
  busy: boolean;
  cancelling: boolean;
  onInvite(): void;
  onCancel(link: ShareLink): void;
}) {
  const url = usePhotoUrl(photo);
  return (
    <li className="vox-reader-share__friend">
      <Avatar name={name} photoUrl={url} size="sm" decorative />
      <span className="vox-reader-share__friend-name">{name}</span>
      {invitation ? (
        <>
          <span className="vox-reader-share__invited">
            <CheckIcon /> Invited · {invitation.role ?? 'any role'}
          </span>
          <Button variant="link" size="sm" className="vox-reader-take__danger" busy={cancelling} onClick={() => onCancel(invitation)} aria-label={`Cancel ${name}'s invitation`}>
            Cancel invitation
          </Button>
        </>
      ) : (
        <Button variant="secondary" size="sm" busy={busy} onClick={onInvite} aria-label={role ? `Invite ${name} to read ${role}` : `Invite ${name} (they choose a role)`}>
          Invite
        </Button>
      )}
    </li>
  );
}
