// An episode's page (/podcast-ep/{linkId}), as an entry of its own (libs/site-routes/src/pages/podcast.ts),
// so the route preloads name its chunk and stylesheet: a visitor's page comes drawn with them.
export { EpisodePage } from './lib/episode-page/episode-page';
