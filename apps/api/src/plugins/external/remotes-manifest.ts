import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/** How often the manifest file is looked at again (its modification time), at most. */
const MANIFEST_CHECK_MS = 1000;

export type RemotesManifest = Record<string, string>;

/** The manifest the shell reads: REMOTES_MANIFEST, else the built one beside the shell. */
export function manifestFileOf(config: Pick<Config, 'remotesManifest' | 'webDir'>): string {
  return config.remotesManifest ? path.resolve(config.remotesManifest) : path.join(config.webDir, 'shell', 'remotes.json');
}

/**
 * Follows the remotes manifest file (a platform engineer may point a remote at another origin at
 * run time): answers what `derive` made of its current text, worked out again only when the file's
 * modification time changes, looked at no more than once a second. A missing file is `null` text.
 */
export function followManifest<T>(file: string, derive: (text: string | null) => T): () => T {
  let value = derive(null);
  let seenMtime = -1;
  let checkedAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - checkedAt < MANIFEST_CHECK_MS) return value;
    checkedAt = now;
    let mtime = 0;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      mtime = 0;
    }
    if (mtime === seenMtime) return value;
    seenMtime = mtime;
    let text: string | null = null;
    try {
      text = mtime ? fs.readFileSync(file, 'utf8') : null;
    } catch {
      text = null;
    }
    value = derive(text);
    return value;
  };
}

/** The manifest's entries, or {} when it is missing or not a JSON object of strings. */
export function parseManifest(text: string | null): RemotesManifest {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** Safe in a Link header and relative to the remote's root (static/js/<id>.chunk.js?v=<hash>). */
const PRELOAD_FILE = /^static\/(js|css)\/[\w.-]+\.(js|css)(\?v=\w+)?$/;

/**
 * A remote's preload.json (tools/webpack/first-load-preload-plugin.cjs): the files of its exposed
 * ./App, relative to the remote's root; [] when missing or malformed.
 */
export function parsePreloadList(text: string | null): string[] {
  if (!text) return [];
  try {
    const files = (JSON.parse(text) as Record<string, unknown> | null)?.['./App'];
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string' && PRELOAD_FILE.test(f)) : [];
  } catch {
    return [];
  }
}
