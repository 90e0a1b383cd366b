import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { authModal, useUser } from '@vox/auth';
import { Alert, Button, buttonClassName, Page, Spinner } from '@vox/ui';
import { ConfirmDialog } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useEvent, useRegistration } from '../api/events';
import { EventFacts } from '../shared/event-details';
import '@vox/ui/page-kit';
import '../shared/events.css';

/**
 * /event/{eventId}/register: a signed-in member takes a seat (or a place on the waiting list)
 * and can cancel, after saying so in a dialog (a given-up seat goes to the waiting list at once,
 * so it cannot be taken back); the server's answer is shown as its own text.
 */
export function EventRegistrationPage() {
  const { eventId = '' } = useParams();
  const user = useUser();
  const event = useEvent(eventId);
  const registration = useRegistration(eventId);
  const [notice, setNotice] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const data = event.data;

  const act = (action: 'register' | 'cancel') => {
    setNotice(null);
    registration.mutate(action, {
      onSuccess: (answer) => setNotice({ variant: 'success', text: answer.message }),
      onError: (error) => setNotice({ variant: 'error', text: error.message }),
      onSettled: () => setAsking(false),
    });
  };
  const mine = data?.myRegistration ?? null;

  return (
    <Page width="narrow">
      <h1 className="vox-page-title vox-page-title--plain">Register for the event</h1>
      {event.isPending ? (
        <Spinner label="Loading the event" />
      ) : !data ? (
        <Alert variant="error">{event.error?.message ?? 'This event was not found.'}</Alert>
      ) : (
        <>
          <section className="vox-card vox-event-panel" aria-labelledby="vox-event-title">
            <h2 id="vox-event-title">
              <Link to={href('event', { eventId: data.id })}>{data.title}</Link>
            </h2>
            <EventFacts event={data} />
          </section>

          <section className="vox-card vox-event-panel" aria-label="Your registration">
            {notice && (
              <Alert variant={notice.variant} className="vox-event-status">
                {notice.text}
              </Alert>
            )}
            {data.ended ? (
              <p>This event has ended; registration is closed.</p>
            ) : !user ? (
              <>
                <p>Log in to register. When the event is full you join the waiting list, and either way a confirmation arrives by email.</p>
                <div className="vox-event-actions">
                  <Button size="lg" onClick={() => authModal.open('login')}>
                    Log in
                  </Button>
                  <Link to={href('register')} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                    Sign up
                  </Link>
                </div>
              </>
            ) : mine ? (
              <>
                <h2>{mine.status === 'confirmed' ? 'You are registered' : `You are number ${mine.position} on the waiting list`}</h2>
                <p>
                  {mine.status === 'confirmed'
                    ? 'Your seat is confirmed; the confirmation with a calendar entry went to your email. If you cannot come, cancel so someone on the waiting list gets your seat.'
                    : 'If a seat opens, it is yours at once and we email you.'}
                </p>
                <Button variant="secondary" onClick={() => setAsking(true)}>
                  Cancel my registration
                </Button>
                {asking && (
                  <ConfirmDialog
                    title="Cancel your registration?"
                    confirmLabel="Yes, cancel it"
                    dismissLabel="Keep my registration"
                    busy={registration.isPending && registration.variables === 'cancel'}
                    onConfirm={() => act('cancel')}
                    onClose={() => setAsking(false)}
                  >
                    <p>
                      {mine.status === 'confirmed'
                        ? `Your seat at ${data.title} goes to the next person on the waiting list at once; to come after all you would register again, and the event may be full by then.`
                        : `You leave the waiting list for ${data.title}; to join again you would start at the back.`}
                    </p>
                    <p>
                      {mine.status === 'confirmed'
                        ? 'We will email you to confirm, with a calendar update that removes the event.'
                        : 'We will email you to confirm.'}
                    </p>
                  </ConfirmDialog>
                )}
              </>
            ) : (
              <>
                <p>
                  {data.seatsLeft > 0
                    ? 'Take a seat: a confirmation with a calendar entry arrives by email.'
                    : 'The event is full. Join the waiting list: if a seat opens, it is yours at once and we email you.'}
                </p>
                <Button size="lg" onClick={() => act('register')} busy={registration.isPending && registration.variables === 'register'}>
                  {data.seatsLeft > 0 ? 'Register' : 'Join the waiting list'}
                </Button>
              </>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
