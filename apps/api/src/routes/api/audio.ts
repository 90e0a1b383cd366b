import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { NotFoundError } from '../../domain-errors';
import { createAudioStore } from '../../repositories/audio-store';
import { PRIVATE_IMMUTABLE, serveFile } from './content-addressed';
import { fromContract } from './from-contract';

/**
 * GET /api/audio/{audioId}: the bytes of a recorded take, with HTTP range requests so players
 * can seek (and Safari, which insists on ranges, can play at all).
 *
 * No sign-in: an <audio src> cannot send a Bearer header, and the id is a capability. It is the
 * SHA-256 of the bytes (256 bits, not guessable, not enumerable), handed out only inside a
 * session's detail, which only its participants can fetch. Knowing the id is proof of having
 * been shown the take; it leaks only as far as a participant shares the URL, as they could
 * share the recording itself. Deleted takes' recordings are removed, so their ids stop working.
 *
 * The bytes come from the storage (local disk or a bucket); ETag, ranges (206/416) and HEAD are
 * answered by serveFile (content-addressed.ts), as for sounds, episodes and rendered reads.
 */
const audioRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const store = createAudioStore(app.db, config.dataDir, app.storage);

  app.route({
    ...fromContract('audio'),
    handler: async (request, reply) => {
      const audio = await store.find(request.params.audioId);
      if (!audio) throw new NotFoundError(SCRIPT_MESSAGES.audioNotFound);
      return serveFile(request, reply, {
        etag: `"${audio.id}"`,
        size: audio.byteSize,
        contentType: audio.contentType,
        cacheControl: PRIVATE_IMMUTABLE,
        open: (range) => store.open(audio, range),
        notFound: SCRIPT_MESSAGES.audioNotFound,
        rangeNotSatisfiable: SCRIPT_MESSAGES.rangeNotSatisfiable,
      });
    },
  });
};

export default audioRoutes;
