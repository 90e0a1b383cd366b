export { FrontPage } from './lib/front-page/front-page';
export { ChannelsPage } from './lib/channels-page/channels-page';
export { PodcastHomePage } from './lib/podcast-home-page/podcast-home-page';
export { ChannelPage } from './lib/channel-page/channel-page';
export { PlaylistPage } from './lib/playlist-page/playlist-page';
export { FavoritesPage } from './lib/favorites-page/favorites-page';
export { ListeningHistoryPage } from './lib/listening-history-page/listening-history-page';
export { EpisodePage } from './lib/episode-page/episode-page';
