import { PlaceholderPage } from '@vox/ui';

/** /events. */
export function EventsPage() {
  return (
    <PlaceholderPage
      title="Events"
      description="Upcoming events will be listed here: workshops, open table reads and showcases, each with the places left."
    />
  );
}
