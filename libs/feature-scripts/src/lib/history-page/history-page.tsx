import { PlaceholderPage } from '@vox/ui';

/** /history for a signed-in user. */
export function HistoryPage() {
  return (
    <PlaceholderPage
      title="Your history"
      description="The table reads you took part in will be listed here, newest first, with how many of your lines are recorded."
    />
  );
}
