import { Link, useNavigate, useParams } from 'react-router';
import { useUser } from '@vox/auth';
import { Alert, buttonClassName, Page, Spinner } from '@vox/ui';
import { BackBar } from '@vox/ui/page-kit';
import { href } from '@vox/variant';
import { useEvent } from '../api/events';
import { AttendeesPanel } from '../shared/attendees-panel';
import { EventFacts } from '../shared/event-details';
import { myStatusText } from '../shared/format';
import '../shared/events.css';

/** /event/{eventId}: full screen (no header), so it carries its own ways on. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const event = useEvent(eventId);
  const isStaff = useUser()?.role.name === 'staff';
  const data = event.data;
  const mine = data ? myStatusText(data) : null;

  return (
    <>
      <BackBar onBack={() => navigate(href('events'))} label="All events" />
      <Page width="narrow">
        {event.isPending ? (
          <Spinner label="Loading the event" />
        ) : !data ? (
          <>
            <h1 className="vox-page-title vox-page-title--plain">Event not found</h1>
            <Alert variant="error">{event.error?.message ?? 'This event was not found.'}</Alert>
          </>
        ) : (
          <article>
            <header className="vox-event-hero">
              <p className="vox-event-hero__eyebrow">{data.ended ? 'Past event' : 'Event'}</p>
              <h1 className="vox-event-hero__title">{data.title}</h1>
              <EventFacts event={data} />
              {mine && <p className="vox-event-chip vox-event-chip--mine">{mine}</p>}
            </header>
            {data.description && <p className="vox-event-description">{data.description}</p>}
            <div className="vox-event-actions">
              {!data.ended && (
                <Link to={href('eventRegister', { eventId: data.id })} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                  {data.myRegistration ? 'My registration' : data.seatsLeft > 0 ? 'Register' : 'Join the waiting list'}
                </Link>
              )}
              <Link to={href('events')} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
                All events
              </Link>
            </div>
            {isStaff && <AttendeesPanel eventId={data.id} />}
          </article>
        )}
      </Page>
    </>
  );
}
