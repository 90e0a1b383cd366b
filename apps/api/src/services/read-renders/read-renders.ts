import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  READ_RENDER_MESSAGES as M,
  SCRIPT_MESSAGES,
  displayName,
  type PublishReadInput,
  type ReadRender,
  type ReadRenderInput,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createAudioStore, type StoredAudio } from '../../repositories/audio-store';
import { peopleById } from '../../repositories/people';
import type { RenderRow } from '../../repositories/read-renders';
import { loadScript } from '../../repositories/scripts';
import { creditNotes, renderRead, RenderError, type RenderCue, type RenderLine } from './read-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    readRenders: ReadRendersService;
  }
}

export const RENDER_JOB = 'read.render';
/** Retries after the first run, for the machine's failures (a RenderError is final at once). */
const RETRY_LIMIT = 2;

/** Where a render's bytes are: a download under `renders/`, an episode's under `podcast/` (the podcast's own audio route serves it). */
const keyOf = (row: Pick<RenderRow, 'kind' | 'audio_id'>) => `${row.kind === 'episode' ? 'podcast' : 'renders'}/${row.audio_id}`;

export interface RenderFile {
  key: string;
  byteSize: number;
  contentType: string;
  fileName: string;
}

/**
 * The finished read and "Publish as episode": a render is
 * asked for, a background job (`read.render`, on the app's queue) runs the read renderer over
 * the session's picked takes, and the result is a file to download or share by link, or a new
 * episode on the owner's channel with chapters, transcript and show notes.
 *
 * Access: every participant of the session may render, list, see and download its renders
 * (to anyone else the session and its renders do not exist); only the session's owner publishes,
 * and only to a channel of their own; the open link is made and revoked by who rendered it or
 * the session's owner, and plays for anyone while it stands.
 */
export interface ReadRendersService {
  requestDownload(me: string, sessionId: string, input: ReadRenderInput): Promise<ReadRender>;
  requestEpisode(me: string, sessionId: string, input: PublishReadInput): Promise<ReadRender>;
  list(me: string, sessionId: string): Promise<ReadRender[]>;
  get(me: string, renderId: string): Promise<ReadRender>;
  file(me: string, renderId: string): Promise<RenderFile>;
  share(me: string, renderId: string): Promise<ReadRender>;
  revoke(me: string, renderId: string): Promise<ReadRender>;
  /** The file an open link plays; undefined when the link does not exist or was revoked. */
  shared(token: string): Promise<RenderFile | undefined>;
  /** One take of the session, for a participant to download. */
  take(me: string, sessionId: string, takeId: string): Promise<{ audio: StoredAudio; fileName: string }>;
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

/** A file name any system takes: no path separators, quotes or control characters. */
export const safeFileName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120) || 'read';

