import { Link, useParams } from 'react-router';
import { buttonClassName, MicIcon, Notice } from '@vox/ui';

/** /event/{eventId}: full screen, so it carries its own ways on. */
export function EventPage() {
  const { eventId = '' } = useParams();
  return (
    <Notice
      icon={<MicIcon />}
      eyebrow="Coming soon"
      title="Event"
      actions={
        <>
          <Link
            to={`/event/${encodeURIComponent(eventId)}/register`}
            className={buttonClassName({ variant: 'primary', size: 'lg' })}
          >
            Register
          </Link>
          <Link to="/events" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            All events
          </Link>
        </>
      }
    >
      <p>The event's date, place, programme and the places left will be shown here.</p>
    </Notice>
  );
}
