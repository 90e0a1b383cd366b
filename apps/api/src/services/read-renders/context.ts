import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { READ_RENDER_MESSAGES as M, SCRIPT_MESSAGES, type ReadRender } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import type { RenderRow } from '../../repositories/read-renders';

export const RENDER_JOB = 'read.render';
/** Retries after the first run, for the machine's failures (a RenderError is final at once). */
export const RETRY_LIMIT = 2;

/** Where a render's bytes are: a download under `renders/`, an episode's under `podcast/` (the podcast's own audio route serves it). */
export const keyOf = (row: Pick<RenderRow, 'kind' | 'audio_id'>) => `${row.kind === 'episode' ? 'podcast' : 'renders'}/${row.audio_id}`;

export interface RenderFile {
  key: string;
  byteSize: number;
  contentType: string;
  fileName: string;
}

export const EXTENSIONS: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/mp4': 'm4a' };

/** A file name any system takes: no path separators, quotes or control characters. */
export const safeFileName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120) || 'read';


/** What the read renders' service and its job share: the stores, the access checks and the answer shapes. */
export function createReadRendersContext(app: FastifyInstance, config: Config) {
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

  return { app, audio, scratch, now, seatOf, visible, scriptTitleOf, shape, enqueue, newRow, fileOf, mayShare, db, sessions, podcast, sounds, renders, find, update };
}

export type ReadRendersContext = ReturnType<typeof createReadRendersContext>;
