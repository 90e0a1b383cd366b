import { PlaceholderPage } from '@vox/ui';

/** The podcast site's / for a signed-in listener. */
export function PodcastHomePage() {
  return (
    <PlaceholderPage
      title="Home"
      description="Your favorite channels and the newest episodes from them will be waiting here, ready to play."
    />
  );
}
