import { lazyPage } from '@vox/ui';
import { loadListeningHistoryPage } from './lib/listening-history-page/load';

// What the podcast app loads with its first route: the player (it must exist before any page, to
// keep playing across them). Every page loads on first use; / (channels or the home page), a
// channel and an episode come from entries of their own (channels-page.ts, home-page.ts,
// channel-page.ts, episode-page.ts; libs/site-routes/src/pages/podcast.ts), so the route preloads
// name their files.
export { PlayerProvider, usePlayer, type Player } from './lib/player/player';
export { PlayerBarSlot as PlayerBar } from './lib/player/player-bar-slot';

export const ChannelsPage = lazyPage(() => import('./lib/channels-page/channels-page'), (m) => m.ChannelsPage);
export const PodcastHomePage = lazyPage(() => import('./lib/podcast-home-page/podcast-home-page'), (m) => m.PodcastHomePage);
export const PlaylistPage = lazyPage(() => import('./lib/playlist-page/playlist-page'), (m) => m.PlaylistPage);
export const FavoritesPage = lazyPage(() => import('./lib/favorites-page/favorites-page'), (m) => m.FavoritesPage);
export const ListeningHistoryPage = lazyPage(loadListeningHistoryPage, (m) => m.ListeningHistoryPage);
