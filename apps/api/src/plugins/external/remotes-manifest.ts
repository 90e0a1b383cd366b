import fs from 'node:fs';
import path from 'node:path';
import { pathPattern } from '@vox/variant';
import type { Config } from '../../config';

/** How often a followed file (the manifest, a remote's preload.json, the shell's page) is looked at again, at most. */
const FILE_CHECK_MS = 1000;

export type RemotesManifest = Record<string, string>;

/** The manifest the shell reads: REMOTES_MANIFEST, else the built one beside the shell. */
export function manifestFileOf(config: Pick<Config, 'remotesManifest' | 'webDir'>): string {
  return config.remotesManifest ? path.resolve(config.remotesManifest) : path.join(config.webDir, 'shell', 'remotes.json');
}

/**
 * Follows a file a deploy may change under the running server (the remotes manifest: a platform
 * engineer may point a remote at another origin at run time; a remote's preload.json; the shell's
 * index.html): answers what `derive` made of its current text, worked out again only when the
 * file's modification time changes, looked at no more than once a second. A missing file is
 * `null` text. The answer is the same object until the file changes.
 */
export function followFile<T>(file: string, derive: (text: string | null) => T): () => T {
  let value = derive(null);
  let seenMtime = -1;
  let checkedAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - checkedAt < FILE_CHECK_MS) return value;
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

/** A route row of preload.json as the API uses it: the path pattern, and the files by signed-in state. */
interface RoutePreload {
  pattern: RegExp;
  signedOut: string[];
  signedIn: string[];
  /** Behind a login or privilege gate, or the auth modal's: its page is marked noindex. */
  signInOnly: boolean;
}

interface RemotePreloads {
  /** The files of the remote's exposed ./App. */
  app: string[];
  /** Per route of the remote's table, in table order. */
  routes: RoutePreload[];
}

/** At most this many route rows and files per row are read (the Link header stays bounded). */
const MAX_ROUTES = 200;
const MAX_ROUTE_FILES = 8;
/** A route pattern of the table: segments of letters, digits, `_`, `-`, `.` and `:params`. */
const ROUTE_PATTERN = /^\/[\w\-.:/]*$/;

const preloadFiles = (value: unknown, max = Infinity): string[] =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && PRELOAD_FILE.test(f)).slice(0, max) : [];

/**
 * A remote's preload.json (tools/first-load/first-load-preload-plugin.cjs): the files of its exposed
 * ./App and, per route of its table, the files of the page the route shows signed out and signed
 * in (tools/first-load/route-preloads.cjs), relative to the remote's root. Files outside static/ or
 * unsafe in a header, and rows with an unexpected pattern, are left out; a missing or malformed
 * file is nothing.
 */
export function parsePreloads(text: string | null): RemotePreloads {
  const none: RemotePreloads = { app: [], routes: [] };
  if (!text) return none;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return none;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return none;
  const { './App': app, routes } = parsed as Record<string, unknown>;
  const rows: RoutePreload[] = [];
  for (const row of Array.isArray(routes) ? routes.slice(0, MAX_ROUTES) : []) {
    if (!row || typeof row !== 'object') continue;
    const { pattern, signedOut, signedIn, signInOnly } = row as Record<string, unknown>;
    if (typeof pattern !== 'string' || !ROUTE_PATTERN.test(pattern)) continue;
    rows.push({ pattern: pathPattern(pattern), signedOut: preloadFiles(signedOut, MAX_ROUTE_FILES), signedIn: preloadFiles(signedIn, MAX_ROUTE_FILES), signInOnly: signInOnly === true });
  }
  return { app: preloadFiles(app), routes: rows };
}

/**
 * The shell's preload.json (tools/first-load/shell-first-load-plugin.cjs): `authModal`, the files
 * of the auth modal's lazy chunk, relative to the shell's root; unsafe names left out, a missing
 * or malformed file is nothing.
 */
export function parseShellPreloads(text: string | null): { authModal: string[] } {
  try {
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    const files = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)['authModal'] : [];
    return { authModal: preloadFiles(files, MAX_ROUTE_FILES) };
  } catch {
    return { authModal: [] };
  }
}

/**
 * The files of the page a path shows, by the first route whose pattern matches it (table order,
 * as the shell's matchRoute), for a visitor who most likely is signed in or not; [] for a path
 * the table does not know.
 */
export function routeFilesOf(preloads: RemotePreloads, pathname: string, signedIn: boolean): string[] {
  const row = preloads.routes.find((r) => r.pattern.test(pathname));
  return row ? (signedIn ? row.signedIn : row.signedOut) : [];
}

/** Whether the route table puts the path behind a sign-in (by the same first matching row). */
export function isSignInOnly(preloads: RemotePreloads, pathname: string): boolean {
  return preloads.routes.find((r) => r.pattern.test(pathname))?.signInOnly ?? false;
}

/**
 * The shell page's own first files, in the order the Link header names them: its
 * scripts (the entry, then the bootstrap chunks it preloads), then its stylesheets (and their
 * preloads). Over HTTP/1.1 a browser opens six connections to a host, and the Link header's
 * preloads are asked for before the page's own tags: named first, the two large scripts every
 * first render waits for are not queued behind the remote's small files. Only same-origin
 * paths under /static/ (anything else is not ours to hint).
 */
export function shellFirstFiles(html: string | null): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  if (!html) return { scripts, styles };
  const head = html.split(/<\/head>/i)[0];
  for (const [tag] of head.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}=["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1] ?? '';
    const isScript = /^<script/i.test(tag);
    const url = isScript ? attr('src') : attr('href');
    if (!/^\/static\/[\w./?=&-]+$/.test(url)) continue;
    const rel = attr('rel').toLowerCase();
    if (isScript || (rel === 'preload' && attr('as') === 'script')) scripts.push(url);
    else if (rel === 'stylesheet' || (rel === 'preload' && attr('as') === 'style')) styles.push(url);
  }
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}
