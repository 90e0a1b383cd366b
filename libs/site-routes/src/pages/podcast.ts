import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-podcast');

export const podcastPages: PageRecord = {
  podcastHome: lazyPage(load, (m) => m.FrontPage),
  channels: lazyPage(load, (m) => m.ChannelsPage),
  channel: lazyPage(load, (m) => m.ChannelPage),
  playlist: lazyPage(load, (m) => m.PlaylistPage),
  favorites: lazyPage(load, (m) => m.FavoritesPage),
  listeningHistory: lazyPage(load, (m) => m.ListeningHistoryPage),
  episode: lazyPage(load, (m) => m.EpisodePage),
};
