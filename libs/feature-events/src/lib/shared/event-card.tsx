import { Link } from 'react-router';
import type { EventSummary } from '@vox/contract/events';
import { cx } from '@vox/ui';
import { href } from '@vox/variant';
import { dateBadge, eventDay, eventTimes, myStatusText, seatsText, zoneLabel } from './format';

/** One event in the list: date badge, title, when and where, seats and my registration. */
export function EventCard({ event }: { event: EventSummary }) {
  const badge = dateBadge(event);
  const mine = myStatusText(event);
  const where = event.place ?? (event.onlineUrl ? 'Online' : null);
  return (
    <li className={cx('vox-card vox-event-card', event.ended && 'vox-event-card--past')}>
      <div className="vox-event-date" aria-hidden="true">
        <span className="vox-event-date__day">{badge.day}</span>
        <span className="vox-event-date__month">{badge.month}</span>
      </div>
      <div>
        <h2 className="vox-event-card__title">
          <Link to={href('event', { eventId: event.id })}>{event.title}</Link>
        </h2>
        <p className="vox-event-meta">
          <span>
            {`${eventDay(event)}, ${eventTimes(event)} (${zoneLabel(event.timeZone)})`}
          </span>
          {where && <span>{where}</span>}
        </p>
        {event.description && <p className="vox-event-card__summary">{event.description}</p>}
        <div className="vox-event-card__footer">
          {!event.ended && <span className={cx('vox-event-chip', event.seatsLeft === 0 && 'vox-event-chip--full')}>{seatsText(event)}</span>}
          {mine && <span className={cx('vox-event-chip', event.myRegistration?.status === 'confirmed' ? 'vox-event-chip--mine' : 'vox-event-chip--waiting')}>{mine}</span>}
        </div>
      </div>
    </li>
  );
}
