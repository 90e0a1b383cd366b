import { lazyPage } from '@vox/ui';
import { byVisitor } from './by-visitor';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-podcast');
// The public pages a visitor's link opens, each from an entry of its own: the route preloads name
// its chunk and stylesheet (a page the server draws carries them).
const episode = lazyPage(() => import('@vox/feature-podcast/episode-page'), (m) => m.EpisodePage);

export const podcastPages: PageRecord = {
  // Channels for visitors, the home page once logged in. Each side from an entry
  // of its own, so the route preloads name that side's chunk (the index's pages load on first use).
  podcastHome: byVisitor(
    lazyPage(() => import('@vox/feature-podcast/home-page'), (m) => m.PodcastHomePage),
    lazyPage(() => import('@vox/feature-podcast/channels-page'), (m) => m.ChannelsPage),
  ),
  channels: lazyPage(load, (m) => m.ChannelsPage),
  channel: lazyPage(() => import('@vox/feature-podcast/channel-page'), (m) => m.ChannelPage),
  playlist: lazyPage(load, (m) => m.PlaylistPage),
  favorites: lazyPage(load, (m) => m.FavoritesPage),
  listeningHistory: lazyPage(load, (m) => m.ListeningHistoryPage),
  // Full screen on the main and school sites, under the top bar on the podcast site.
  episode,
  podcastEpisode: episode,
};
