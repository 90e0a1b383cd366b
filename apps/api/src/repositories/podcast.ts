import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PodcastChannelsTable, PodcastEpisodesTable, PodcastPlaylistsTable, PodcastShareLinksTable } from '../db/schema';
import { newId } from '../db/ids';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** The podcast variant: SQL only; the rules are in services/podcast/. */
export type ChannelRow = PodcastChannelsTable;
export type EpisodeRow = PodcastEpisodesTable;
export type PlaylistRow = PodcastPlaylistsTable;
export type PodcastLinkRow = PodcastShareLinksTable;

const now = () => new Date().toISOString();

// --- Channels ---

async function insertChannel(db: Db, row: Omit<ChannelRow, 'id' | 'created_at' | 'updated_at' | 'cover'>): Promise<ChannelRow> {
  const at = now();
  const channel: ChannelRow = { ...row, id: newId(), cover: null, created_at: at, updated_at: at };
  await db.insertInto('podcast_channels').values(channel).execute();
  return channel;
}

async function updateChannel(db: Db, id: string, changes: Partial<Omit<ChannelRow, 'id' | 'owner_id' | 'created_at'>>): Promise<void> {
  await db.updateTable('podcast_channels').set({ ...changes, updated_at: now() }).where('id', '=', id).execute();
}

async function findChannel(db: Db, id: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('podcast_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Channels, newest first; `q` matches title or description (any case), `category` exactly. */
async function listChannels(db: Db, { q, category, ids, ownerId }: { q?: string; category?: string; ids?: string[]; ownerId?: string }): Promise<ChannelRow[]> {
  let query = db.selectFrom('podcast_channels').selectAll();
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([sql<boolean>`lower(title) like ${like} escape '\\'`, sql<boolean>`lower(description) like ${like} escape '\\'`]));
  }
  if (category) query = query.where('category', '=', category);
  if (ids) {
    if (!ids.length) return [];
    query = query.where('id', 'in', ids);
  }
  if (ownerId) query = query.where('owner_id', '=', ownerId);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
}

async function categoriesInUse(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('podcast_channels').select('category').distinct().orderBy('category').execute();
  return rows.map((r) => r.category);
}

async function publishedCounts(db: Db, channelIds: string[]): Promise<Map<string, number>> {
  if (!channelIds.length) return new Map();
  const rows = await db
    .selectFrom('podcast_episodes')
    .select(['channel_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('channel_id', 'in', channelIds)
    .where('status', '=', 'published')
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
}

async function setFollow(db: Db, userId: string, channelId: string, follow: boolean): Promise<void> {
  if (follow) {
    await db.insertInto('podcast_follows').values({ user_id: userId, channel_id: channelId, created_at: now() }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('podcast_follows').where('user_id', '=', userId).where('channel_id', '=', channelId).execute();
  }
}

async function followedChannelIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('podcast_follows').select('channel_id').where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
  return rows.map((r) => r.channel_id);
}

// --- Episodes ---

async function insertEpisode(db: Db, row: Omit<EpisodeRow, 'id' | 'created_at' | 'updated_at'>): Promise<EpisodeRow> {
  const at = now();
  const episode: EpisodeRow = { ...row, id: newId(), created_at: at, updated_at: at };
  await db.insertInto('podcast_episodes').values(episode).execute();
  return episode;
}

async function updateEpisode(db: Db, id: string, changes: Partial<Omit<EpisodeRow, 'id' | 'channel_id' | 'created_at'>>): Promise<void> {
  await db.updateTable('podcast_episodes').set({ ...changes, updated_at: now() }).where('id', '=', id).execute();
}

async function deleteEpisode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('podcast_episodes').where('id', '=', id).execute();
}

async function findEpisode(db: Db, id: string): Promise<EpisodeRow | undefined> {
  return db.selectFrom('podcast_episodes').selectAll().where('id', '=', id).executeTakeFirst();
}

async function episodesByIds(db: Db, ids: string[]): Promise<EpisodeRow[]> {
  if (!ids.length) return [];
  return db.selectFrom('podcast_episodes').selectAll().where('id', 'in', ids).execute();
}

/** A channel's episodes, newest first (published date, else creation); `all` adds drafts and scheduled. */
async function channelEpisodes(db: Db, channelId: string, all: boolean): Promise<EpisodeRow[]> {
  let query = db.selectFrom('podcast_episodes').selectAll().where('channel_id', '=', channelId);
  if (!all) query = query.where('status', '=', 'published');
  const rows = await query.execute();
  const key = (e: EpisodeRow) => e.published_at ?? e.publish_at ?? e.created_at;
  return rows.sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : a.id.localeCompare(b.id)));
}

