import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { uploadScratchDir } from '../../repositories/audio-store';
import { every } from '../app/every';

const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * A scratch file in use is younger than this: one being received is written to every moment (the
 * request time-out ends a stalled one), and checking a received file takes seconds. Anything
 * older is left by a process that died (killed mid-upload or mid-check), whoever shares DATA_DIR.
 */
const STALE_UPLOAD_MS = 10 * 60 * 1000;

/**
 * Deletes the `*.upload` files (uploads written aside until they are known good) in the upload
 * scratch folder, DATA_DIR/tmp/uploads, untouched for ten minutes: a process killed mid-upload
 * leaves its scratch file behind.
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
  const sweep = async () => {
    const removed = await sweepStaleUploads(uploadScratchDir(config.dataDir));
    if (removed) app.log.info({ removed }, 'removed stale upload temp files');
  };
  // At start, before any request: what is left is from a process that died mid-upload. Again
  // every ten minutes, for what a process killed just before this one started left behind.
  every(app, sweep, { what: 'sweeping the upload scratch folder', ms: STALE_UPLOAD_MS, atStart: 'await' });
}

export default fp(multipartUploads, { name: 'multipart' });
