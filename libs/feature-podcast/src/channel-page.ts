// A channel's page (/channel/{id}), as an entry of its own (libs/site-routes/src/pages/podcast.ts),
// so the route preloads name its chunk and stylesheet: a visitor's page comes drawn with them.
export { ChannelPage } from './lib/channel-page/channel-page';
