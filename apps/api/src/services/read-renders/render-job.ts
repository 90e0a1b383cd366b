import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { READ_RENDER_MESSAGES as M, SCRIPT_MESSAGES, displayName } from '@vox/contract/schemas';
import { peopleById } from '../../repositories/people';
import type { RenderRow } from '../../repositories/read-renders';
import { loadScript } from '../../repositories/scripts';
import { creditNotes } from './transcript';
import { renderRead } from './read-renderer';
import { RenderError, type RenderCue, type RenderLine } from './render-types';
import { RENDER_JOB, RETRY_LIMIT, keyOf, type ReadRendersContext } from './context';

/** The job that renders a read: the session's picked takes, readers and cues through the read renderer, then the file or the episode. */
export async function defineRenderJob(ctx: ReadRendersContext): Promise<void> {
  const { app, scratch, now, db, podcast, sounds, renders, find, update } = ctx;
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
}
