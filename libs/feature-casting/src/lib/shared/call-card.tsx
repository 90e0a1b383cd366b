import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName } from '@vox/contract';
import type { CastingCall } from '@vox/contract/casting';
import { href } from '@vox/variant';
import { formatDeadline, isClosingSoon } from './format';

/** A call on the board or in my calls: the script, who posts it, the roles, the deadline and pay. */
export function CallCard({ call, children }: { call: CastingCall; children?: ReactNode }) {
  const open = call.roles.filter((r) => !r.castMember).map((r) => r.name);
  return (
    <li className="vox-card vox-casting-card">
      <h2 className="vox-casting-card__title">
        <Link to={href('castingCall', { callId: call.id })}>{call.script.title}</Link>
      </h2>
      <ul className="vox-casting-meta" aria-label="About this call">
        <li>Posted by {displayName(call.owner)}</li>
        <li>{call.status === 'open' ? `Closes ${formatDeadline(call.deadline)}` : 'Closed'}</li>
        <li>{call.paid ? 'Paid' : 'Unpaid'}</li>
        {call.script.language && <li>Language: {call.script.language}</li>}
        {call.status === 'open' && isClosingSoon(call.deadline) && <li className="vox-chip vox-casting-tag">Closing soon</li>}
      </ul>
      <p>{open.length > 0 ? `Casting: ${open.join(', ')}` : 'Every role is cast.'}</p>
      {children}
    </li>
  );
}
