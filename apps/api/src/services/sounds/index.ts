import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  displayName,
  SOUND_MESSAGES,
  type Cue,
  type CueList,
  type CueListInput,
  type FreesoundImport,
  type FreesoundResults,
  type Sound,
  type SoundInUse,
  type SoundList,
  type SoundListQuery,
  type SoundPeaks,
  type SoundType,
  type SoundUpdate,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import { BadRequestError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain-errors';
import { createAudioStore, type ReceivedAudio } from '../../repositories/audio-store';
import { insertSound, updateSound, type SoundRow } from '../../repositories/sounds';
import type { FileLinks } from '../../plugins/app/file-links';
import type { ByteRange } from '../../plugins/app/storage';
import { createFreesoundClient } from './freesound';
import { computeFilePeaks, looksLikeAudio, probeSound, sniffSound } from './probe';

declare module 'fastify' {
  interface FastifyInstance {
    sounds: SoundsService;
  }
}

/** An upload as the route hands it over: the fields sent before the file, then the file stream. */
export interface SoundUpload {
  type?: string;
  title?: string;
  filename?: string;
  file: Readable & { truncated?: boolean };
  unreadable(err: unknown): unknown;
}

/**
 * The audio library. The routes check `audio_library`; this service makes a sound
 * its owner's (another member's private sound is "not found"; a public one can be listed, played
 * and used as a cue, never changed), keeps each member within their role's storage quota,
 * accepts only files whose bytes are audio it can read (nothing stored otherwise), computes the
 * waveform peaks in a background job, and keeps cues on script lines.
 */
export interface SoundsService {
  list(me: string, query: SoundListQuery): Promise<SoundList>;
  upload(me: string, upload: SoundUpload): Promise<Sound>;
  get(me: string, soundId: string): Promise<Sound>;
  update(me: string, soundId: string, patch: SoundUpdate): Promise<Sound>;
  replaceFile(me: string, soundId: string, upload: SoundUpload): Promise<Sound>;
  /** Deletes, or answers where it is used when it is a cue and `confirm` is not set. */
  remove(me: string, soundId: string, confirm: boolean): Promise<SoundInUse | undefined>;
  peaks(me: string, soundId: string): Promise<SoundPeaks>;
  /** The stored bytes' type and size, for the file route, and whether a public sound has them. */
  file(fileId: string): Promise<{ contentType: string; byteSize: number; isPublic: boolean } | undefined>;
  open(fileId: string, range?: ByteRange): Promise<Readable | undefined>;
  cues(me: string, scriptId: string): Promise<CueList>;
  saveCues(me: string, scriptId: string, input: CueListInput): Promise<CueList>;
  search(me: string, q: string | undefined): Promise<FreesoundResults>;
  importSound(me: string, input: FreesoundImport): Promise<Sound>;
}

export const PEAKS_JOB = 'sound-peaks';
const keyOf = (fileId: string) => `sounds/${fileId}`;
/** The path of a sound's bytes (public sounds' link; a private sound's is signed, see file-links.ts). */
export const soundFilePath = (fileId: string) => `/api/sound-files/${fileId}`;
/** A title from a file name: no extension, separators as spaces. */
const titleFrom = (filename: string | undefined) =>
  (filename ?? '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 120) || 'Untitled sound';

/** The link to a sound's bytes: as it is for a public sound, signed and expiring for a private one. */
function fileUrl(links: FileLinks, fileId: string, isPublic: boolean): string {
  return isPublic ? soundFilePath(fileId) : links.sign(soundFilePath(fileId));
}

export function toSound(row: SoundRow, me: string, links: FileLinks): Sound {
  return {
    id: row.id,
    mine: row.owner_id === me,
    ownerName: displayName({ name: row.owner_name, handle: row.owner_handle }),
    title: row.title,
    type: row.type,
    tags: JSON.parse(row.tags) as string[],
    licence: row.licence,
    attribution: row.attribution,
    isPublic: row.is_public === 1,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    durationMs: Number(row.duration_ms),
    sampleRate: Number(row.sample_rate),
    channels: Number(row.channels),
    trimStartMs: Number(row.trim_start_ms),
    trimEndMs: row.trim_end_ms === null ? null : Number(row.trim_end_ms),
    fadeInMs: Number(row.fade_in_ms),
    fadeOutMs: Number(row.fade_out_ms),
    peaksState: row.peaks_state,
    fileUrl: fileUrl(links, row.file_id, row.is_public === 1),
    sourceUrl: row.source_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const normalizeTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];

async function sounds(app: FastifyInstance, { config }: { config: Config }) {
  const { soundsRepository: repo, rolesRepository } = app;
  const settings = config.sounds;
  const received = createAudioStore(app.db, config.dataDir, app.storage);
  const notFound = () => new NotFoundError(SOUND_MESSAGES.notFound);

  async function quotaOf(me: string): Promise<number> {
    const roles = await rolesRepository.effectiveRoles(me);
    const quotas = roles.map((role) => settings.quotaBytes[role]).filter((q): q is number => q !== undefined);
    return quotas.length ? Math.max(...quotas) : settings.fallbackQuotaBytes;
  }

  /** A sound the caller may see: theirs or public; anything else is "not found". */
  async function visible(me: string, soundId: string): Promise<SoundRow> {
    const row = await repo.findSound(soundId);
    if (!row || (row.owner_id !== me && row.is_public !== 1)) throw notFound();
    return row;
  }

  /** A sound the caller may change: 404 when they may not see it, 403 when it is someone else's public one. */
  async function owned(me: string, soundId: string): Promise<SoundRow> {
    const row = await visible(me, soundId);
    if (row.owner_id !== me) throw new ForbiddenError('Only the owner can change this sound.');
    return row;
  }

  async function answer(me: string, soundId: string): Promise<Sound> {
    const row = await repo.findSound(soundId);
    if (!row) throw notFound();
    return toSound(row, me, app.fileLinks);
  }

  /**
   * Streams an upload aside and checks it: size, type from the bytes, audio that can be read,
   * room in the quota (`replacing`: that sound's bytes no longer count). Answers the file ready
   * to be moved into place; on any refusal the scratch file is gone before the error propagates.
   */
  async function receiveChecked(me: string, upload: SoundUpload, replacing?: string) {
    let file: ReceivedAudio;
    try {
      file = await received.receive(upload.file, settings.maxFileBytes);
    } catch (err) {
      throw upload.unreadable(err);
    }
    try {
      if (file.tooLarge) throw new PayloadTooLargeError(SOUND_MESSAGES.tooLarge(settings.maxFileBytes));
      if (file.byteSize === 0) throw new BadRequestError(SOUND_MESSAGES.fileMissing);
      const sniffed = await sniffSound(file.tmp);
      if (!sniffed) throw new UnsupportedMediaTypeError((await looksLikeAudio(file.tmp)) ? SOUND_MESSAGES.corrupt : SOUND_MESSAGES.unsupported);
      const { contentType } = sniffed;
      const facts = await probeSound(file.tmp, sniffed.ext);
      if (!facts) throw new UnsupportedMediaTypeError(SOUND_MESSAGES.corrupt);
      const [used, quota] = await Promise.all([repo.usedBytes(me, replacing), quotaOf(me)]);
      if (used + file.byteSize > quota) throw new PayloadTooLargeError(SOUND_MESSAGES.overQuota(quota, used));
      return { file, contentType, facts };
    } catch (err) {
      await received.discard(file.tmp);
      throw err;
    }
  }

  /** Moves checked bytes to `sounds/<sha256>` (identical bytes may already be there). */
  async function keep(file: ReceivedAudio, contentType: string) {
    try {
      await app.storage.putFile(keyOf(file.id), file.tmp, { maxBytes: settings.maxFileBytes, contentType });
    } finally {
      await received.discard(file.tmp);
    }
  }

  /** Peaks for these bytes: copied when known, else computed by the background job. */
  async function peaksFor(fileId: string): Promise<{ state: 'pending' | 'ready'; peaks: string | null }> {
    const known = await repo.knownPeaks(fileId);
    if (known) return { state: 'ready', peaks: known };
    return { state: 'pending', peaks: null };
  }

  async function dropFileIfUnused(fileId: string) {
    if (!(await repo.fileInUse(fileId))) await app.storage.delete(keyOf(fileId));
  }

  /** The waveform job: decode the stored bytes once, keep the peaks on every sound that has them. */
  await app.jobs.define<{ fileId: string; durationMs: number }>(
    PEAKS_JOB,
    async (job) => {
      const { fileId, durationMs } = job.data;
      if (!(await repo.fileInUse(fileId))) return;
      const body = await app.storage.get(keyOf(fileId));
      if (!body) return;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'vox-peaks-'));
      const tmp = path.join(dir, 'sound');
      try {
        await pipeline(body, fs.createWriteStream(tmp));
        await job.progress(0.2);
        const peaks = await computeFilePeaks(tmp, durationMs);
        await repo.setPeaks(fileId, peaks.length ? 'ready' : 'failed', peaks.length ? peaks : null);
        await job.progress(1);
      } catch (err) {
        // The last attempt marks the waveform failed, so the page stops waiting for it.
        if (job.attempt > 2) await repo.setPeaks(fileId, 'failed', null);
        throw err;
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 10 * 60 },
  );

  async function enqueuePeaks(fileId: string, durationMs: number, state: string) {
    if (state === 'pending') await app.jobs.enqueue(PEAKS_JOB, { fileId, durationMs }, { key: fileId });
  }

  /**
   * The quota's last word: `write` runs only while the member's sounds still fit, counted with
   * their row locked, so two uploads at the same moment cannot both pass the early check.
   */
  async function withinQuota(me: string, adding: number, write: (trx: typeof app.db) => Promise<void>, exceptSoundId?: string) {
    const quota = await quotaOf(me);
    const result = await repo.writeWithinQuota({ id: me, quota, adding, exceptSoundId }, write);
    if (!result.fits) throw new PayloadTooLargeError(SOUND_MESSAGES.overQuota(quota, result.used));
  }

  async function createSound(me: string, fields: { title: string; type: SoundType; licence?: Sound['licence']; attribution?: string; sourceUrl?: string | null; tags?: string[] }, file: { id: string; contentType: string; byteSize: number; durationMs: number; sampleRate: number; channels: number }): Promise<Sound> {
    const now = new Date().toISOString();
    const id = newId();
    const peaks = await peaksFor(file.id);
    await withinQuota(me, file.byteSize, (trx) => insertSound(trx, {
      id,
      owner_id: me,
      title: fields.title,
      type: fields.type,
      tags: JSON.stringify(normalizeTags(fields.tags ?? [])),
      licence: fields.licence ?? 'all-rights-reserved',
      attribution: fields.attribution ?? '',
      is_public: 0,
      file_id: file.id,
      content_type: file.contentType,
      byte_size: file.byteSize,
      duration_ms: file.durationMs,
      sample_rate: file.sampleRate,
      channels: file.channels,
      trim_start_ms: 0,
      trim_end_ms: null,
      fade_in_ms: 0,
      fade_out_ms: 0,
      peaks_state: peaks.state,
      source_url: fields.sourceUrl ?? null,
      created_at: now,
      updated_at: now,
    }));
    if (peaks.peaks) await repo.updateSound(id, { peaks: peaks.peaks });
    await enqueuePeaks(file.id, file.durationMs, peaks.state);
    return answer(me, id);
  }

  const freesound = createFreesoundClient(settings);

  const service: SoundsService = {
    async list(me, query) {
      const [rows, used, quota] = await Promise.all([repo.listSounds(me, query), repo.usedBytes(me), quotaOf(me)]);
      return { items: rows.map((r) => toSound(r, me, app.fileLinks)), usage: { usedBytes: used, quotaBytes: quota, maxFileBytes: settings.maxFileBytes } };
    },

    async upload(me, upload) {
      if (!upload.type || !['bgm', 'sfx', 'voice'].includes(upload.type)) {
        upload.file.resume();
        throw new BadRequestError(SOUND_MESSAGES.badType);
      }
      const { file, contentType, facts } = await receiveChecked(me, upload);
      await keep(file, contentType);
      try {
        return await createSound(me, { title: upload.title?.trim().slice(0, 120) || titleFrom(upload.filename), type: upload.type as SoundType }, { id: file.id, contentType, byteSize: file.byteSize, ...facts });
      } catch (err) {
        await dropFileIfUnused(file.id).catch(() => undefined);
        throw err;
      }
    },

    async get(me, soundId) {
      return toSound(await visible(me, soundId), me, app.fileLinks);
    },

    async update(me, soundId, patch) {
      const row = await owned(me, soundId);
      const next = {
        trimStart: patch.trimStartMs ?? Number(row.trim_start_ms),
        trimEnd: patch.trimEndMs === undefined ? (row.trim_end_ms === null ? null : Number(row.trim_end_ms)) : patch.trimEndMs,
        fadeIn: patch.fadeInMs ?? Number(row.fade_in_ms),
        fadeOut: patch.fadeOutMs ?? Number(row.fade_out_ms),
        licence: patch.licence ?? row.licence,
        attribution: (patch.attribution ?? row.attribution).trim(),
      };
      const duration = Number(row.duration_ms);
      if (next.trimEnd !== null && next.trimEnd <= next.trimStart) throw new BadRequestError(SOUND_MESSAGES.trimOrder);
      if (next.trimStart >= duration || (next.trimEnd !== null && next.trimEnd > duration)) throw new BadRequestError(SOUND_MESSAGES.trimPastEnd);
      if (next.fadeIn + next.fadeOut > (next.trimEnd ?? duration) - next.trimStart) throw new BadRequestError(SOUND_MESSAGES.fadesTooLong);
      if (next.licence === 'cc-by' && !next.attribution) throw new BadRequestError(SOUND_MESSAGES.attributionRequired);
      await repo.updateSound(soundId, {
        ...(patch.title !== undefined && { title: patch.title.trim() || row.title }),
        ...(patch.type !== undefined && { type: patch.type }),
        ...(patch.tags !== undefined && { tags: JSON.stringify(normalizeTags(patch.tags)) }),
        ...(patch.isPublic !== undefined && { is_public: patch.isPublic ? 1 : 0 }),
        licence: next.licence,
        attribution: next.attribution,
        trim_start_ms: next.trimStart,
        trim_end_ms: next.trimEnd,
        fade_in_ms: next.fadeIn,
        fade_out_ms: next.fadeOut,
        updated_at: new Date().toISOString(),
      });
      return answer(me, soundId);
    },

    async replaceFile(me, soundId, upload) {
      const row = await owned(me, soundId);
      const { file, contentType, facts } = await receiveChecked(me, upload, soundId);
      await keep(file, contentType);
      const peaks = await peaksFor(file.id);
      // Trim and fades stay where they still fit the new file; past its end they are cleared.
      const fits = (ms: number | null) => ms === null || ms < facts.durationMs;
      const trimStart = fits(Number(row.trim_start_ms)) ? Number(row.trim_start_ms) : 0;
      const trimEnd = row.trim_end_ms !== null && Number(row.trim_end_ms) <= facts.durationMs && Number(row.trim_end_ms) > trimStart ? Number(row.trim_end_ms) : null;
      const playable = (trimEnd ?? facts.durationMs) - trimStart;
      const fadesFit = Number(row.fade_in_ms) + Number(row.fade_out_ms) <= playable;
      const patch = {
        file_id: file.id,
        content_type: contentType,
        byte_size: file.byteSize,
        duration_ms: facts.durationMs,
        sample_rate: facts.sampleRate,
        channels: facts.channels,
        trim_start_ms: trimStart,
        trim_end_ms: trimEnd,
        fade_in_ms: fadesFit ? Number(row.fade_in_ms) : 0,
        fade_out_ms: fadesFit ? Number(row.fade_out_ms) : 0,
        peaks_state: peaks.state,
        peaks: peaks.peaks,
        updated_at: new Date().toISOString(),
      };
      try {
        await withinQuota(me, file.byteSize, (trx) => updateSound(trx, soundId, patch), soundId);
      } catch (err) {
        if (row.file_id !== file.id) await dropFileIfUnused(file.id).catch(() => undefined);
        throw err;
      }
      if (row.file_id !== file.id) await dropFileIfUnused(row.file_id);
      await enqueuePeaks(file.id, facts.durationMs, peaks.state);
      return answer(me, soundId);
    },

    async remove(me, soundId, confirm) {
      const row = await owned(me, soundId);
      const uses = await repo.soundUses(soundId);
      if (uses.length > 0 && !confirm) {
        return {
          message: SOUND_MESSAGES.inUse(uses.length),
          uses: uses.map((u) => ({ scriptId: u.script_id, scriptTitle: u.script_title, lineId: u.line_id, lineText: u.line_text })),
        };
      }
      await repo.deleteSound(soundId);
      await dropFileIfUnused(row.file_id);
      return undefined;
    },

    async peaks(me, soundId) {
      const row = await visible(me, soundId);
      return { state: row.peaks_state, durationMs: Number(row.duration_ms), peaks: row.peaks ? (JSON.parse(row.peaks) as number[]) : null };
    },

    async file(fileId) {
      const row = await repo.findSoundFile(fileId);
      if (!row || !(await app.storage.head(keyOf(fileId)))) return undefined;
      return { contentType: row.content_type, byteSize: row.byte_size, isPublic: row.is_public };
    },

    open(fileId, range) {
      return app.storage.get(keyOf(fileId), range);
    },

    async cues(me, scriptId) {
      await app.scripts.get(me, scriptId);
      return { cues: (await repo.listCues(scriptId)).map((row) => toCue(row, app.fileLinks)) };
    },

    async saveCues(me, scriptId, input) {
      const script = await app.scripts.get(me, scriptId);
      if (!script.canEdit) throw new ForbiddenError('Only the script’s owner can change its cues.');
      const lines = await repo.scriptLinePositions(scriptId);
      const usable = await repo.usableSoundIds(me, [...new Set(input.cues.map((c) => c.soundId))]);
      const now = new Date().toISOString();
      const rows = input.cues.map((cue, position) => {
        const at = lines.get(cue.lineId);
        if (at === undefined) throw new BadRequestError(SOUND_MESSAGES.cueLineUnknown);
        if (!usable.has(cue.soundId)) throw new BadRequestError(SOUND_MESSAGES.cueSoundUnknown);
        const until = cue.untilLineId ?? null;
        if (until !== null) {
          if (cue.at !== 'bed') throw new BadRequestError(SOUND_MESSAGES.cueUntilOnlyForBeds);
          const untilAt = lines.get(until);
          if (untilAt === undefined) throw new BadRequestError(SOUND_MESSAGES.cueLineUnknown);
          if (untilAt <= at) throw new BadRequestError(SOUND_MESSAGES.cueUntilBeforeLine);
        }
        return { id: newId(), script_id: scriptId, line_id: cue.lineId, sound_id: cue.soundId, at: cue.at, until_line_id: until, volume: cue.volume, position, created_at: now };
      });
      await repo.replaceCues(scriptId, rows);
      return { cues: (await repo.listCues(scriptId)).map((row) => toCue(row, app.fileLinks)) };
    },

    async search(me, q) {
      if (freesound) return { source: 'freesound', items: q?.trim() ? await freesound.search(q.trim()) : [] };
      const rows = await repo.listSounds(me, { scope: 'public', q, sort: 'title' });
      return {
        source: 'library',
        items: rows.slice(0, 30).map((r) => {
          const s = toSound(r, me, app.fileLinks);
          return {
            id: s.id,
            title: s.title,
            author: s.ownerName,
            durationMs: s.durationMs,
            tags: s.tags,
            previewUrl: s.fileUrl,
            licence: s.licence,
            licenceName: SOUND_LICENCE_NAMES[s.licence],
            attribution: s.attribution || `“${s.title}” by ${s.ownerName}`,
            sourceUrl: null,
          };
        }),
      };
    },

    async importSound(me, input) {
      if (input.source === 'library') {
        const row = await visible(me, input.id);
        const owner = displayName({ name: row.owner_name, handle: row.owner_handle });
        return createSound(
          me,
          { title: row.title, type: input.type ?? row.type, licence: row.licence, attribution: row.attribution || `“${row.title}” by ${owner}`, tags: JSON.parse(row.tags) as string[] },
          { id: row.file_id, contentType: row.content_type, byteSize: Number(row.byte_size), durationMs: Number(row.duration_ms), sampleRate: Number(row.sample_rate), channels: Number(row.channels) },
        );
      }
      if (!freesound) throw new NotFoundError(SOUND_MESSAGES.freesoundNotFound);
      const hit = await freesound.sound(input.id);
      if (!hit.licence) throw new BadRequestError(SOUND_MESSAGES.freesoundLicence);
      const preview = await freesound.download(hit.downloadUrl);
      const upload: SoundUpload = { type: input.type ?? 'sfx', title: hit.title, file: preview, unreadable: (err) => err };
      const { file, contentType, facts } = await receiveChecked(me, upload);
      await keep(file, contentType);
      try {
        return await createSound(me, { title: hit.title.slice(0, 120), type: input.type ?? 'sfx', licence: hit.licence, attribution: hit.attribution, sourceUrl: hit.sourceUrl, tags: hit.tags.slice(0, 12) }, { id: file.id, contentType, byteSize: file.byteSize, ...facts });
      } catch (err) {
        await dropFileIfUnused(file.id).catch(() => undefined);
        throw err;
      }
    },
  };

  app.decorate('sounds', service);
}

const SOUND_LICENCE_NAMES = { cc0: 'CC0 1.0', 'cc-by': 'CC BY 4.0', 'all-rights-reserved': 'All rights reserved' } as const;

function toCue(row: Awaited<ReturnType<FastifyInstance['soundsRepository']['listCues']>>[number], links: FileLinks): Cue {
  return {
    id: row.id,
    lineId: row.line_id,
    at: row.at,
    untilLineId: row.until_line_id,
    volume: Number(row.volume),
    sound: {
      id: row.sound_id,
      title: row.title,
      type: row.type,
      fileUrl: fileUrl(links, row.file_id, Number(row.is_public) === 1),
      durationMs: Number(row.duration_ms),
      trimStartMs: Number(row.trim_start_ms),
      trimEndMs: row.trim_end_ms === null ? null : Number(row.trim_end_ms),
      fadeInMs: Number(row.fade_in_ms),
      fadeOutMs: Number(row.fade_out_ms),
      licence: row.licence,
      attribution: row.attribution,
    },
  };
}

export default fp(sounds, { name: 'sounds', dependencies: ['sounds-repository', 'roles-repository', 'storage', 'jobs', 'scripts', 'file-links'] });
