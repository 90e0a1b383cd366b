import { createHmac, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { SignedFileQuery } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { loadSecret } from '../../repositories/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    fileLinks: FileLinks;
  }
}

/**
 * Links to private stored files (a private sound's bytes, a draft or scheduled episode's audio).
 * An <audio src> sends no Bearer token, so the link itself carries the proof of access: the API
 * puts it only into answers to whoever may hear the file, signed (HMAC-SHA256 with a secret of
 * the app) over the file's path and an expiry. Past the expiry, or for another path, it opens
 * nothing. The expiry is rounded up to a window, so the link stays the same for a while (the
 * browser's private cache keeps serving it) and lives 12 to 24 hours.
 */
export interface FileLinks {
  /** `path?expires=…&sig=…` */
  sign(path: string, now?: number): string;
  /** True when `query` carries an unexpired signature of `path`. */
  verify(path: string, query: SignedFileQuery, now?: number): boolean;
}

const WINDOW_SECONDS = 12 * 60 * 60;

async function fileLinks(app: FastifyInstance, { config }: { config: Config }) {
  const secret = await loadSecret(app.db, config.dataDir, 'fileLinkSecret', process.env.FILE_LINK_SECRET);
  const signature = (path: string, expires: number) => createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');

  app.decorate('fileLinks', {
    sign(path, now = Date.now()) {
      const expires = (Math.floor(now / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      return `${path}?expires=${expires}&sig=${signature(path, expires)}`;
    },
    verify(path, query, now = Date.now()) {
      const expires = Number(query.expires);
      if (!query.sig || !Number.isInteger(expires) || expires * 1000 <= now) return false;
      const expected = Buffer.from(signature(path, expires));
      const given = Buffer.from(query.sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  } satisfies FileLinks);
}

export default fp(fileLinks, { name: 'file-links', dependencies: ['database'] });
