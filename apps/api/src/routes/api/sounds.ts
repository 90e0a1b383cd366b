import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SOUND_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { soundFilePath, type SoundUpload } from '../../services/sounds/context';
import { IMMUTABLE, PRIVATE_IMMUTABLE, serveFile } from './content-addressed';
import { fromContract } from './from-contract';
import { asUploadError, fieldValue, readFilePart } from './script-uploads';

/**
 * The audio library. Every call needs `audio_library` (403 "Your membership does not
 * include this feature." otherwise), checked per request, except GET /api/scripts/{id}/cues,
 * which anyone who may read the script gets (the reader and the table read play the cues).
 */
async function readSoundUpload(request: FastifyRequest, maxFileBytes: number): Promise<SoundUpload> {
  const part = await readFilePart(request, 'audio', maxFileBytes);
  if (!part) throw new BadRequestError(SOUND_MESSAGES.fileMissing);
  return { type: fieldValue(part, 'type'), title: fieldValue(part, 'title'), filename: part.filename, file: part.file, unreadable: asUploadError };
}

export const soundRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { sounds } = app;
  const maxFileBytes = config.sounds.maxFileBytes;
  const tags = ['audio'];
  app.addHook('preHandler', app.requirePrivilege('audio_library'));

  app.route({ ...fromContract('sounds', { tags }), handler: async (request) => sounds.list(request.user.id, request.query) });
  app.route({
    ...fromContract('uploadSound', {
      tags,
      description: `multipart/form-data: text fields type (bgm, sfx or voice) and title (optional), then the file "audio" (WAV, MP3, Ogg/Opus, WebM, M4A/AAC or FLAC, recognised from the bytes; SOUND_MAX_FILE_MB, default 50).`,
    }),
    handler: async (request, reply) => reply.code(201).send(await sounds.upload(request.user.id, await readSoundUpload(request, maxFileBytes))),
  });
  app.route({ ...fromContract('sound', { tags }), handler: async (request) => sounds.get(request.user.id, request.params.soundId) });
  app.route({ ...fromContract('updateSound', { tags }), handler: async (request) => sounds.update(request.user.id, request.params.soundId, request.body) });
  app.route({
    ...fromContract('replaceSoundFile', { tags, description: 'multipart/form-data: the file "audio"; title, tags, licence and cues stay.' }),
    handler: async (request) => sounds.replaceFile(request.user.id, request.params.soundId, await readSoundUpload(request, maxFileBytes)),
  });
  app.route({
    ...fromContract('deleteSound', { tags }),
    handler: async (request, reply) => {
      await sounds.remove(request.user.id, request.params.soundId, request.query.confirm === true);
      return reply.code(204).send(null);
    },
  });
  app.route({ ...fromContract('soundPeaks', { tags }), handler: async (request) => sounds.peaks(request.user.id, request.params.soundId) });
  app.route({
    ...fromContract('saveScriptCues', { tags }),
    handler: async (request) => sounds.saveCues(request.user.id, request.params.scriptId, request.body),
  });
  app.route({
    ...fromContract('freesoundSearch', { tags, summary: 'Freesound when FREESOUND_API_KEY is set, else the public library' }),
    handler: async (request) => sounds.search(request.user.id, request.query.q),
  });
  app.route({
    ...fromContract('freesoundImport', { tags }),
    handler: async (request, reply) => reply.code(201).send(await sounds.importSound(request.user.id, request.body)),
  });
};

/** Cues of a script: for anyone who may read it (members-only scope, no privilege). */
export const scriptCueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract('scriptCues', { tags: ['audio'] }), handler: async (request) => app.sounds.cues(request.user.id, request.params.scriptId) });
};

/**
 * GET /api/sound-files/{sha256}: a sound's bytes, served as takes are (routes/api/audio.ts):
 * content-addressed (the id is the ETag), one range gives 206, a range past the end 416, the
 * type recognised at upload with nosniff. No sign-in (an <audio src> sends no token). Bytes a
 * public sound has are anyone's and cached for good by any cache. A private sound's bytes open
 * only by the signed, expiring link its answers carry (file-links.ts: whoever was shown the
 * sound), else "not found", and are kept by the browser alone (`Cache-Control: private`).
 * Deleting the last sound with these bytes removes them.
 */
export const soundFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('soundFile', { tags: ['audio'] }),
    handler: async (request, reply: FastifyReply) => {
      const { fileId } = request.params;
      const file = await app.sounds.file(fileId);
      if (!file || (!file.isPublic && !app.fileLinks.verify(soundFilePath(fileId), request.query))) throw new NotFoundError(SOUND_MESSAGES.notFound);
      return serveFile(request, reply, {
        etag: `"${fileId}"`,
        size: file.byteSize,
        contentType: file.contentType,
        cacheControl: file.isPublic ? IMMUTABLE : PRIVATE_IMMUTABLE,
        open: (range) => app.sounds.open(fileId, range),
        notFound: SOUND_MESSAGES.notFound,
        rangeNotSatisfiable: SOUND_MESSAGES.rangeOutside,
      });
    },
  });
};
