import { PlaceholderPage } from '@vox/ui';

/** The podcast site's /history for a signed-in listener. */
export function ListeningHistoryPage() {
  return (
    <PlaceholderPage
      title="Your podcasts"
      description="The episodes you listened to will be listed here, newest first, so you can pick up where you left off."
    />
  );
}
