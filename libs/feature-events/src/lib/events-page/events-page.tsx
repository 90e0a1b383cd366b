import { Link, useSearchParams } from 'react-router';
import { useUser } from '@vox/auth';
import { Alert, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useEvents } from '../api/events';
import { CreateEventForm } from '../shared/create-event-form';
import { EventCard } from '../shared/event-card';
import '@vox/ui/page-kit';
import '../shared/events.css';

/** /events: upcoming events, soonest first; past ones under "Past events". Staff add events here. */
export function EventsPage() {
  const [search] = useSearchParams();
  const when = search.get('show') === 'past' ? 'past' : 'upcoming';
  const events = useEvents(when);
  const user = useUser();
  const list = events.data?.events ?? [];

  return (
    <Page width="narrow">
      <h1 className="vox-page-title vox-page-title--plain">Events</h1>
      <p className="vox-page-lead vox-page-lead--end vox-events-lead">Workshops, open table reads and showcases. Register for a seat; when an event is full, join the waiting list and we email you if a seat opens.</p>

      {user?.role.name === 'staff' && (
        <details className="vox-card vox-events-staff vox-event-panel">
          <summary>Create an event</summary>
          <CreateEventForm />
        </details>
      )}

      <nav className="vox-events-tabs" aria-label="Which events">
        <Link className="vox-events-tab" to={href('events')} aria-current={when === 'upcoming' ? 'page' : undefined}>
          Upcoming
        </Link>
        <Link className="vox-events-tab" to={`${href('events')}?show=past`} aria-current={when === 'past' ? 'page' : undefined}>
          Past events
        </Link>
      </nav>

      {events.isPending ? (
        <Spinner label="Loading events" />
      ) : events.isError ? (
        <Alert variant="error">{events.error.message}</Alert>
      ) : list.length === 0 ? (
        <p className="vox-empty">{when === 'upcoming' ? 'No upcoming events yet. Check back soon.' : 'No past events yet.'}</p>
      ) : (
        <ul className="vox-stack" aria-label={when === 'upcoming' ? 'Upcoming events' : 'Past events'}>
          {list.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Page>
  );
}
