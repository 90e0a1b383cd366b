import type { Readable } from 'node:stream';
import {
  SOUND_MESSAGES,
  type Sound,
  type SoundInUse,
  type SoundList,
  type SoundListQuery,
  type SoundPeaks,
  type SoundType,
  type SoundUpdate,
} from '@vox/contract/schemas';
import { BadRequestError, ConflictError } from '../../domain-errors';
import { updateSound } from '../../repositories/sounds';
import type { ByteRange } from '../../plugins/app/storage';
import { type SoundUpload, keyOf, titleFrom, toSound, normalizeTags, type SoundsContext } from './context';

/** A member's sounds: upload, read, change, replace and delete them, their waveform and bytes. */
export interface LibraryService {
  list(me: string, query: SoundListQuery): Promise<SoundList>;
  upload(me: string, upload: SoundUpload): Promise<Sound>;
  get(me: string, soundId: string): Promise<Sound>;
  update(me: string, soundId: string, patch: SoundUpdate): Promise<Sound>;
  replaceFile(me: string, soundId: string, upload: SoundUpload): Promise<Sound>;
  /** Deletes; a sound used as a cue, without `confirm`, is a ConflictError listing its uses. */
  remove(me: string, soundId: string, confirm: boolean): Promise<void>;
  peaks(me: string, soundId: string): Promise<SoundPeaks>;
  /** The stored bytes' type and size, for the file route, and whether a public sound has them. */
  file(fileId: string): Promise<{ contentType: string; byteSize: number; isPublic: boolean } | undefined>;
  open(fileId: string, range?: ByteRange): Promise<Readable | undefined>;
}

export function libraryService(ctx: SoundsContext): LibraryService {
  const { app, settings, quotaOf, visible, owned, answer, receiveChecked, keep, peaksFor, dropFileIfUnused, enqueuePeaks, withinQuota, createSound, repo } = ctx;
  return {
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
      // A question, not a refusal: the 409 lists the uses to confirm against (the contract's SoundInUse).
      if (uses.length > 0 && !confirm) {
        const listed: SoundInUse['uses'] = uses.map((u) => ({ scriptId: u.script_id, scriptTitle: u.script_title, lineId: u.line_id, lineText: u.line_text }));
        throw new ConflictError(SOUND_MESSAGES.inUse(uses.length), { details: { uses: listed } });
      }
      await repo.deleteSound(soundId);
      await dropFileIfUnused(row.file_id);
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
  };
}
