import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '@vox/contract';
import { Alert, Button, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useAttendees, useIssueCertificate } from '../api/events';

type Issued = Record<string, { certId?: string; error?: string }>;

/**
 * Staff only (the server checks): who has a seat and who waits, and a certificate for each
 * member who had a seat.
 */
export function AttendeesPanel({ eventId }: { eventId: string }) {
  const attendees = useAttendees(eventId);
  const [issued, setIssued] = useState<Issued>({});
  const issue = useIssueCertificate(eventId, {
    onSuccess: (cert, recipientId) => setIssued((s) => ({ ...s, [recipientId]: { certId: cert.id } })),
    onError: (error, recipientId) => setIssued((s) => ({ ...s, [recipientId]: { error: error.message } })),
  });
  const list = attendees.data?.attendees ?? [];

  return (
    <section className="vox-card vox-event-panel" aria-labelledby="vox-event-attendees">
      <h2 id="vox-event-attendees">Attendees</h2>
      {attendees.isPending ? (
        <Spinner label="Loading the attendees" />
      ) : attendees.isError ? (
        <Alert variant="error">{attendees.error.message}</Alert>
      ) : list.length === 0 ? (
        <p>Nobody has registered yet.</p>
      ) : (
        <ul className="vox-event-attendees" aria-label="Attendees">
          {list.map((a) => {
            const name = displayName(a.user);
            const done = issued[a.user.id];
            return (
              <li key={a.user.id}>
                <span>
                  <strong>{name}</strong>
                  {a.email && <span className="vox-event-attendees__email"> · {a.email}</span>}
                </span>
                <span className="vox-event-attendees__actions">
                  {a.status === 'waitlisted' ? (
                    <span className="vox-event-chip vox-event-chip--waiting">Waiting list</span>
                  ) : done?.certId ? (
                    <Link to={href('certificate', { certId: done.certId })}>Certificate issued</Link>
                  ) : (
                    <Button size="sm" variant="secondary" onClick={() => issue.mutate(a.user.id)} busy={issue.isPending && issue.variables === a.user.id} aria-label={`Issue a certificate to ${name}`}>
                      Issue certificate
                    </Button>
                  )}
                  {done?.error && <span role="alert">{done.error}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
