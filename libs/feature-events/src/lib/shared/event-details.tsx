import type { EventSummary } from '@vox/contract/events';
import { eventDay, eventTimes, seatsText, zoneLabel } from './format';

/** When, where, seats: the facts of one event as a description list. */
export function EventFacts({ event }: { event: EventSummary }) {
  return (
    <dl className="vox-event-facts">
      <div>
        <dt>When</dt>
        <dd>
          {`${eventDay(event)}, ${eventTimes(event)} (${zoneLabel(event.timeZone)})`}
        </dd>
      </div>
      {event.place && (
        <div>
          <dt>Where</dt>
          <dd>{event.place}</dd>
        </div>
      )}
      {event.onlineUrl && (
        <div>
          <dt>Online</dt>
          <dd>
            <a href={event.onlineUrl} target="_blank" rel="noreferrer noopener">
              {event.onlineUrl}
            </a>
          </dd>
        </div>
      )}
      <div>
        <dt>Seats</dt>
        <dd>{event.ended ? 'This event has ended.' : seatsText(event)}</dd>
      </div>
    </dl>
  );
}
