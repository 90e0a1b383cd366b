import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useUser } from '@vox/auth';
import { displayName } from '@vox/contract';
import type { CastingCall } from '@vox/contract/casting';
import { Alert, Button, Page, Spinner, buttonClassName } from '@vox/ui';
import { href } from '@vox/variant';
import { useCallStatus, useCastingCall } from '../api/casting';
import { LinkOnlyAddress } from '../shared/link-only-address';
import { formatDeadline } from '../shared/format';
import { REPORTED_TEXT, ReportCall } from './report-call';
import '@vox/ui/page-kit';
import '../shared/casting.css';

/** /casting/calls/{callId} and a link-only call's /casting/link/{linkId}: the script, the roles with their sides, and what I can do. */
export function CastingCallPage() {
  const { callId, linkId } = useParams();
  const call = useCastingCall(linkId ? { linkId } : { callId: callId ?? '' });

  if (call.isPending) {
    return (
      <Page>
        <Spinner label="Loading the casting call" />
      </Page>
    );
  }
  if (call.isError) {
    return (
      <Page width="narrow">
        <h1 className="vox-page-title">Casting call not found</h1>
        <Alert variant="error">{call.error.message}</Alert>
        <p>
          <Link to={href('castingBoard')}>All casting calls</Link>
        </p>
      </Page>
    );
  }
  return <CallView call={call.data} />;
}

function CallView({ call }: { call: CastingCall }) {
  const status = useCallStatus(call.id);
  const signedIn = useUser() !== null;
  const [reported, setReported] = useState(false);
  const open = call.status === 'open';
  return (
    <Page>
      <p>
        <Link to={href('castingBoard')}>All casting calls</Link>
      </p>
      <div className="vox-page-head">
        <div>
          <h1 className="vox-page-title">{call.script.title}</h1>
          <p className="vox-page-lead">Casting call by {displayName(call.owner)}</p>
        </div>
        {call.mine && (
          <div className="vox-toolbar">
            {open && (
              <Link className={buttonClassName({ variant: 'secondary' })} to={href('castingEdit', { callId: call.id })}>
                Edit call
              </Link>
            )}
            <Button variant="secondary" busy={status.isPending} onClick={() => status.mutate(open ? 'close' : 'reopen')}>
              {open ? 'Close call' : 'Reopen call'}
            </Button>
          </div>
        )}
        {signedIn && !call.mine && (
          <div className="vox-toolbar">
            <ReportCall callId={call.id} onReported={() => setReported(true)} />
          </div>
        )}
      </div>
      {status.isError && <Alert variant="error">{status.error.message}</Alert>}
      {reported && <Alert variant="success">{REPORTED_TEXT}</Alert>}

      <div className="vox-stack">
        <section className="vox-card vox-stack vox-stack--close" aria-label="About this call">
          {call.script.synopsis && <p className="vox-casting-synopsis">{call.script.synopsis}</p>}
          <ul className="vox-casting-meta">
            <li>{open ? `Deadline: ${formatDeadline(call.deadline)}` : `Closed (deadline ${formatDeadline(call.deadline)})`}</li>
            <li>{call.paid ? 'Paid' : 'Unpaid'}</li>
            {call.script.genre && <li>Genre: {call.script.genre}</li>}
            {call.script.language && <li>Language: {call.script.language}</li>}
          </ul>
          {call.payNote && <p>Pay: {call.payNote}</p>}
          {call.mine && call.visibility === 'link' && call.linkId && <LinkOnlyAddress linkId={call.linkId} />}
        </section>

        <h2>Roles</h2>
        <ul className="vox-stack" aria-label="Roles">
          {call.roles.map((role) => (
            <li key={role.name} className="vox-card vox-stack vox-stack--close vox-casting-role">
              <h3>{role.name}</h3>
              {role.castMember ? <p className="vox-chip vox-casting-tag">Cast: {displayName(role.castMember)}</p> : null}
              {role.description && <p>{role.description}</p>}
              {role.voiceNotes && <p>Voice: {role.voiceNotes}</p>}
              <p>Audition sides:</p>
              <ol className="vox-casting-sides" aria-label={`Audition sides for ${role.name}`}>
                {role.sides.map((side) => (
                  <li key={side.lineId}>
                    {side.parenthetical && <em>{side.parenthetical} </em>}
                    {side.text}
                  </li>
                ))}
              </ol>
              <div className="vox-toolbar">
                {call.mine ? (
                  <Link className={buttonClassName({ variant: 'secondary', size: 'sm' })} to={href('castingReview', { callId: call.id, roleId: role.id })}>
                    Review auditions for {role.name}
                  </Link>
                ) : (
                  open &&
                  !role.castMember && (
                    <Link className={buttonClassName({ size: 'sm' })} to={href('castingAudition', { callId: call.id, roleId: role.id })}>
                      Audition for {role.name}
                    </Link>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Page>
  );
}
