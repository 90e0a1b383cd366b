import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import {
  PODCAST_CATEGORIES,
  PODCAST_LIMITS,
  PODCAST_MESSAGES as M,
  displayName,
  type Channel,
  type ChannelDetail,
  type ChannelInput,
  type ChannelList,
  type ChannelStats,
  type ChannelUpdate,
  type Chapter,
  type Episode,
  type EpisodeDetail,
  type EpisodeUpdate,
  type Person,
  type SignedFileQuery,
  type Playlist,
  type PlaylistInput,
  type PlaylistList,
  type PlaylistUpdate,
  type PodcastHistory,
  type PodcastHome,
  type PodcastShareLink,
  type Position,
  type SharedEpisode,
} from '@vox/contract/schemas';
import { siteUrl } from '@vox/variant';
import type { Config } from '../../config';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import { toCoverPicture } from '../../repositories/covers';
import { peopleById, unknownPerson } from '../../repositories/people';
import { createPhotoStore } from '../../repositories/photos';
import type { ChannelRow, EpisodeRow, PlaylistRow, PodcastLinkRow } from '../../repositories/podcast';
import { buildFeed, type FeedEpisode } from './podcast-feed';

declare module 'fastify' {
  interface FastifyInstance {
    podcast: PodcastService;
  }
}

/** An episode upload as the route read it: the text fields, then the file stream. */
export interface EpisodeUpload {
  fields: Record<string, string | undefined>;
  file: Readable & { truncated?: boolean };
  /** Turns a broken stream into the client's error. */
  unreadable(err: unknown): unknown;
}

/** The job that publishes scheduled episodes whose time has come. */
export const PUBLISH_DUE_JOB = 'podcast.publish-due';

/**
 * The podcast variant. Channels belong to their owner, who alone uploads, edits,
 * schedules and unpublishes episodes and sees the stats; anyone may list and read channels and
 * published episodes (the owner also sees drafts and scheduled ones; to anyone else those are
 * "not found"). Audio is content-addressed under `podcast/<sha256>` and served with ranges.
 */
export interface PodcastService {
  channels(viewer: string | null, query: { q?: string; category?: string }): Promise<ChannelList>;
  channel(viewer: string | null, channelId: string): Promise<ChannelDetail>;
  createChannel(me: string, input: ChannelInput): Promise<Channel>;
  updateChannel(me: string, channelId: string, input: ChannelUpdate): Promise<Channel>;
  setCover(me: string, channelId: string, readPicture: () => Promise<Buffer | undefined>): Promise<Channel>;
  follow(me: string, channelId: string, follow: boolean): Promise<ChannelDetail>;
  stats(me: string, channelId: string, today?: Date): Promise<ChannelStats>;
  feed(channelId: string): Promise<string>;
  upload(me: string, channelId: string, readUpload: () => Promise<EpisodeUpload>): Promise<Episode>;
  episode(viewer: string | null, episodeId: string): Promise<EpisodeDetail>;
  updateEpisode(me: string, episodeId: string, input: EpisodeUpdate): Promise<Episode>;
  deleteEpisode(me: string, episodeId: string): Promise<void>;
  chapters(episodeId: string): Promise<{ version: string; chapters: Chapter[] }>;
  transcript(episodeId: string): Promise<string>;
  /** The audio's stored facts, when it is published or `query` signs the link (else undefined). */
  audio(audioId: string, query: SignedFileQuery): Promise<{ contentType: string; byteSize: number; key: string; published: boolean } | undefined>;
  /** Publishes what is due; answers the ids published. */
  publishDue(at?: Date): Promise<string[]>;
  play(viewer: string | null, episodeId: string, listener: string | undefined, address: string): Promise<boolean>;
  shareLinks(me: string, episodeId: string): Promise<PodcastShareLink[]>;
  createShareLink(me: string, episodeId: string, startSeconds: number | null): Promise<PodcastShareLink>;
  revokeShareLink(me: string, linkId: string): Promise<PodcastShareLink>;
  /** /podcast-ep/{id}: a share link's episode, or (an episode's own id) the episode page. */
  shared(viewer: string | null, linkId: string): Promise<SharedEpisode>;
  favorite(me: string, episodeId: string, favorite: boolean): Promise<Episode>;
  favorites(me: string): Promise<Episode[]>;
  savePosition(me: string, episodeId: string, positionMs: number): Promise<Position>;
  history(me: string): Promise<PodcastHistory>;
  home(me: string): Promise<PodcastHome>;
  playlists(me: string): Promise<PlaylistList>;
  playlist(viewer: string | null, playlistId: string): Promise<Playlist>;
  createPlaylist(me: string, input: PlaylistInput): Promise<Playlist>;
  updatePlaylist(me: string, playlistId: string, input: PlaylistUpdate): Promise<Playlist>;
  deletePlaylist(me: string, playlistId: string): Promise<void>;
  addToPlaylist(me: string, playlistId: string, episodeId: string): Promise<Playlist>;
}

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'audio/webm': 'webm' };
/** Where an episode's audio is served: its SHA-256 and the extension of its type. */
export const podcastAudioPath = (audioId: string, contentType: string) => `/api/podcast/audio/${audioId}.${EXTENSIONS[contentType] ?? 'mp3'}`;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Chapters must start at 0 or later, each after the one before. */
function checkedChapters(chapters: Chapter[]): Chapter[] {
  for (let i = 0; i < chapters.length; i++) {
    if (!chapters[i].title.trim() || (i > 0 && chapters[i].startTime <= chapters[i - 1].startTime)) throw new BadRequestError(M.badChapters);
  }
  return chapters.map((c) => ({ startTime: c.startTime, title: c.title.trim() }));
}

