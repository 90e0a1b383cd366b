import { createContext, useContext } from 'react';
import { displayName, type LivePerson, type ScriptLine } from '@vox/contract';
import { Alert, Avatar, Button, cx } from '@vox/ui';
import { usePhotoUrl } from '@vox/api-client';
import type { LiveSession } from './use-live-session';
import '../session-ui/person-chip.css';
import './live.css';

/** Line id -> the others recording it now, for the rows' indicator. */
export const LiveRecordingContext = createContext<ReadonlyMap<string, LivePerson[]>>(new Map());

/** The subtle "Grace is recording" mark on a line (renders nothing when nobody is). */
export function LiveLineMark({ lineId }: { lineId: string }) {
  const who = useContext(LiveRecordingContext).get(lineId);
  if (!who || who.length === 0) return null;
  const names = who.map((p) => displayName(p.user)).join(' and ');
  return (
    <span className="vox-live-mark" data-testid="live-recording-mark">
      <span className="vox-live-mark__dot" aria-hidden="true" />
      {names} {who.length === 1 ? 'is' : 'are'} recording this line
    </span>
  );
}

/**
 * Under the reader's toolbar: who is here now (role, and the line each records), whether the
 * channel is live, and the owner's notices ("Grace recorded 4 lines"), kept until dismissed.
 */
export function LiveBar({ live, myId, lines }: { live: LiveSession; myId: string; lines: readonly ScriptLine[] }) {
  const { status, people, notices, dismissNotice } = live;

  const lineNumber = (lineId: string) => lines.findIndex((l) => l.id === lineId) + 1;
  const others = people.filter((p) => p.user.id !== myId);
  return (
    <section className="vox-live" aria-label="Live">
      <div className="vox-live__row">
        <p className={cx('vox-live__status', `vox-live__status--${status.state}`)} data-testid="live-status">
          <span className="vox-live__dot" aria-hidden="true" />
          {status.state === 'live' ? 'Live' : status.state === 'closed' ? 'Not live' : status.state === 'retrying' ? `Reconnecting in ${Math.ceil(status.inMs / 1000)} s` : 'Connecting'}
        </p>
        <ul className="vox-live__people" aria-label="Here now" data-testid="live-people">
          {others.length === 0 ? (
            <li className="vox-live__alone">{status.state === 'live' ? 'Only you are here now' : ''}</li>
          ) : (
            others.map((p) => <HereNow key={p.user.id} person={p} line={p.recordingLineId ? lineNumber(p.recordingLineId) : 0} />)
          )}
        </ul>
      </div>
      {status.state === 'closed' && status.reason === 'revoked' && <Alert>{status.message}</Alert>}
      {/* Always there, so screen readers hear each new notice. */}
      <ul className="vox-live__notices" aria-label="What happened" aria-live="polite">
          {notices.map((n) => (
            <li key={n.id} className="vox-live__notice">
              <span>{n.text}</span>
              <Button variant="link" size="sm" onClick={() => dismissNotice(n.id)} aria-label={`Dismiss: ${n.text}`}>
                Dismiss
              </Button>
            </li>
          ))}
      </ul>
    </section>
  );
}

function HereNow({ person, line }: { person: LivePerson; line: number }) {
  const url = usePhotoUrl(person.user.photo);
  const name = displayName(person.user);
  return (
    <li className={cx('vox-person-chip', line > 0 && 'vox-live__person--recording')} data-testid="live-person">
      <Avatar name={name} photoUrl={url} size="sm" decorative />
      <span className="vox-live__name">{name}</span>
      <span className="vox-live__role">{person.role ?? 'listening'}</span>
      {line > 0 && <span className="vox-live__recording">recording line {line}</span>}
    </li>
  );
}
