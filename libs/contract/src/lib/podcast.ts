import Type from 'typebox';
import { IdParam, Person } from './common';
import { PODCAST_LIMITS } from './podcast-values';

/**
 * The podcast variant's calls. Times are ISO-8601 UTC; durations and positions in
 * milliseconds; chapter start times in seconds (as Podcasting 2.0's JSON chapters write them).
 */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const ChannelParams = Type.Object({ channelId: IdParam });
export type ChannelParams = Type.Static<typeof ChannelParams>;
export const EpisodeParams = Type.Object({ episodeId: IdParam });
export type EpisodeParams = Type.Static<typeof EpisodeParams>;
export const PlaylistParams = Type.Object({ playlistId: IdParam });
export type PlaylistParams = Type.Static<typeof PlaylistParams>;
export const PodcastLinkParams = Type.Object({ linkId: IdParam });
export type PodcastLinkParams = Type.Static<typeof PodcastLinkParams>;
export const PodcastAudioParams = Type.Object({ audioId: Type.String({ pattern: '^[0-9a-f]{64}(\\.(mp3|m4a|wav|ogg|webm))?$' }) });
export type PodcastAudioParams = Type.Static<typeof PodcastAudioParams>;

export const Channel = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  language: Type.String(),
  explicit: Type.Boolean(),
  /** The cover picture's URL (square WebP), or null. */
  cover: Nullable(Type.String()),
  owner: Person,
  /** The name podcast apps show as the author (itunes:author). */
  author: Type.String(),
  /** Published episodes. */
  episodeCount: Type.Integer({ minimum: 0 }),
  /** The RSS feed, absolute (what a podcast app subscribes to). */
  feedUrl: Type.String(),
  createdAt: Type.String(),
});
export type Channel = Type.Static<typeof Channel>;

export const ChannelsQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 60 })),
});
export type ChannelsQuery = Type.Static<typeof ChannelsQuery>;
export const ChannelList = Type.Object({ channels: Type.Array(Channel), categories: Type.Array(Type.String()) });
export type ChannelList = Type.Static<typeof ChannelList>;

export const ChannelInput = Type.Object({
  title: Type.String({ maxLength: PODCAST_LIMITS.title }),
  /** Left out when creating: the owner's name (a member without one must give it). */
  author: Type.Optional(Type.String({ maxLength: PODCAST_LIMITS.author })),
  description: Type.String({ maxLength: PODCAST_LIMITS.description }),
  category: Type.String({ maxLength: 60 }),
  language: Type.String({ maxLength: 20 }),
  explicit: Type.Boolean(),
});
export type ChannelInput = Type.Static<typeof ChannelInput>;
export const ChannelUpdate = Type.Partial(ChannelInput);
export type ChannelUpdate = Type.Static<typeof ChannelUpdate>;

export const Chapter = Type.Object({ startTime: Type.Number({ minimum: 0 }), title: Type.String({ minLength: 1, maxLength: 200 }) });
export type Chapter = Type.Static<typeof Chapter>;

const EpisodeStatus = Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('published')]);
type EpisodeStatus = Type.Static<typeof EpisodeStatus>;

export const Episode = Type.Object({
  id: Type.String(),
  channelId: Type.String(),
  channelTitle: Type.String(),
  channelCover: Nullable(Type.String()),
  title: Type.String(),
  notes: Type.String(),
  season: Nullable(Type.Integer()),
  episode: Nullable(Type.Integer()),
  durationMs: Type.Integer({ minimum: 0 }),
  /** The audio's URL on this site (answers range requests); a draft's or scheduled one's is signed and expires. */
  audioUrl: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer({ minimum: 0 }),
  status: EpisodeStatus,
  publishAt: Nullable(Type.String()),
  publishedAt: Nullable(Type.String()),
  chapters: Type.Array(Chapter),
  hasTranscript: Type.Boolean(),
  /** Signed-in callers: whether it is among my favourites, and where I stopped (ms). */
  favorite: Type.Boolean(),
  positionMs: Nullable(Type.Integer({ minimum: 0 })),
});
export type Episode = Type.Static<typeof Episode>;

export const ChannelDetail = Type.Object({
  channel: Channel,
  /** Newest first; the owner also sees drafts and scheduled ones. */
  episodes: Type.Array(Episode),
  following: Type.Boolean(),
  isOwner: Type.Boolean(),
});
export type ChannelDetail = Type.Static<typeof ChannelDetail>;

export const EpisodeDetail = Type.Object({
  episode: Episode,
  channel: Channel,
  isOwner: Type.Boolean(),
  /** The WebVTT transcript, or null. */
  transcript: Nullable(Type.String()),
});
export type EpisodeDetail = Type.Static<typeof EpisodeDetail>;

/** publish: `now`, `draft` (not public), or `scheduled` with publishAt in the future. */
const EpisodePublish = Type.Union([Type.Literal('now'), Type.Literal('draft'), Type.Literal('scheduled')]);
export const EpisodeUpdate = Type.Object({
  title: Type.Optional(Type.String({ maxLength: PODCAST_LIMITS.title })),
  notes: Type.Optional(Type.String({ maxLength: PODCAST_LIMITS.notes })),
  season: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10000 }))),
  episode: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100000 }))),
  publish: Type.Optional(EpisodePublish),
  publishAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  chapters: Type.Optional(Type.Array(Chapter, { maxItems: PODCAST_LIMITS.chapters })),
  transcript: Type.Optional(Nullable(Type.String({ maxLength: PODCAST_LIMITS.transcript }))),
});
export type EpisodeUpdate = Type.Static<typeof EpisodeUpdate>;

