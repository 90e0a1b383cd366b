import { displayName, SOUND_MESSAGES, type FreesoundImport, type FreesoundResults, type Sound } from '@vox/contract/schemas';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { type SoundUpload, toSound, SOUND_LICENCE_NAMES, type SoundsContext } from './context';

/** Freesound: searching it and importing a sound from it into the library. */
export interface FreesoundSearchService {
  search(me: string, q: string | undefined): Promise<FreesoundResults>;
  importSound(me: string, input: FreesoundImport): Promise<Sound>;
}

export function freesoundSearchService(ctx: SoundsContext): FreesoundSearchService {
  const { app, visible, receiveChecked, keep, dropFileIfUnused, createSound, freesound, repo } = ctx;
  return {
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
}
