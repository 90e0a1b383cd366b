import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import {
  PODCAST_CATEGORIES,
  PODCAST_LIMITS,
  PODCAST_MESSAGES as M,
  type Channel,
  type ChannelDetail,
  type ChannelUpdate,
  type Chapter,
  type Episode,
  type Person,
  type Playlist,
  type PodcastShareLink,
} from '@vox/contract/schemas';
import { siteUrl } from '@vox/variant';
import type { Config } from '../../config';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import { peopleById, unknownPerson } from '../../repositories/people';
import { createPhotoStore } from '../../repositories/photos';
import type { ChannelRow, EpisodeRow, PlaylistRow, PodcastLinkRow } from '../../repositories/podcast';


/** An episode upload as the route read it: the text fields, then the file stream. */
export interface EpisodeUpload {
  fields: Record<string, string | undefined>;
  file: Readable & { truncated?: boolean };
  /** Turns a broken stream into the client's error. */
  unreadable(err: unknown): unknown;
}

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'audio/webm': 'webm' };
/** Where an episode's audio is served: its SHA-256 and the extension of its type. */
export const podcastAudioPath = (audioId: string, contentType: string) => `/api/podcast/audio/${audioId}.${EXTENSIONS[contentType] ?? 'mp3'}`;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Chapters must start at 0 or later, each after the one before. */
export function checkedChapters(chapters: Chapter[]): Chapter[] {
  for (let i = 0; i < chapters.length; i++) {
    if (!chapters[i].title.trim() || (i > 0 && chapters[i].startTime <= chapters[i - 1].startTime)) throw new BadRequestError(M.badChapters);
  }
  return chapters.map((c) => ({ startTime: c.startTime, title: c.title.trim() }));
}

export function checkedTranscript(text: string | null): string | null {
  if (text === null || !text.trim()) return null;
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT([ \t].*)?(\n|$)/.test(body)) throw new BadRequestError(M.badTranscript);
  return body.endsWith('\n') ? body : `${body}\n`;
}

