import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../app/storage';
import { NotFoundError } from '../../domain-errors';
import { fileKey, readLive, releasedManifest, RELEASABLE_REMOTES, VERSION, type LiveState } from '../../releases/remote-releases';
import type { RemotesManifest } from './remotes-manifest';

/** How often the live versions are read again from storage: a promote or rollback shows within this. */
const LIVE_CHECK_MS = 2000;

/**
 * The manifest the shell reads: the built-in one (`builtIn`, the file) with each promoted remote's
 * live version over it, and `fallbacks`, the entry per promoted remote the shell loads when the
 * live one fails (apps/shell/src/federation/remote-retry-plugin.ts). Entries come first, so the
 * fallbacks are the last key.
 */
export interface ServedManifest {
  entries: RemotesManifest;
  fallbacks: RemotesManifest;
}

export const manifestJson = ({ entries, fallbacks }: ServedManifest): Record<string, unknown> =>
  Object.keys(fallbacks).length ? { ...entries, fallbacks } : { ...entries };

/**
 * Follows the live versions in storage (read at start, then every LIVE_CHECK_MS): answers the
 * served manifest at once, the same object until the built-in manifest or the live state changes.
 * A storage that cannot be read keeps the last state it gave (a passing outage of the bucket does
 * not take every promoted remote back to the built-in one).
 */
export async function followReleasedManifest(app: FastifyInstance, storage: Storage, builtIn: () => RemotesManifest): Promise<() => ServedManifest> {
  let live: LiveState = {};
  let liveText = '{}';
  const read = async () => {
    try {
      const next = await readLive(storage);
      const text = JSON.stringify(next);
      if (text !== liveText) [live, liveText] = [next, text];
    } catch (err) {
      app.log.warn({ err }, 'remote releases: the live versions could not be read; keeping the last ones');
    }
  };
  await read();
  const timer = setInterval(() => void read(), LIVE_CHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  let served: ServedManifest = { entries: {}, fallbacks: {} };
  let inputs: [RemotesManifest | null, LiveState | null] = [null, null];
  return () => {
    const base = builtIn();
    if (inputs[0] !== base || inputs[1] !== live) {
      inputs = [base, live];
      const released = releasedManifest(live, base);
      served = { entries: { ...base, ...released.entries }, fallbacks: released.fallbacks };
    }
    return served;
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * Serves the published versions' files at /remotes/<remote>/<version>/<file> from storage. A
 * version's files never change (its name is their content hash), so every answer may be cached
 * for good; the build's brotli or gzip copy goes out when the browser takes it. Paths that are
 * not a version fall through to the built-in remote's folder.
 */
export function serveReleasedFiles(app: FastifyInstance, storage: Storage): void {
  for (const remote of RELEASABLE_REMOTES) {
    app.get<{ Params: { version: string; '*': string } }>(`/remotes/${remote}/:version(^[0-9a-f]{12}-[0-9a-f]{7,12}$)/*`, async (request, reply) => {
      const { version, '*': file } = request.params;
      const ext = path.extname(file).toLowerCase();
      // A version's server render module (server/) is the API's to run, never a file for browsers.
      if (!VERSION.test(version) || !/^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/.test(file) || /\.(br|gz)$/.test(file) || file.startsWith('server/')) throw new NotFoundError(`Not found: ${request.url.split('?')[0]}`);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const key = fileKey(remote, version, file);
      const tries: [encoding: string, suffix: string][] = [];
      if (/\bbr\b/.test(accepted)) tries.push(['br', '.br']);
      if (/\bgzip\b/.test(accepted)) tries.push(['gzip', '.gz']);
      tries.push(['', '']);
      for (const [encoding, suffix] of tries) {
        const body = await storage.get(`${key}${suffix}`);
        if (!body) continue;
        reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('Vary', 'Accept-Encoding').type(CONTENT_TYPES[ext] ?? 'application/octet-stream');
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.send(body);
      }
      throw new NotFoundError(`Not found: ${request.url.split('?')[0]}`);
    });
  }
}
