import { usePhotoUrl } from '@vox/api-client';
import { useState } from 'react';
import type { Participant } from '@vox/contract';
import { Alert, Avatar, Button, cx } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { useClaimRole } from '../api/sessions';
import type { RoleSeat } from './reader-model';
import { displayName } from '@vox/contract';
import '../session-ui/person-chip.css';

interface RolePickerProps {
  sessionId: string;
  seats: readonly RoleSeat[];
  participants: readonly Participant[];
  myRole: string | null;
  onClose(): void;
}

/**
 * Choose the role I read: open roles can be claimed (claiming another role gives up mine), my
 * role can be given up, and roles others read show who reads them. The server has the last word
 * ('Someone else is already reading this role.' when two people claim at once).
 */
export function RolePicker({ sessionId, seats, participants, myRole, onClose }: RolePickerProps) {
  const claim = useClaimRole(sessionId);
  const [asked, setAsked] = useState<string | null>(null);
  const listeners = participants.filter((p) => p.role === null);

  const choose = (role: string | null) => {
    setAsked(role ?? '');
    claim.mutate(role, { onSuccess: onClose });
  };

  return (
    <Modal title="Choose your role" description="Claim a role to record its lines. Roles others read show who reads them." onClose={onClose} size="md">
      {claim.isError && <Alert>{claim.error.message}</Alert>}
      {seats.length === 0 ? (
        <p className="vox-reader-roles__empty">This script has no roles yet. Everyone listens to the read.</p>
      ) : (
        <ul className="vox-reader-roles" aria-label="Roles">
          {seats.map((seat) => (
            <li key={seat.name} className={cx('vox-reader-roles__item', seat.mine && 'vox-reader-roles__item--mine')}>
              <div className="vox-reader-roles__text">
                <p className="vox-reader-roles__name">
                  {seat.name} <span className="vox-reader-roles__count">{seat.lineCount === 1 ? '1 line' : `${seat.lineCount} lines`}</span>
                </p>
                {seat.description && <p className="vox-reader-roles__description">{seat.description}</p>}
                <p className="vox-reader-roles__status">{seat.mine ? 'You read this role' : seat.reader ? `Read by ${displayName(seat.reader)}` : 'Open'}</p>
              </div>
              {seat.mine ? (
                <Button variant="secondary" size="sm" busy={claim.isPending && asked === ''} onClick={() => choose(null)}>
                  Give up role
                </Button>
              ) : seat.reader ? (
                <span className="vox-reader-roles__taken">Taken</span>
              ) : (
                <Button variant="primary" size="sm" busy={claim.isPending && asked === seat.name} disabled={claim.isPending && asked !== seat.name} onClick={() => choose(seat.name)}
                  aria-label={`${myRole ? 'Switch to this role' : 'Read this role'}: ${seat.name}`}
                >
                  {myRole ? 'Switch to this role' : 'Read this role'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {listeners.length > 0 && (
        <div className="vox-reader-roles__listeners">
          <p className="vox-reader-roles__listeners-title">Listening</p>
          <ul className="vox-reader-people" aria-label="Listening">
            {listeners.map((p) => (
              <PersonChip key={p.user.id} name={displayName(p.user)} photo={p.user.photo} />
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}

/** A person in a list: avatar, name (or "You", with `avatarName` for the initials) and role. */
export function PersonChip({ name, avatarName = name, photo, role }: { name: string; avatarName?: string; photo: string | null; role?: string | null }) {
  const url = usePhotoUrl(photo);
  return (
    <li className="vox-person-chip vox-reader-people__item" title={role ? `${name} ${name === 'You' ? 'read' : 'reads'} ${role}` : name}>
      <Avatar name={avatarName} photoUrl={url} size="sm" decorative />
      <span className="vox-reader-people__name">{name}</span>
      {role && <span className="vox-reader-people__role">{role}</span>}
    </li>
  );
}
