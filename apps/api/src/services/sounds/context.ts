import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { displayName, SOUND_MESSAGES, type Cue, type Sound, type SoundType } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { newId } from '../../db/ids';
import { BadRequestError, ForbiddenError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain-errors';
import { createAudioStore, type ReceivedAudio } from '../../repositories/audio-store';
import { insertSound, type SoundRow } from '../../repositories/sounds';
import type { FileLinks } from '../../plugins/app/file-links';
import { createFreesoundClient } from './freesound';
import { looksLikeAudio, probeSound, sniffSound } from './probe';

/** An upload as the route hands it over: the fields sent before the file, then the file stream. */
export interface SoundUpload {
  type?: string;
  title?: string;
  filename?: string;
  file: Readable & { truncated?: boolean };
  unreadable(err: unknown): unknown;
}

export const PEAKS_JOB = 'sound-peaks';
export const keyOf = (fileId: string) => `sounds/${fileId}`;
/** The path of a sound's bytes (public sounds' link; a private sound's is signed, see file-links.ts). */
export const soundFilePath = (fileId: string) => `/api/sound-files/${fileId}`;
/** A title from a file name: no extension, separators as spaces. */
export const titleFrom = (filename: string | undefined) =>
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

export const normalizeTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];

export const SOUND_LICENCE_NAMES = { cc0: 'CC0 1.0', 'cc-by': 'CC BY 4.0', 'all-rights-reserved': 'All rights reserved' } as const;

export function toCue(row: Awaited<ReturnType<FastifyInstance['soundsRepository']['listCues']>>[number], links: FileLinks): Cue {
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

/** What every part of the sounds service shares: the stores, the quota, the access checks and the answer shapes. */
export function createSoundsContext(app: FastifyInstance, config: Config) {
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

  return { app, settings, received, notFound, quotaOf, visible, owned, answer, receiveChecked, keep, peaksFor, dropFileIfUnused, enqueuePeaks, withinQuota, createSound, freesound, repo, rolesRepository };
}

export type SoundsContext = ReturnType<typeof createSoundsContext>;
