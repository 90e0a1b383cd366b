import { useUser } from '@vox/auth';
import { lazyPage } from '@vox/ui';

// Each loads on first use, so the podcast site's first route stays small.
const ChannelsPage = lazyPage(() => import('../channels-page/channels-page'), (m) => m.ChannelsPage);
const PodcastHomePage = lazyPage(() => import('../podcast-home-page/podcast-home-page'), (m) => m.PodcastHomePage);

/** The podcast site's / (seed section 2): channels for visitors, the home page once logged in. */
export function FrontPage() {
  return useUser() ? <PodcastHomePage /> : <ChannelsPage />;
}