/** What every part of the podcast service shares: the stores, the answer shapes and the access checks. */
export function createPodcastContext(app: FastifyInstance, config: Config) {
  const repo = app.podcastRepository;
  const audioStore = createAudioStore(app.db, config.dataDir, app.storage);
  const photos = createPhotoStore(app.db, config.dataDir, app.storage);
  const keyOf = (audioId: string) => `podcast/${audioId}`;
  // PODCAST_MAX_AUDIO_BYTES lowers the 200 MB cap (a small server, or a test of the cap).
  const maxAudioBytes = Math.min(Number(process.env.PODCAST_MAX_AUDIO_BYTES) || PODCAST_LIMITS.audioBytes, PODCAST_LIMITS.audioBytes);
  const tooLargeText = () => M.audioTooLarge.replace('200 MB', maxAudioBytes >= 1024 * 1024 ? `${Math.floor(maxAudioBytes / 1024 / 1024)} MB` : `${Math.floor(maxAudioBytes / 1024)} KB`);
  const abs = (p: string) => `${config.publicUrl}${p}`;
  // Pages live on the podcast site (podcast.<host>); the API answers on every host.
  const podcastSite = (p: string) => siteUrl(new URL(config.publicUrl), 'podcast', p);
  const coverUrl = (cover: string | null) => (cover ? `/api/users/photo/${cover}` : null);
  // A published episode's audio is anyone's; a draft's or a scheduled one's opens only by a
  // signed, expiring link, which only the owner's answers carry (file-links.ts).
  const audioPath = (e: EpisodeRow) => {
    const path = podcastAudioPath(e.audio_id, e.content_type);
    return e.status === 'published' ? path : app.fileLinks.sign(path);
  };

  const channelNotFound = () => new NotFoundError(M.channelNotFound);
  const episodeNotFound = () => new NotFoundError(M.episodeNotFound);

  async function shapeChannels(rows: ChannelRow[]): Promise<Channel[]> {
    const [owners, counts] = await Promise.all([peopleById(app.db, rows.map((r) => r.owner_id)), repo.publishedCounts(rows.map((r) => r.id))]);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      category: row.category,
      language: row.language,
      explicit: Boolean(Number(row.explicit)),
      cover: coverUrl(row.cover),
      owner: owners.get(row.owner_id) ?? unknownPerson(row.owner_id),
      author: row.author,
      episodeCount: counts.get(row.id) ?? 0,
      feedUrl: abs(`/api/podcast/channels/${row.id}/feed.xml`),
      createdAt: row.created_at,
    }));
  }
  const shapeChannel = async (row: ChannelRow) => (await shapeChannels([row]))[0];

  async function shapeEpisodes(rows: EpisodeRow[], viewer: string | null): Promise<Episode[]> {
    const channelIds = [...new Set(rows.map((r) => r.channel_id))];
    const channels = new Map((await Promise.all(channelIds.map((id) => repo.findChannel(id)))).filter((c): c is ChannelRow => Boolean(c)).map((c) => [c.id, c]));
    const favorites = viewer ? new Set(await repo.favoriteIds(viewer)) : new Set<string>();
    const positions = viewer ? await repo.positionsFor(viewer, rows.map((r) => r.id)) : new Map<string, number>();
    return rows.map((row) => {
      const channel = channels.get(row.channel_id);
      return {
        id: row.id,
        channelId: row.channel_id,
        channelTitle: channel?.title ?? '',
        channelCover: coverUrl(channel?.cover ?? null),
        title: row.title,
        notes: row.notes,
        season: row.season,
        episode: row.episode_number,
        durationMs: Number(row.duration_ms),
        audioUrl: audioPath(row),
        contentType: row.content_type,
        byteSize: Number(row.byte_size),
        status: row.status,
        publishAt: row.publish_at,
        publishedAt: row.published_at,
        chapters: row.chapters ? (JSON.parse(row.chapters) as Chapter[]) : [],
        hasTranscript: row.transcript !== null,
        favorite: favorites.has(row.id),
        positionMs: positions.get(row.id) ?? null,
      };
    });
  }
  const shapeEpisode = async (row: EpisodeRow, viewer: string | null) => (await shapeEpisodes([row], viewer))[0];

  async function ownedChannel(me: string, channelId: string): Promise<ChannelRow> {
    const channel = await repo.findChannel(channelId);
    if (!channel) throw channelNotFound();
    if (channel.owner_id !== me) throw new ForbiddenError(M.notChannelOwner);
    return channel;
  }

  /** The episode and its channel, when the viewer may see it (published, or the owner). */
  async function visibleEpisode(viewer: string | null, episodeId: string): Promise<{ episode: EpisodeRow; channel: ChannelRow }> {
    const episode = await repo.findEpisode(episodeId);
    const channel = episode && (await repo.findChannel(episode.channel_id));
    if (!episode || !channel || (episode.status !== 'published' && channel.owner_id !== viewer)) throw episodeNotFound();
    return { episode, channel };
  }

  async function ownedEpisode(me: string, episodeId: string): Promise<{ episode: EpisodeRow; channel: ChannelRow }> {
    const found = await visibleEpisode(me, episodeId);
    if (found.channel.owner_id !== me) throw new ForbiddenError(M.notChannelOwner);
    return found;
  }

  async function channelDetail(viewer: string | null, channel: ChannelRow): Promise<ChannelDetail> {
    const isOwner = channel.owner_id === viewer;
    const following = viewer ? (await repo.followedChannelIds(viewer)).includes(channel.id) : false;
    return {
      channel: await shapeChannel(channel),
      episodes: await shapeEpisodes(await repo.channelEpisodes(channel.id, isOwner), viewer),
      following,
      isOwner,
    };
  }

  function checkedChannelInput<T extends ChannelUpdate>(input: T): T {
    const out = { ...input };
    if (out.title !== undefined) {
      out.title = out.title.trim();
      if (!out.title) throw new BadRequestError(M.titleMissing);
    }
    if (out.author !== undefined) {
      out.author = out.author.trim();
      if (!out.author) throw new BadRequestError(M.authorMissing);
    }
    if (out.description !== undefined) out.description = out.description.trim();
    if (out.category !== undefined && !(PODCAST_CATEGORIES as readonly string[]).includes(out.category)) throw new BadRequestError(M.badCategory);
    if (out.language !== undefined) {
      out.language = out.language.trim();
      if (!LANGUAGE.test(out.language)) throw new BadRequestError(M.badLanguage);
    }
    return out;
  }

  /** Where a publish choice leads: status, publish_at and published_at. */
  function publishState(publish: 'now' | 'draft' | 'scheduled', publishAt: string | null | undefined, current?: EpisodeRow) {
    const at = new Date();
    if (publish === 'now') {
      return { status: 'published' as const, publish_at: null, published_at: current?.status === 'published' && current.published_at ? current.published_at : at.toISOString() };
    }
    if (publish === 'draft') return { status: 'draft' as const, publish_at: null, published_at: null };
    if (!publishAt) throw new BadRequestError(M.publishAtMissing);
    const when = new Date(publishAt);
    if (Number.isNaN(when.getTime())) throw new BadRequestError(M.publishAtMissing);
    if (when.getTime() <= at.getTime()) throw new BadRequestError(M.publishAtPast);
    return { status: 'scheduled' as const, publish_at: when.toISOString(), published_at: null };
  }

  const intField = (value: string | undefined) => (value && value.trim() ? Number.parseInt(value, 10) : null);

  function toLink(row: PodcastLinkRow): PodcastShareLink {
    return {
      id: row.id,
      episodeId: row.episode_id,
      startSeconds: row.start_seconds,
      url: podcastSite(`/podcast-ep/${row.id}${row.start_seconds ? `?t=${row.start_seconds}` : ''}`),
      createdAt: row.created_at,
      revoked: row.revoked_at !== null,
    };
  }

  async function shapePlaylists(rows: PlaylistRow[], viewer: string | null, withEpisodes: boolean): Promise<Playlist[]> {
    const [owners, counts] = await Promise.all([peopleById(app.db, rows.map((r) => r.owner_id)), repo.playlistCounts(rows.map((r) => r.id))]);
    return Promise.all(
      rows.map(async (row) => {
        let episodes: Episode[] = [];
        if (withEpisodes) {
          const ids = await repo.playlistEpisodeIds(row.id);
          const found = new Map((await repo.episodesByIds(ids)).map((e) => [e.id, e]));
          const rowsInOrder = ids.map((id) => found.get(id)).filter((e): e is EpisodeRow => Boolean(e));
          // Episodes that are no longer public drop out for everyone but their channel's owner.
          const owners = new Map((await Promise.all([...new Set(rowsInOrder.map((e) => e.channel_id))].map((id) => repo.findChannel(id)))).filter((c): c is ChannelRow => Boolean(c)).map((c) => [c.id, c.owner_id]));
          episodes = await shapeEpisodes(rowsInOrder.filter((e) => e.status === 'published' || owners.get(e.channel_id) === viewer), viewer);
        }
        return {
          id: row.id,
          title: row.title,
          public: Boolean(Number(row.public)),
          owner: owners.get(row.owner_id) ?? (unknownPerson(row.owner_id) as Person),
          isOwner: row.owner_id === viewer,
          episodeCount: counts.get(row.id) ?? 0,
          episodes,
          updatedAt: row.updated_at,
        };
      }),
    );
  }

  async function ownedPlaylist(me: string, playlistId: string): Promise<PlaylistRow> {
    const row = await repo.findPlaylist(playlistId);
    if (!row || (row.owner_id !== me && !Number(row.public))) throw new NotFoundError(M.playlistNotFound);
    if (row.owner_id !== me) throw new ForbiddenError(M.notPlaylistOwner);
    return row;
  }
  const playlistAnswer = async (row: PlaylistRow, viewer: string | null) => (await shapePlaylists([row], viewer, true))[0];

  /** The episodes of `ids` the viewer may see, in the order given. */
  async function visibleInOrder(viewer: string, ids: string[]): Promise<Episode[]> {
    const rows = await repo.episodesByIds(ids);
    const channels = new Map((await Promise.all([...new Set(rows.map((e) => e.channel_id))].map((id) => repo.findChannel(id)))).filter((c): c is ChannelRow => Boolean(c)).map((c) => [c.id, c.owner_id]));
    const byId = new Map(rows.filter((e) => e.status === 'published' || channels.get(e.channel_id) === viewer).map((e) => [e.id, e]));
    return shapeEpisodes(ids.map((id) => byId.get(id)).filter((e): e is EpisodeRow => Boolean(e)), viewer);
  }

  return { app, repo, audioStore, photos, keyOf, maxAudioBytes, tooLargeText, abs, podcastSite, coverUrl, audioPath, channelNotFound, episodeNotFound, shapeChannels, shapeChannel, shapeEpisodes, shapeEpisode, ownedChannel, visibleEpisode, ownedEpisode, channelDetail, checkedChannelInput, publishState, intField, toLink, shapePlaylists, ownedPlaylist, playlistAnswer, visibleInOrder };
}

export type PodcastContext = ReturnType<typeof createPodcastContext>;
