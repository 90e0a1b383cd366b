// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The podcast variant's calls. Web: @vox/contract/podcast.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const podcastEndpoints = named({
  /** Channels with search (q) and a category; each with its feed URL. */
  podcastChannels: { method: 'GET', path: '/api/podcast/channels', auth: 'optional' },
  /** A channel and its episodes, newest first (the owner also sees drafts and scheduled ones). */
  podcastChannel: { method: 'GET', path: '/api/podcast/channels/:channelId', auth: 'optional' },
  /** The channel's RSS 2.0 feed (iTunes and Podcasting 2.0 namespaces). */
  podcastFeed: { method: 'GET', path: '/api/podcast/channels/:channelId/feed.xml', auth: 'public' },
  podcastEpisode: { method: 'GET', path: '/api/podcast/episodes/:episodeId', auth: 'optional' },
  podcastChapters: { method: 'GET', path: '/api/podcast/episodes/:episodeId/chapters.json', auth: 'public' },
  podcastTranscript: { method: 'GET', path: '/api/podcast/episodes/:episodeId/transcript.vtt', auth: 'public' },
  /** An episode's audio by its SHA-256 (content-addressed), with range requests. */
  podcastAudio: { method: 'GET', path: '/api/podcast/audio/:audioId', auth: 'public', binary: true },
  /** A play, counted once per listener, episode and day. */
  podcastPlay: { method: 'POST', path: '/api/podcast/episodes/:episodeId/plays', auth: 'optional' },
  /** The episode a share link plays, or (an episode's own id) the episode page's. */
  podcastSharedEpisode: { method: 'GET', path: '/api/podcast/share/:linkId', auth: 'optional' },
  /** A public playlist, or my own. */
  podcastPlaylist: { method: 'GET', path: '/api/podcast/playlists/:playlistId', auth: 'optional' },
  createPodcastChannel: { method: 'POST', path: '/api/podcast/channels', auth: 'user' },
  updatePodcastChannel: { method: 'PATCH', path: '/api/podcast/channels/:channelId', auth: 'user' },
  uploadPodcastCover: { method: 'POST', path: '/api/podcast/channels/:channelId/cover', auth: 'user', multipart: true },
  followPodcastChannel: { method: 'PUT', path: '/api/podcast/channels/:channelId/follow', auth: 'user' },
  unfollowPodcastChannel: { method: 'DELETE', path: '/api/podcast/channels/:channelId/follow', auth: 'user' },
  podcastChannelStats: { method: 'GET', path: '/api/podcast/channels/:channelId/stats', auth: 'user' },
  /** Fields title, notes, season, episode, publish, publishAt, then the file "audio". */
  uploadPodcastEpisode: { method: 'POST', path: '/api/podcast/channels/:channelId/episodes', auth: 'user', multipart: true },
  updatePodcastEpisode: { method: 'PATCH', path: '/api/podcast/episodes/:episodeId', auth: 'user' },
  deletePodcastEpisode: { method: 'DELETE', path: '/api/podcast/episodes/:episodeId', auth: 'user' },
  podcastShareLinks: { method: 'GET', path: '/api/podcast/episodes/:episodeId/share-links', auth: 'user' },
  createPodcastShareLink: { method: 'POST', path: '/api/podcast/episodes/:episodeId/share-links', auth: 'user' },
  revokePodcastShareLink: { method: 'DELETE', path: '/api/podcast/share/:linkId', auth: 'user' },
  podcastHome: { method: 'GET', path: '/api/podcast/home', auth: 'user' },
  podcastFavorites: { method: 'GET', path: '/api/podcast/favorites', auth: 'user' },
  favoritePodcastEpisode: { method: 'PUT', path: '/api/podcast/favorites/:episodeId', auth: 'user' },
  unfavoritePodcastEpisode: { method: 'DELETE', path: '/api/podcast/favorites/:episodeId', auth: 'user' },
  myPodcastPlaylists: { method: 'GET', path: '/api/podcast/playlists', auth: 'user' },
  createPodcastPlaylist: { method: 'POST', path: '/api/podcast/playlists', auth: 'user' },
  updatePodcastPlaylist: { method: 'PATCH', path: '/api/podcast/playlists/:playlistId', auth: 'user' },
  deletePodcastPlaylist: { method: 'DELETE', path: '/api/podcast/playlists/:playlistId', auth: 'user' },
  addToPodcastPlaylist: { method: 'POST', path: '/api/podcast/playlists/:playlistId/episodes', auth: 'user' },
  savePodcastPosition: { method: 'PUT', path: '/api/podcast/positions/:episodeId', auth: 'user' },
  podcastHistory: { method: 'GET', path: '/api/podcast/history', auth: 'user' },
});
