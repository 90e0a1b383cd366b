import { useUser } from '@vox/auth';
import { ChannelsPage } from '../channels-page/channels-page';
import { PodcastHomePage } from '../podcast-home-page/podcast-home-page';

/** The podcast site's / (seed section 2): channels for visitors, the home page once logged in. */
export function FrontPage() {
  return useUser() ? <PodcastHomePage /> : <ChannelsPage />;
}
