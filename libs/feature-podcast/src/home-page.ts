// The podcast site's / once logged in, as an entry of its own (libs/site-routes/src/pages/podcast.ts).
export { PodcastHomePage } from './lib/podcast-home-page/podcast-home-page';
