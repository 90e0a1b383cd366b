import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** multipart/form-data uploads (photos, takes, sounds); larger files fail with 413. */
async function multipartUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });
}

export default fp(multipartUploads, { name: 'multipart' });
