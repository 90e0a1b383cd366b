import { PlaceholderPage } from '@vox/ui';

/** /channel/{channelId}. */
export function ChannelPage() {
  return (
    <PlaceholderPage
      title="Channel"
      description="The channel's cover, description and episodes will be shown here, newest first, with its RSS feed for podcast apps."
    />
  );
}