async function readRenders(app: FastifyInstance, { config }: { config: Config }) {
  const { db, sessionsRepository: sessions, podcastRepository: podcast, soundsRepository: sounds, readRendersRepository: renders } = app;
  const audio = createAudioStore(db, config.dataDir, app.storage);
  const scratch = path.join(config.dataDir, 'tmp', 'renders');
  const now = () => new Date().toISOString();

  const { findRender: find, updateRender: update } = renders;

  async function seatOf(sessionId: string, me: string) {
    const seat = await sessions.findParticipation(sessionId, me);
    if (!seat) throw new NotFoundError(SCRIPT_MESSAGES.sessionNotFound);
    return seat;
  }

  /** The render and my seat in its session; 404 to anyone not taking part. */
  async function visible(me: string, renderId: string) {
    const row = await find(renderId);
    const seat = row && (await sessions.findParticipation(row.session_id, me));
    if (!row || !seat) throw new NotFoundError(M.renderNotFound);
    return { row, seat };
  }

  const scriptTitleOf = async (sessionId: string) => (await renders.sessionScriptTitle(sessionId)) ?? 'Table read';

  async function shape(row: RenderRow): Promise<ReadRender> {
    let progress: number | null = row.state === 'done' ? 1 : null;
    let state = row.state;
    let error = row.error;
    if ((state === 'queued' || state === 'rendering') && row.job_id) {
      const job = await app.jobs.status(RENDER_JOB, row.job_id);
      progress = job?.progress ?? null;
      // The job gave up without the handler recording why (its worker died every time).
      if (job?.state === 'failed') {
        state = 'failed';
        error = M.failedGeneric;
      }
    }
    const title = await scriptTitleOf(row.session_id);
    return {
      id: row.id,
      sessionId: row.session_id,
      kind: row.kind,
      fill: row.fill,
      state,
      progress,
      error,
      requestedBy: row.requested_by,
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      byteSize: row.byte_size === null ? null : Number(row.byte_size),
      fileName: `${safeFileName(`${row.title ?? title} - table read`)}.mp3`,
      audioUrl: row.state === 'done' ? `/api/read-renders/${row.id}/audio` : null,
      shareUrl: row.state === 'done' && row.share_token ? `${config.publicUrl}/api/read-links/${row.share_token}.mp3` : null,
      channelId: row.channel_id,
      episodeId: row.episode_id,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }

  async function enqueue(row: RenderRow): Promise<ReadRender> {
    if (await renders.findRunningRender(row)) throw new ConflictError(M.busy);
    await renders.insertRender(row);
    const jobId = await app.jobs.enqueue(RENDER_JOB, { renderId: row.id }, { key: row.id });
    await update(row.id, { job_id: jobId });
    return shape({ ...row, job_id: jobId });
  }

  const newRow = (sessionId: string, me: string, kind: RenderRow['kind'], fill: RenderRow['fill']): RenderRow => ({
    id: newId(),
    session_id: sessionId,
    requested_by: me,
    kind,
    fill,
    channel_id: null,
    title: null,
    publish: null,
    job_id: null,
    state: 'queued',
    error: null,
    audio_id: null,
    byte_size: null,
    duration_ms: null,
    episode_id: null,
    share_token: null,
    created_at: now(),
    finished_at: null,
  });

  async function fileOf(row: RenderRow): Promise<RenderFile> {
    if (row.state !== 'done' || !row.audio_id) throw new ConflictError(M.notReady);
    return { key: keyOf(row), byteSize: Number(row.byte_size), contentType: 'audio/mpeg', fileName: (await shape(row)).fileName };
  }

  async function mayShare(me: string, row: RenderRow, createdBy: string | null) {
    if (row.requested_by !== me && createdBy !== me) throw new ForbiddenError(M.onlyRequesterShares);
  }

  const service: ReadRendersService = {
    async requestDownload(me, sessionId, input) {
      const seat = await seatOf(sessionId, me);
      return enqueue(newRow(seat.id, me, 'download', input.fill));
    },

    async requestEpisode(me, sessionId, input) {
      const seat = await seatOf(sessionId, me);
      if (seat.createdBy !== me) throw new ForbiddenError(M.onlyOwnerPublishes);
      const channel = await podcast.findChannel(input.channelId);
      if (!channel) throw new NotFoundError(M.channelNotFound);
      if (channel.owner_id !== me) throw new ForbiddenError(M.notYourChannel);
      const title = input.title?.trim() || null;
      return enqueue({ ...newRow(seat.id, me, 'episode', input.fill), channel_id: channel.id, title, publish: input.publish ?? 'now' });
    },

    async list(me, sessionId) {
      const seat = await seatOf(sessionId, me);
      const rows = await renders.listSessionRenders(seat.id);
      return Promise.all(rows.map(shape));
    },

    async get(me, renderId) {
      return shape((await visible(me, renderId)).row);
    },

    async file(me, renderId) {
      return fileOf((await visible(me, renderId)).row);
    },

    async share(me, renderId) {
      const { row, seat } = await visible(me, renderId);
      await mayShare(me, row, seat.createdBy);
      if (row.state !== 'done') throw new ConflictError(M.notReady);
      const token = row.share_token ?? newId(24);
      if (!row.share_token) await update(row.id, { share_token: token });
      return shape({ ...row, share_token: token });
    },

    async revoke(me, renderId) {
      const { row, seat } = await visible(me, renderId);
      await mayShare(me, row, seat.createdBy);
      await update(row.id, { share_token: null });
      return shape({ ...row, share_token: null });
    },

    async shared(token) {
      const row = await renders.findRenderByShareToken(token.replace(/\.mp3$/, ''));
      if (!row || row.state !== 'done') return undefined;
      return fileOf(row);
    },

    async take(me, sessionId, takeId) {
      const seat = await seatOf(sessionId, me);
      const take = await app.takesRepository.findTake(seat.id, takeId);
      if (!take) throw new NotFoundError(SCRIPT_MESSAGES.takeNotFound);
      const stored = await audio.find(take.audio_id);
      if (!stored) throw new NotFoundError(SCRIPT_MESSAGES.audioNotFound);
      const script = await loadScript(db, seat.scriptId, me);
      const index = script?.lines.findIndex((l) => l.id === take.line_id) ?? -1;
      const line = index >= 0 ? script?.lines[index] : undefined;
      const reader = (await peopleById(db, [take.user_id])).get(take.user_id);
      const parts = [script?.title ?? 'Take', index >= 0 ? `line ${index + 1}` : 'retired line', line?.role ?? null, reader ? displayName(reader) : null].filter(Boolean);
      return { audio: stored, fileName: `${safeFileName(parts.join(' - '))}.${EXTENSIONS[stored.contentType] ?? 'audio'}` };
    },
  };

  /** What the renderer needs of the session: lines in order with their picks, readers and cues. */
  async function renderInput(row: RenderRow) {
    const session = await renders.findSessionScriptId(row.session_id);
    if (!session) throw new RenderError(SCRIPT_MESSAGES.sessionNotFound);
    const script = await loadScript(db, session.script_id, row.requested_by);
    if (!script) throw new RenderError(SCRIPT_MESSAGES.sessionNotFound);
    const picks = await renders.pickedTakes(row.session_id);
    const pickOf = new Map(picks.map((p) => [p.line_id, p]));
    const people = await peopleById(db, picks.map((p) => p.user_id));
    const lines: RenderLine[] = script.lines.map((l) => {
      const pick = pickOf.get(l.id);
      const person = pick && people.get(pick.user_id);
      return { id: l.id, kind: l.kind, role: l.role, text: l.text, takeKey: pick ? `audio/${pick.audio_id}` : null, actor: person ? displayName(person) : null };
    });
    const cueRows = await sounds.listCues(session.script_id);
    const cues: RenderCue[] = cueRows.map((c) => ({
      lineId: c.line_id,
      at: c.at as RenderCue['at'],
      untilLineId: c.until_line_id,
      volume: Number(c.volume),
      sound: {
        key: `sounds/${c.file_id}`,
        durationMs: Number(c.duration_ms),
        trimStartMs: Number(c.trim_start_ms),
        trimEndMs: c.trim_end_ms === null ? null : Number(c.trim_end_ms),
        fadeInMs: Number(c.fade_in_ms),
        fadeOutMs: Number(c.fade_out_ms),
      },
    }));
    const attributions = cueRows.filter((c) => c.licence !== 'all-rights-reserved' || c.attribution).map((c) => c.attribution || c.title);
    return { script, input: { title: row.title ?? script.title, language: script.language, lines, cues, fill: row.fill }, attributions };
  }

  async function sha256(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(file), hash);
    return hash.digest('hex');
  }

  await app.jobs.define<{ renderId: string }>(
    RENDER_JOB,
    async (job) => {
      const row = await find(job.data.renderId);
      if (!row || row.state === 'done' || row.state === 'failed') return;
      await update(row.id, { state: 'rendering', error: null });
      const workDir = path.join(scratch, `${row.id}-${job.attempt}`);
      try {
        const { script, input, attributions } = await renderInput(row);
        const result = await renderRead(input, { open: (key) => app.storage.get(key), workDir, progress: (f) => job.progress(Math.min(0.99, f)) });
        const audioId = await sha256(result.file);
        const byteSize = (await fs.promises.stat(result.file)).size;
        const stored = { kind: row.kind, audio_id: audioId };
        await app.storage.putFile(keyOf(stored), result.file, { contentType: result.contentType });
        let episodeId: string | null = null;
        if (row.kind === 'episode' && row.channel_id) {
          const at = now();
          const intro = `A table read of "${script.title}", recorded on VoxClub.`;
          const episode = await podcast.insertEpisode({
            channel_id: row.channel_id,
            title: row.title ?? script.title,
            notes: creditNotes(result, { intro, attributions }),
            season: null,
            episode_number: null,
            audio_id: audioId,
            content_type: result.contentType,
            byte_size: byteSize,
            duration_ms: result.durationMs,
            status: row.publish === 'draft' ? 'draft' : 'published',
            publish_at: null,
            published_at: row.publish === 'draft' ? null : at,
            chapters: result.chapters.length ? JSON.stringify(result.chapters) : null,
            transcript: result.transcript,
          });
          episodeId = episode.id;
        }
        await update(row.id, { state: 'done', audio_id: audioId, byte_size: byteSize, duration_ms: result.durationMs, episode_id: episodeId, finished_at: now(), error: null });
        await job.progress(1);
      } catch (err) {
        if (err instanceof RenderError) {
          // The read cannot be rendered as it stands: say why, and do not retry. A refusal (nothing
          // to render, a take gone) is the member's to fix; one with a cause (the synthesizer
          // failed) is the server's, logged with that cause and its stack for whoever runs it.
          await update(row.id, { state: 'failed', error: err.message, finished_at: now() });
          if (err.cause === undefined) app.log.info({ render: row.id, reason: err.message }, 'read render refused');
          else app.log.error({ render: row.id, reason: err.message, err: err.cause }, 'read render failed');
          return;
        }
        if (job.attempt > RETRY_LIMIT) {
          await update(row.id, { state: 'failed', error: M.failedGeneric, finished_at: now() });
          app.log.error({ render: row.id, attempts: job.attempt, err }, 'read render failed');
        }
        throw err;
      } finally {
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },
    { retryLimit: RETRY_LIMIT, retryDelaySeconds: 5, expireInSeconds: 30 * 60 },
  );

  app.decorate('readRenders', service);
}

export default fp(readRenders, { name: 'read-renders', dependencies: ['jobs', 'storage', 'podcast-repository', 'read-renders-repository', 'sessions-repository', 'sounds-repository', 'takes-repository'] });