export const PodcastShareLink = Type.Object({
  id: Type.String(),
  episodeId: Type.String(),
  startSeconds: Nullable(Type.Integer({ minimum: 0 })),
  /** The page to share: /podcast-ep/{id} (with ?t= when it starts later). */
  url: Type.String(),
  createdAt: Type.String(),
  revoked: Type.Boolean(),
});
export type PodcastShareLink = Type.Static<typeof PodcastShareLink>;
export const PodcastShareLinkInput = Type.Object({ startSeconds: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 86400 }))) });
export type PodcastShareLinkInput = Type.Static<typeof PodcastShareLinkInput>;
export const PodcastShareLinkList = Type.Object({ links: Type.Array(PodcastShareLink) });
export type PodcastShareLinkList = Type.Static<typeof PodcastShareLinkList>;
/** /podcast-ep/{id}: what a share link (or an episode's own id) opens. */
export const SharedEpisode = Type.Object({
  episode: Episode,
  channel: Channel,
  startSeconds: Nullable(Type.Integer({ minimum: 0 })),
  isOwner: Type.Boolean(),
  transcript: Nullable(Type.String()),
});
export type SharedEpisode = Type.Static<typeof SharedEpisode>;

export const EpisodeList = Type.Object({ episodes: Type.Array(Episode) });
export type EpisodeList = Type.Static<typeof EpisodeList>;

export const Playlist = Type.Object({
  id: Type.String(),
  title: Type.String(),
  public: Type.Boolean(),
  owner: Person,
  isOwner: Type.Boolean(),
  episodeCount: Type.Integer({ minimum: 0 }),
  /** In order (the playlist page; empty in lists). */
  episodes: Type.Array(Episode),
  updatedAt: Type.String(),
});
export type Playlist = Type.Static<typeof Playlist>;
export const PlaylistList = Type.Object({ playlists: Type.Array(Playlist) });
export type PlaylistList = Type.Static<typeof PlaylistList>;
export const PlaylistInput = Type.Object({
  title: Type.String({ maxLength: PODCAST_LIMITS.playlistTitle }),
  public: Type.Optional(Type.Boolean()),
});
export type PlaylistInput = Type.Static<typeof PlaylistInput>;
/** Rename, share or hide, and reorder or remove (episodeIds: the new order; left-out ones are removed). */
export const PlaylistUpdate = Type.Object({
  title: Type.Optional(Type.String({ maxLength: PODCAST_LIMITS.playlistTitle })),
  public: Type.Optional(Type.Boolean()),
  episodeIds: Type.Optional(Type.Array(IdParam, { maxItems: PODCAST_LIMITS.playlistItems })),
});
export type PlaylistUpdate = Type.Static<typeof PlaylistUpdate>;
export const PlaylistAdd = Type.Object({ episodeId: IdParam });
export type PlaylistAdd = Type.Static<typeof PlaylistAdd>;

export const PositionInput = Type.Object({ positionMs: Type.Integer({ minimum: 0, maximum: 24 * 3600 * 1000 }) });
export type PositionInput = Type.Static<typeof PositionInput>;
export const Position = Type.Object({ episodeId: Type.String(), positionMs: Type.Integer({ minimum: 0 }), updatedAt: Type.String() });
export type Position = Type.Static<typeof Position>;

const PodcastHistoryEntry = Type.Object({ episode: Episode, positionMs: Type.Integer({ minimum: 0 }), listenedAt: Type.String() });
type PodcastHistoryEntry = Type.Static<typeof PodcastHistoryEntry>;
export const PodcastHistory = Type.Object({ entries: Type.Array(PodcastHistoryEntry) });
export type PodcastHistory = Type.Static<typeof PodcastHistory>;

export const PodcastHome = Type.Object({
  /** Newest published episodes of the channels I follow. */
  newEpisodes: Type.Array(Episode),
  /** Started and not finished, last listened first. */
  continueListening: Type.Array(PodcastHistoryEntry),
  favorites: Type.Array(Episode),
  playlists: Type.Array(Playlist),
  following: Type.Array(Channel),
  myChannels: Type.Array(Channel),
});
export type PodcastHome = Type.Static<typeof PodcastHome>;

/** A play: a member is counted by id; an anonymous player sends its own random id. */
export const PlayInput = Type.Object({ listener: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })) });
export type PlayInput = Type.Static<typeof PlayInput>;
export const PlayCounted = Type.Object({ counted: Type.Boolean() });
export type PlayCounted = Type.Static<typeof PlayCounted>;

export const ChannelStats = Type.Object({
  /** The last 30 UTC days, oldest first. */
  days: Type.Array(Type.String()),
  episodes: Type.Array(Type.Object({ episodeId: Type.String(), title: Type.String(), plays: Type.Array(Type.Integer({ minimum: 0 })), total: Type.Integer({ minimum: 0 }) })),
});
export type ChannelStats = Type.Static<typeof ChannelStats>;

export const Xml = Type.Unsafe<string>({ type: 'string', contentMediaType: 'application/rss+xml' });
export const PodcastJson = Type.Unknown();
export const Vtt = Type.Unsafe<string>({ type: 'string', contentMediaType: 'text/vtt' });