function checkedTranscript(text: string | null): string | null {
  if (text === null || !text.trim()) return null;
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT([ \t].*)?(\n|$)/.test(body)) throw new BadRequestError(M.badTranscript);
  return body.endsWith('\n') ? body : `${body}\n`;
}

async function podcast(app: FastifyInstance, { config }: { config: Config }) {
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

  const service: PodcastService = {
    async channels(_viewer, { q, category }) {
      const rows = await repo.listChannels({ q: q?.trim() || undefined, category: category || undefined });
      return { channels: await shapeChannels(rows), categories: await repo.categoriesInUse() };
    },

    async channel(viewer, channelId) {
      const channel = await repo.findChannel(channelId);
      if (!channel) throw channelNotFound();
      return channelDetail(viewer, channel);
    },

    async createChannel(me, input) {
      // Without an author given, the owner's own name; a member without one must name it, so no
      // feed ever shows a channel by nobody.
      const checked = checkedChannelInput({ ...input, author: input.author ?? (await peopleById(app.db, [me])).get(me)?.name ?? '' });
      const row = await repo.insertChannel({
        owner_id: me,
        author: checked.author ?? '',
        title: checked.title,
        description: checked.description,
        category: checked.category,
        language: checked.language,
        explicit: checked.explicit ? 1 : 0,
      });
      return shapeChannel(row);
    },

    async updateChannel(me, channelId, input) {
      const channel = await ownedChannel(me, channelId);
      const checked = checkedChannelInput(input);
      const { explicit, ...rest } = checked;
      await repo.updateChannel(channel.id, { ...rest, ...(explicit === undefined ? {} : { explicit: explicit ? 1 : 0 }) });
      return shapeChannel((await repo.findChannel(channel.id)) as ChannelRow);
    },

    async setCover(me, channelId, readPicture) {
      const channel = await ownedChannel(me, channelId);
      const bytes = await readPicture();
      if (!bytes) throw new BadRequestError(M.coverMissing);
      const picture = await toCoverPicture(bytes);
      if (!picture) throw new UnsupportedMediaTypeError('This file is not a picture we can show. Please upload PNG, JPEG, GIF or WebP.');
      await repo.updateChannel(channel.id, { cover: await photos.savePhoto(picture, 'image/webp') });
      return shapeChannel((await repo.findChannel(channel.id)) as ChannelRow);
    },

    async follow(me, channelId, follow) {
      const channel = await repo.findChannel(channelId);
      if (!channel) throw channelNotFound();
      await repo.setFollow(me, channel.id, follow);
      return channelDetail(me, channel);
    },

    async stats(me, channelId, today = new Date()) {
      const channel = await ownedChannel(me, channelId);
      const days = Array.from({ length: 30 }, (_, i) => new Date(today.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10));
      const rows = await repo.playsPerDay(channel.id, days[0]);
      const episodes = await repo.channelEpisodes(channel.id, true);
      return {
        days,
        episodes: episodes.map((e) => {
          const plays = days.map((day) => rows.find((r) => r.episode_id === e.id && r.day === day)?.n ?? 0);
          return { episodeId: e.id, title: e.title, plays, total: plays.reduce((a, b) => a + b, 0) };
        }),
      };
    },

    async feed(channelId) {
      const channel = await repo.findChannel(channelId);
      if (!channel) throw channelNotFound();
      const shaped = await shapeChannel(channel);
      const rows = await repo.channelEpisodes(channel.id, false);
      const episodes = await shapeEpisodes(rows, null);
      const feedEpisodes: FeedEpisode[] = episodes.map((e, i) => ({
        ...e,
        enclosureUrl: abs(e.audioUrl),
        pageUrl: podcastSite(`/podcast-ep/${e.id}`),
        chaptersUrl: e.chapters.length ? abs(`/api/podcast/episodes/${e.id}/chapters.json`) : null,
        transcriptUrl: rows[i].transcript ? abs(`/api/podcast/episodes/${e.id}/transcript.vtt`) : null,
      }));
      return buildFeed(
        { ...shaped, pageUrl: podcastSite(`/channel/${channel.id}`), author: shaped.author || displayName(shaped.owner), imageUrl: shaped.cover ? abs(shaped.cover) : null },
        feedEpisodes,
      );
    },

    async upload(me, channelId, readUpload) {
      const channel = await ownedChannel(me, channelId);
      const upload = await readUpload();
      let received;
      try {
        received = await audioStore.receive(upload.file, maxAudioBytes);
      } catch (err) {
        throw upload.unreadable(err);
      }
      let kept = false;
      try {
        if (received.tooLarge) throw new PayloadTooLargeError(tooLargeText());
        // Decoded throughout, its length read from the frames that decoded (audio-decode.ts).
        const recognised = received.byteSize > 0 ? await audioStore.sniff(received.tmp) : undefined;
        if (!recognised) throw new UnsupportedMediaTypeError(M.audioUnsupported);
        const { contentType, durationMs } = recognised;
        const { fields } = upload;
        const title = (fields.title ?? '').trim();
        if (!title) throw new BadRequestError(M.titleMissing);
        const state = publishState((fields.publish as 'now' | 'draft' | 'scheduled' | undefined) ?? 'draft', fields.publishAt);
        await app.storage.putFile(keyOf(received.id), received.tmp, { maxBytes: maxAudioBytes, contentType });
        kept = true;
        const row = await repo.insertEpisode({
          channel_id: channel.id,
          title,
          notes: (fields.notes ?? '').trim(),
          season: intField(fields.season),
          episode_number: intField(fields.episode),
          audio_id: received.id,
          content_type: contentType,
          byte_size: received.byteSize,
          duration_ms: durationMs,
          ...state,
          chapters: null,
          transcript: null,
        });
        return shapeEpisode(row, me);
      } catch (err) {
        if (kept && !(await repo.audioInUse(received.id))) await app.storage.delete(keyOf(received.id)).catch(() => undefined);
        throw err;
      } finally {
        if (!kept) await audioStore.discard(received.tmp);
      }
    },

    async episode(viewer, episodeId) {
      const { episode, channel } = await visibleEpisode(viewer, episodeId);
      return { episode: await shapeEpisode(episode, viewer), channel: await shapeChannel(channel), isOwner: channel.owner_id === viewer, transcript: episode.transcript };
    },

    async updateEpisode(me, episodeId, input) {
      const { episode } = await ownedEpisode(me, episodeId);
      const changes: Partial<EpisodeRow> = {};
      if (input.title !== undefined) {
        changes.title = input.title.trim();
        if (!changes.title) throw new BadRequestError(M.titleMissing);
      }
      if (input.notes !== undefined) changes.notes = input.notes.trim();
      if (input.season !== undefined) changes.season = input.season;
      if (input.episode !== undefined) changes.episode_number = input.episode;
      if (input.chapters !== undefined) changes.chapters = input.chapters.length ? JSON.stringify(checkedChapters(input.chapters)) : null;
      if (input.transcript !== undefined) changes.transcript = checkedTranscript(input.transcript);
      if (input.publish !== undefined) Object.assign(changes, publishState(input.publish, input.publishAt, episode));
      await repo.updateEpisode(episode.id, changes);
      return shapeEpisode((await repo.findEpisode(episode.id)) as EpisodeRow, me);
    },

    async deleteEpisode(me, episodeId) {
      const { episode } = await ownedEpisode(me, episodeId);
      await repo.deleteEpisode(episode.id);
      if (!(await repo.audioInUse(episode.audio_id))) await app.storage.delete(keyOf(episode.audio_id));
    },

    async chapters(episodeId) {
      const { episode } = await visibleEpisode(null, episodeId);
      if (!episode.chapters) throw episodeNotFound();
      return { version: '1.2.0', chapters: JSON.parse(episode.chapters) as Chapter[] };
    },

    async transcript(episodeId) {
      const { episode } = await visibleEpisode(null, episodeId);
      if (!episode.transcript) throw episodeNotFound();
      return episode.transcript;
    },

    async audio(audioId, query) {
      const id = audioId.replace(/\.[a-z0-9]+$/, '');
      const row = await repo.findAudio(id);
      // Not published: only the signed link of an owner's answer opens it (for this very path).
      if (!row || (!row.published && !app.fileLinks.verify(podcastAudioPath(id, row.content_type), query))) return undefined;
      if (!(await app.storage.head(keyOf(id)))) return undefined;
      return { contentType: row.content_type, byteSize: row.byte_size, key: keyOf(id), published: row.published };
    },

    async publishDue(at = new Date()) {
      return repo.publishDue(at.toISOString());
    },

    async play(viewer, episodeId, listener, address) {
      const episode = await repo.findEpisode(episodeId);
      if (!episode) throw episodeNotFound();
      if (episode.status !== 'published') return false;
      // A member counts once a day wherever they listen; an anonymous player by its own id,
      // hashed with the address so a made-up id cannot be replayed from elsewhere.
      const who = viewer ?? `anon:${createHash('sha256').update(`${listener ?? ''}|${address}`).digest('hex').slice(0, 32)}`;
      return repo.recordPlay(episode.id, who, new Date());
    },

    async shareLinks(me, episodeId) {
      const { episode } = await ownedEpisode(me, episodeId);
      return (await repo.shareLinksOf(episode.id)).map(toLink);
    },

    async createShareLink(me, episodeId, startSeconds) {
      const { episode } = await visibleEpisode(me, episodeId);
      if (startSeconds !== null && startSeconds * 1000 >= Number(episode.duration_ms)) throw new BadRequestError('The start time must be within the episode.');
      return toLink(await repo.insertShareLink(episode.id, me, startSeconds));
    },

    async revokeShareLink(me, linkId) {
      const link = await repo.findShareLink(linkId);
      if (!link) throw new NotFoundError(M.linkNotFound);
      const episode = await repo.findEpisode(link.episode_id);
      const channel = episode && (await repo.findChannel(episode.channel_id));
      if (link.created_by !== me && channel?.owner_id !== me) throw new ForbiddenError('Only who made this link, or the channel’s owner, can revoke it.');
      await repo.revokeShareLink(link.id);
      return toLink((await repo.findShareLink(link.id)) as PodcastLinkRow);
    },

    async shared(viewer, linkId) {
      // An episode's own id opens its page (what the feed links to), as the episode route.
      const byId = await repo.findEpisode(linkId);
      if (byId) {
        const { episode, channel } = await visibleEpisode(viewer, byId.id);
        return { episode: await shapeEpisode(episode, viewer), channel: await shapeChannel(channel), startSeconds: null, isOwner: channel.owner_id === viewer, transcript: episode.transcript };
      }
      const link = await repo.findShareLink(linkId);
      const episode = link && !link.revoked_at ? await repo.findEpisode(link.episode_id) : undefined;
      const channel = episode && (await repo.findChannel(episode.channel_id));
      if (!link || !episode || !channel) throw new NotFoundError(M.linkNotFound);
      return { episode: await shapeEpisode(episode, viewer), channel: await shapeChannel(channel), startSeconds: link.start_seconds, isOwner: channel.owner_id === viewer, transcript: episode.transcript };
    },

    async favorite(me, episodeId, favorite) {
      const { episode } = await visibleEpisode(me, episodeId);
      await repo.setFavorite(me, episode.id, favorite);
      return shapeEpisode(episode, me);
    },

    async favorites(me) {
      const ids = await repo.favoriteIds(me);
      return visibleInOrder(me, ids);
    },

    async savePosition(me, episodeId, positionMs) {
      const { episode } = await visibleEpisode(me, episodeId);
      const clamped = Math.min(positionMs, Number(episode.duration_ms));
      const updatedAt = await repo.savePosition(me, episode.id, clamped);
      return { episodeId: episode.id, positionMs: clamped, updatedAt };
    },

    async history(me) {
      const rows = await repo.positionsOf(me);
      const episodes = new Map((await visibleInOrder(me, rows.map((r) => r.episode_id))).map((e) => [e.id, e]));
      return {
        entries: rows
          .filter((r) => episodes.has(r.episode_id))
          .map((r) => ({ episode: episodes.get(r.episode_id) as Episode, positionMs: Number(r.position_ms), listenedAt: r.updated_at })),
      };
    },

    async home(me) {
      const followed = await repo.followedChannelIds(me);
      const [newEpisodes, history, favorites, playlists, following, mine] = await Promise.all([
        repo.latestEpisodes(followed, 20).then((rows) => shapeEpisodes(rows, me)),
        service.history(me),
        service.favorites(me),
        service.playlists(me),
        repo.listChannels({ ids: followed }).then(shapeChannels),
        repo.listChannels({ ownerId: me }).then(shapeChannels),
      ]);
      // Started and not finished (more than 30 s left).
      const continueListening = history.entries.filter((e) => e.positionMs > 0 && e.positionMs < e.episode.durationMs - 30_000).slice(0, 10);
      return { newEpisodes, continueListening, favorites: favorites.slice(0, 20), playlists: playlists.playlists, following, myChannels: mine };
    },

    async playlists(me) {
      return { playlists: await shapePlaylists(await repo.playlistsOf(me), me, false) };
    },

    async playlist(viewer, playlistId) {
      const row = await repo.findPlaylist(playlistId);
      if (!row || (row.owner_id !== viewer && !Number(row.public))) throw new NotFoundError(M.playlistNotFound);
      return playlistAnswer(row, viewer);
    },

    async createPlaylist(me, input) {
      const title = input.title.trim();
      if (!title) throw new BadRequestError(M.titleMissing);
      if (await repo.playlistTitled(me, title)) throw new ConflictError(M.playlistNameTaken);
      return playlistAnswer(await repo.insertPlaylist(me, title, input.public ?? false), me);
    },

    async updatePlaylist(me, playlistId, input) {
      const row = await ownedPlaylist(me, playlistId);
      const changes: { title?: string; public?: number } = {};
      if (input.title !== undefined) {
        changes.title = input.title.trim();
        if (!changes.title) throw new BadRequestError(M.titleMissing);
        const named = await repo.playlistTitled(me, changes.title);
        if (named && named.id !== row.id) throw new ConflictError(M.playlistNameTaken);
      }
      if (input.public !== undefined) changes.public = input.public ? 1 : 0;
      if (input.episodeIds !== undefined) {
        const current = new Set(await repo.playlistEpisodeIds(row.id));
        const next = input.episodeIds;
        if (new Set(next).size !== next.length || next.some((id) => !current.has(id))) throw new BadRequestError(M.badOrder);
        await repo.reorderPlaylist(row.id, next);
      }
      if (changes.title !== undefined || changes.public !== undefined) await repo.updatePlaylist(row.id, changes);
      return playlistAnswer((await repo.findPlaylist(row.id)) as PlaylistRow, me);
    },

    async deletePlaylist(me, playlistId) {
      const row = await ownedPlaylist(me, playlistId);
      await repo.deletePlaylist(row.id);
    },

    async addToPlaylist(me, playlistId, episodeId) {
      const row = await ownedPlaylist(me, playlistId);
      const { episode } = await visibleEpisode(me, episodeId);
      if ((await repo.playlistEpisodeIds(row.id)).length >= PODCAST_LIMITS.playlistItems) throw new BadRequestError(M.playlistFull);
      if (!(await repo.appendToPlaylist(row.id, episode.id))) throw new ConflictError(M.duplicateEpisode);
      return playlistAnswer((await repo.findPlaylist(row.id)) as PlaylistRow, me);
    },
  };

  /** The episodes of `ids` the viewer may see, in the order given. */
  async function visibleInOrder(viewer: string, ids: string[]): Promise<Episode[]> {
    const rows = await repo.episodesByIds(ids);
    const channels = new Map((await Promise.all([...new Set(rows.map((e) => e.channel_id))].map((id) => repo.findChannel(id)))).filter((c): c is ChannelRow => Boolean(c)).map((c) => [c.id, c.owner_id]));
    const byId = new Map(rows.filter((e) => e.status === 'published' || channels.get(e.channel_id) === viewer).map((e) => [e.id, e]));
    return shapeEpisodes(ids.map((id) => byId.get(id)).filter((e): e is EpisodeRow => Boolean(e)), viewer);
  }

  app.decorate('podcast', service);

  // Scheduled episodes: a job publishes what is due; a timer enqueues it once a minute (one job
  // per minute across instances, by its key) and once at start.
  await app.jobs.define(PUBLISH_DUE_JOB, async () => {
    const published = await service.publishDue();
    if (published.length) app.log.info({ published }, 'published scheduled podcast episodes');
  });
  const tick = () => {
    const minute = new Date().toISOString().slice(0, 16);
    app.jobs.enqueue(PUBLISH_DUE_JOB, {}, { key: `due-${minute}` }).catch((err: unknown) => app.log.warn({ err }, 'could not enqueue the podcast publish job'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(podcast, { name: 'podcast', dependencies: ['podcast-repository', 'storage', 'jobs', 'file-links'] });

