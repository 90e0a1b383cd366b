import { createHash } from 'node:crypto';
import {
  PODCAST_MESSAGES as M,
  type Chapter,
  type Episode,
  type EpisodeDetail,
  type EpisodeUpdate,
  type SignedFileQuery,
  type PodcastShareLink,
  type SharedEpisode,
} from '@vox/contract/schemas';
import { BadRequestError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain-errors';
import type { EpisodeRow, PodcastLinkRow } from '../../repositories/podcast';
import { type EpisodeUpload, podcastAudioPath, checkedChapters, checkedTranscript, type PodcastContext } from './context';

/** Episodes: upload, edit, publish (now or on schedule), audio, plays and share links. */
export interface EpisodesService {
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
}

export function episodesService(ctx: PodcastContext): EpisodesService {
  const { app, repo, audioStore, keyOf, maxAudioBytes, tooLargeText, episodeNotFound, shapeChannel, shapeEpisode, ownedChannel, visibleEpisode, ownedEpisode, publishState, intField, toLink } = ctx;
  return {
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
  };
}
