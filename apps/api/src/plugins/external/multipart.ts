import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** An upload still being written is never this old (the request time-out ends it long before). */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Deletes `*.upload` files (uploads written aside until they are known good) older than an hour
 * under DATA_DIR/uploads: a process killed mid-upload leaves its temp file behind.
 */
export async function sweepStaleUploads(uploadsDir: string, now = Date.now()): Promise<number> {
  let removed = 0;
  let entries: string[];
  try {
    entries = (await fs.promises.readdir(uploadsDir, { recursive: true })).map(String);
  } catch {
    return 0; // no uploads yet
  }
  for (const entry of entries.filter((name) => name.endsWith('.upload'))) {
    const file = path.join(uploadsDir, entry);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat?.isFile() && now - stat.mtimeMs > STALE_UPLOAD_MS) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** multipart/form-data uploads (photos, takes, sounds); larger files fail with 413. */
async function multipartUploads(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });
  // At start, before any request: what is left is from a process that died mid-upload.
  app.addHook('onReady', async () => {
    const removed = await sweepStaleUploads(path.join(config.dataDir, 'uploads'));
    if (removed) app.log.info({ removed }, 'removed stale upload temp files');
  });
}

export default fp(multipartUploads, { name: 'multipart' });
