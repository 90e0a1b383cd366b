// The podcast site's / for visitors, as an entry of its own (libs/site-routes/src/pages/podcast.ts).
export { ChannelsPage } from './lib/channels-page/channels-page';