/** Newest published episodes of these channels. */
async function latestEpisodes(db: Db, channelIds: string[], limit: number): Promise<EpisodeRow[]> {
  if (!channelIds.length) return [];
  return db
    .selectFrom('podcast_episodes')
    .selectAll()
    .where('channel_id', 'in', channelIds)
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Publishes every scheduled episode whose time has come; answers their ids. */
async function publishDue(db: Db, at: string): Promise<string[]> {
  const due = await db.selectFrom('podcast_episodes').select(['id', 'publish_at']).where('status', '=', 'scheduled').where('publish_at', '<=', at).execute();
  const published: string[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('podcast_episodes')
      .set({ status: 'published', published_at: row.publish_at, updated_at: now() })
      .where('id', '=', row.id)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) published.push(row.id);
  }
  return published;
}

/** Whether another episode still uses this audio (before its bytes are removed). */
async function audioInUse(db: Db, audioId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('podcast_episodes').select('id').where('audio_id', '=', audioId).executeTakeFirst());
}

/** The stored type and size of this audio, and whether a published episode has it (first if one does). */
async function findAudio(db: Db, audioId: string): Promise<{ content_type: string; byte_size: number; published: boolean } | undefined> {
  const row = await db
    .selectFrom('podcast_episodes')
    .select(['content_type', 'byte_size', 'status'])
    .where('audio_id', '=', audioId)
    .orderBy(sql`CASE WHEN status = 'published' THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst();
  return row ? { content_type: row.content_type, byte_size: Number(row.byte_size), published: row.status === 'published' } : undefined;
}

// --- Favourites ---

async function setFavorite(db: Db, userId: string, episodeId: string, favorite: boolean): Promise<void> {
  if (favorite) {
    await db.insertInto('podcast_favorites').values({ user_id: userId, episode_id: episodeId, created_at: now() }).onConflict((oc) => oc.doNothing()).execute();
  } else {
    await db.deleteFrom('podcast_favorites').where('user_id', '=', userId).where('episode_id', '=', episodeId).execute();
  }
}

/** My favourite episode ids, last added first. */
async function favoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('podcast_favorites').select('episode_id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('episode_id').execute();
  return rows.map((r) => r.episode_id);
}

// --- Positions (history) ---

async function savePosition(db: Db, userId: string, episodeId: string, positionMs: number): Promise<string> {
  const at = now();
  await db
    .insertInto('podcast_positions')
    .values({ user_id: userId, episode_id: episodeId, position_ms: positionMs, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doUpdateSet({ position_ms: positionMs, updated_at: at }))
    .execute();
  return at;
}

async function positionsOf(db: Db, userId: string, limit = 100): Promise<Array<{ episode_id: string; position_ms: number; updated_at: string }>> {
  return db
    .selectFrom('podcast_positions')
    .select(['episode_id', 'position_ms', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('episode_id')
    .limit(limit)
    .execute();
}

async function positionsFor(db: Db, userId: string, episodeIds: string[]): Promise<Map<string, number>> {
  if (!episodeIds.length) return new Map();
  const rows = await db.selectFrom('podcast_positions').select(['episode_id', 'position_ms']).where('user_id', '=', userId).where('episode_id', 'in', episodeIds).execute();
  return new Map(rows.map((r) => [r.episode_id, Number(r.position_ms)]));
}

// --- Plays ---

/** Counts a play once per episode, listener and UTC day: true when this one was new. */
async function recordPlay(db: Db, episodeId: string, listener: string, at: Date): Promise<boolean> {
  const result = await db
    .insertInto('podcast_plays')
    .values({ episode_id: episodeId, listener, day: at.toISOString().slice(0, 10), created_at: at.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Plays per episode and day for a channel's episodes, days from `fromDay` (YYYY-MM-DD) on. */
async function playsPerDay(db: Db, channelId: string, fromDay: string): Promise<Array<{ episode_id: string; day: string; n: number }>> {
  const rows = await db
    .selectFrom('podcast_plays')
    .innerJoin('podcast_episodes', 'podcast_episodes.id', 'podcast_plays.episode_id')
    .select(['podcast_plays.episode_id', 'podcast_plays.day', (eb) => eb.fn.countAll<number>().as('n')])
    .where('podcast_episodes.channel_id', '=', channelId)
    .where('podcast_plays.day', '>=', fromDay)
    .groupBy(['podcast_plays.episode_id', 'podcast_plays.day'])
    .execute();
  return rows.map((r) => ({ episode_id: r.episode_id, day: r.day, n: Number(r.n) }));
}

// --- Playlists ---

async function insertPlaylist(db: Db, ownerId: string, title: string, isPublic: boolean): Promise<PlaylistRow> {
  const at = now();
  const row: PlaylistRow = { id: newId(), owner_id: ownerId, title, public: isPublic ? 1 : 0, created_at: at, updated_at: at };
  await db.insertInto('podcast_playlists').values(row).execute();
  return row;
}

/** The member's playlist with this title, in any case ("Road trip" and "road trip" are one name). */
async function playlistTitled(db: Db, ownerId: string, title: string): Promise<PlaylistRow | undefined> {
  return db
    .selectFrom('podcast_playlists')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where((eb) => eb(eb.fn('lower', ['title']), '=', title.toLowerCase()))
    .executeTakeFirst();
}

async function findPlaylist(db: Db, id: string): Promise<PlaylistRow | undefined> {
  return db.selectFrom('podcast_playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

async function playlistsOf(db: Db, ownerId: string): Promise<PlaylistRow[]> {
  return db.selectFrom('podcast_playlists').selectAll().where('owner_id', '=', ownerId).orderBy('updated_at', 'desc').orderBy('id').execute();
}

async function updatePlaylist(db: Db, id: string, changes: { title?: string; public?: number }): Promise<void> {
  await db.updateTable('podcast_playlists').set({ ...changes, updated_at: now() }).where('id', '=', id).execute();
}

async function deletePlaylist(db: Db, id: string): Promise<void> {
  await db.deleteFrom('podcast_playlists').where('id', '=', id).execute();
}

async function playlistEpisodeIds(db: Db, playlistId: string): Promise<string[]> {
  const rows = await db.selectFrom('podcast_playlist_items').select('episode_id').where('playlist_id', '=', playlistId).orderBy('position').execute();
  return rows.map((r) => r.episode_id);
}

async function playlistCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('podcast_playlist_items')
    .select(['playlist_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('playlist_id', 'in', ids)
    .groupBy('playlist_id')
    .execute();
  return new Map(rows.map((r) => [r.playlist_id, Number(r.n)]));
}

/** Appends an episode; false when it is already there. */
async function appendToPlaylist(db: Db, playlistId: string, episodeId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('podcast_playlist_items')
      .select((eb) => eb.fn.max<number>('position').as('p'))
      .where('playlist_id', '=', playlistId)
      .executeTakeFirst();
    const result = await trx
      .insertInto('podcast_playlist_items')
      .values({ playlist_id: playlistId, episode_id: episodeId, position: Number(last?.p ?? -1) + 1 })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx.updateTable('podcast_playlists').set({ updated_at: now() }).where('id', '=', playlistId).execute();
    return true;
  });
}

/** Replaces the order (ids must be a subset of the current items; the rest are removed). */
async function reorderPlaylist(db: Db, playlistId: string, episodeIds: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('podcast_playlist_items').where('playlist_id', '=', playlistId).execute();
    if (episodeIds.length) {
      await trx
        .insertInto('podcast_playlist_items')
        .values(episodeIds.map((episodeId, position) => ({ playlist_id: playlistId, episode_id: episodeId, position })))
        .execute();
    }
    await trx.updateTable('podcast_playlists').set({ updated_at: now() }).where('id', '=', playlistId).execute();
  });
}

// --- Share links ---

async function insertShareLink(db: Db, episodeId: string, createdBy: string, startSeconds: number | null): Promise<PodcastLinkRow> {
  const row: PodcastLinkRow = { id: newId(20), episode_id: episodeId, created_by: createdBy, start_seconds: startSeconds, created_at: now(), revoked_at: null };
  await db.insertInto('podcast_share_links').values(row).execute();
  return row;
}

async function findShareLink(db: Db, id: string): Promise<PodcastLinkRow | undefined> {
  return db.selectFrom('podcast_share_links').selectAll().where('id', '=', id).executeTakeFirst();
}

async function shareLinksOf(db: Db, episodeId: string): Promise<PodcastLinkRow[]> {
  return db.selectFrom('podcast_share_links').selectAll().where('episode_id', '=', episodeId).orderBy('created_at', 'desc').orderBy('id').execute();
}

async function revokeShareLink(db: Db, id: string): Promise<void> {
  await db.updateTable('podcast_share_links').set({ revoked_at: now() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    podcastRepository: PodcastRepository;
  }
}

const queries = {
  insertChannel,
  updateChannel,
  findChannel,
  listChannels,
  categoriesInUse,
  publishedCounts,
  setFollow,
  followedChannelIds,
  insertEpisode,
  updateEpisode,
  deleteEpisode,
  findEpisode,
  episodesByIds,
  channelEpisodes,
  latestEpisodes,
  publishDue,
  audioInUse,
  findAudio,
  setFavorite,
  favoriteIds,
  savePosition,
  positionsOf,
  positionsFor,
  recordPlay,
  playsPerDay,
  insertPlaylist,
  playlistTitled,
  findPlaylist,
  playlistsOf,
  updatePlaylist,
  deletePlaylist,
  playlistEpisodeIds,
  playlistCounts,
  appendToPlaylist,
  reorderPlaylist,
  insertShareLink,
  findShareLink,
  shareLinksOf,
  revokeShareLink,
};
type PodcastRepository = Repository<typeof queries>;

export default repositoryPlugin('podcastRepository', 'podcast-repository', queries);
