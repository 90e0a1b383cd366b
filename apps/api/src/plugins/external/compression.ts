import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compresses answers of 1 KB and more (brotli or gzip, as the browser accepts): a reading
 * session of a 2,000-line script is 367 KB of JSON, a tenth of that compressed. Small answers
 * (the 30-second new-message poll, health) go out as they are; files the web-apps plugin serves
 * precompressed keep their encoding; audio and images are not compressible types and are left
 * alone (so range requests on recordings stay byte-exact). Brotli at quality 4: most of the gain
 * for a fraction of the CPU of the default 11.
 */
async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export default fp(compression, { name: 'compression' });
