import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import Type from 'typebox';
import { AudioParams, ErrorBody, SCRIPT_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { createAudioStore } from '../../repositories/audio-store';
import { IMMUTABLE, matchesEtag, NO_BODY } from './content-addressed';

const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

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
 * Ranges, 206 and 416 come from @fastify/send (through @fastify/static's reply.sendFile), not
 * from parsing of our own.
 */
const audioRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const store = createAudioStore(app.db, config.dataDir);
  await fs.promises.mkdir(store.dir, { recursive: true });
  // Only for reply.sendFile inside this plugin: no routes of its own (serve: false).
  await app.register(fastifyStatic, { root: store.dir, serve: false });
  // The size of the recording a request is being answered with, for the 416 answer.
  const sizes = new WeakMap<object, number>();

  app.get(
    '/:audioId',
    {
      schema: {
        params: AudioParams,
        response: { 200: Binary, 206: Binary, 304: Type.Null(), 404: ErrorBody, 416: ErrorBody },
      },
      // send answers an unsatisfiable range with an error; say which sizes exist, in words too.
      errorHandler(error: FastifyError, request, reply) {
        if (error.statusCode !== 416) throw error;
        const size = sizes.get(request);
        if (size !== undefined) reply.header('Content-Range', `bytes */${size}`);
        return reply.code(416).type('application/json').send({ message: SCRIPT_MESSAGES.rangeNotSatisfiable });
      },
    },
    async (request, reply) => {
      const audio = await store.find(request.params.audioId);
      if (!audio) return reply.code(404).send({ message: SCRIPT_MESSAGES.audioNotFound });
      const etag = `"${audio.id}"`;
      reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(NO_BODY);
      sizes.set(request, audio.byteSize);
      // The type we recognised at upload, never a guess from the name; browsers must not sniff.
      reply.type(audio.contentType).header('X-Content-Type-Options', 'nosniff');
      return reply.sendFile(audio.id, store.dir, {
        acceptRanges: true,
        contentType: false,
        cacheControl: false,
        etag: false,
        lastModified: false,
        dotfiles: 'deny',
        index: false,
      });
    },
  );
};

export default audioRoutes;
