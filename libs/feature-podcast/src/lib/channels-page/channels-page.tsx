import { PlaceholderPage } from '@vox/ui';

/** The podcast site's / for visitors who are not logged in. */
export function ChannelsPage() {
  return (
    <PlaceholderPage
      title="Channels"
      description="Audio dramas and shows from VoxClub creators will be listed here. Open a channel to play its episodes, or follow its RSS feed in your podcast app."
    />
  );
}
