import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import parseRange from 'range-parser';
import { SCRIPT_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { createAudioStore } from '../../repositories/audio-store';
import { matchesEtag, NO_BODY, PRIVATE_IMMUTABLE } from './content-addressed';
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
 * The bytes come from the storage (local disk or a bucket), so ranges are answered here: the
 * Range header is read by range-parser (the parser Express and send use), one range gives 206
 * with exactly those bytes read from the storage, several ranges or a malformed header the whole
 * file (as send does), a range past the end 416 with the size. If-Range with another tag than
 * ours (the id) asks for the whole file.
 */
const audioRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const store = createAudioStore(app.db, config.dataDir, app.storage);

  app.route({
    ...fromContract('audio'),
    handler: async (request, reply) => {
      const audio = await store.find(request.params.audioId);
      if (!audio) return reply.code(404).send({ message: SCRIPT_MESSAGES.audioNotFound });
      const etag = `"${audio.id}"`;
      reply.header('ETag', etag).header('Cache-Control', PRIVATE_IMMUTABLE).header('Accept-Ranges', 'bytes');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(NO_BODY);
      const size = audio.byteSize;
      const ifRange = request.headers['if-range'];
      const header = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
      const ranges = header ? parseRange(size, header, { combine: true }) : -2;
      if (ranges === -1) {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send({ message: SCRIPT_MESSAGES.rangeNotSatisfiable });
      }
      const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
      // The type we recognised at upload, never a guess from the name; browsers must not sniff.
      reply.type(audio.contentType).header('X-Content-Type-Options', 'nosniff');
      if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('Content-Length', String(range ? range.end - range.start + 1 : size));
      // Fastify answers HEAD from this handler and keeps our Content-Length for a stream payload
      // (an empty one: nothing is read from the storage), never for no payload.
      if (request.method === 'HEAD') return reply.send(Readable.from([]) as unknown as Buffer);
      const body = await store.open(audio, range);
      if (!body) return reply.code(404).removeHeader('Content-Range').removeHeader('Content-Length').type('application/json').send({ message: SCRIPT_MESSAGES.audioNotFound });
      // A stream of the binary the schema names (the typed reply knows only Buffer).
      return reply.send(body as unknown as Buffer);
    },
  });
};

export default audioRoutes;
