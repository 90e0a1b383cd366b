import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isStorageKey, type Storage } from '../plugins/app/storage';

/**
 * Remote releases: each remote's built files kept in the deployment's storage under a version
 * (`<content hash>-<commit>`), one of them live per remote, and an append-only log of every
 * command (docs/deploy.md "Remote releases"). Keys:
 * - `remotes/<remote>/<version>/<file>`: the files of a version, served at /remotes/<remote>/<version>/<file>;
 * - `remote-releases/versions/<remote>/<version>.json`: the version's record, written after its
 *   files, so a version is listed only once it is whole;
 * - `remote-releases/live.json`: per remote, the live version and its fallback;
 * - `remote-releases/log/<time>-<random>.json`: one object per command run (S3 has no append).
 */

/** The remotes that can be released; each serves the site of the same name. */
export const RELEASABLE_REMOTES = ['main', 'school', 'dashboard', 'podcast'] as const;
export type ReleasableRemote = (typeof RELEASABLE_REMOTES)[number];

/** `<12 hex of the content hash>-<commit>`: short enough for the vitals' version tag (40 characters). */
export const VERSION = /^[0-9a-f]{12}-[0-9a-f]{7,12}$/;

interface VersionRecord {
  remote: ReleasableRemote;
  version: string;
  contentHash: string;
  commit: string;
  files: number;
  bytes: number;
  publishedAt: string;
  publishedBy: string;
}

export interface LiveRemote {
  live: string;
  /** The version live before the last promote: the shell loads it when the live one fails. */
  fallback: string | null;
}

export type LiveState = Partial<Record<ReleasableRemote, LiveRemote>>;

interface LogEntry {
  at: string;
  by: string;
  command: string;
  remote: string;
  version: string | null;
  outcome: 'changed' | 'unchanged' | 'refused';
  message: string;
}

const LIVE_KEY = 'remote-releases/live.json';
const versionKey = (remote: string, version: string) => `remote-releases/versions/${remote}/${version}.json`;
export const fileKey = (remote: string, version: string, file: string) => `remotes/${remote}/${version}/${file}`;

/** The URL the manifest gives a version's entry; `v` tags its vitals and load failures. */
const entryUrlOf = (remote: string, version: string) => `/remotes/${remote}/${version}/remoteEntry.js?v=${version}`;

export const isReleasableRemote = (name: string): name is ReleasableRemote => (RELEASABLE_REMOTES as readonly string[]).includes(name);

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readJson<T>(storage: Storage, key: string): Promise<T | undefined> {
  const body = await storage.get(key);
  if (!body) return undefined;
  return JSON.parse((await readAll(body)).toString('utf8')) as T;
}

const writeJson = (storage: Storage, key: string, value: unknown) =>
  storage.put(key, Buffer.from(`${JSON.stringify(value, null, 2)}\n`), { contentType: 'application/json' });

export const readLive = async (storage: Storage): Promise<LiveState> => (await readJson<LiveState>(storage, LIVE_KEY)) ?? {};

/** Every file under `dir`, relative with `/`, sorted (the content hash must not depend on the order the disk lists them). */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** The SHA-256 of every file's path and bytes, in path order. */
function contentHashOf(dir: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(createHash('sha256').update(fs.readFileSync(path.join(dir, file))).digest());
  }
  return hash.digest('hex');
}

export class ReleaseError extends Error {}

export interface Actor {
  by: string;
  now?: () => Date;
}

async function log(storage: Storage, actor: Actor, entry: Omit<LogEntry, 'at' | 'by'>): Promise<void> {
  const at = (actor.now?.() ?? new Date()).toISOString();
  // The time first, so the keys sort in the order the commands ran.
  const key = `remote-releases/log/${at.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
  await writeJson(storage, key, { at, by: actor.by, ...entry } satisfies LogEntry);
}

interface Outcome {
  changed: boolean;
  message: string;
}

/**
 * Stores the built remote in `dir` under its version. A version already stored (same files,
 * same commit) is left as it is. Files whose names storage cannot hold (dotfiles) are refused
 * before anything is written.
 */
export async function publish(storage: Storage, actor: Actor, remote: ReleasableRemote, dir: string, commit: string): Promise<Outcome & { version: string }> {
  if (!fs.existsSync(path.join(dir, 'remoteEntry.js'))) throw new ReleaseError(`${dir} holds no remoteEntry.js: build the ${remote} remote first.`);
  if (!/^[0-9a-f]{7,12}$/.test(commit)) throw new ReleaseError(`The commit must be 7 to 12 hex digits, got "${commit}".`);
  const files = filesOf(dir);
  const unfit = files.filter((file) => !isStorageKey(fileKey(remote, '000000000000-0000000', file)));
  if (unfit.length) throw new ReleaseError(`These files cannot be stored (their names): ${unfit.join(', ')}.`);
  const contentHash = contentHashOf(dir, files);
  const version = `${contentHash.slice(0, 12)}-${commit}`;
  if (await readJson<VersionRecord>(storage, versionKey(remote, version))) {
    const message = `${remote} ${version} is already published; nothing changed.`;
    await log(storage, actor, { command: 'publish', remote, version, outcome: 'unchanged', message });
    return { changed: false, message, version };
  }
  let bytes = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(dir, file));
    bytes += body.length;
    await storage.put(fileKey(remote, version, file), body);
  }
  const record: VersionRecord = { remote, version, contentHash, commit, files: files.length, bytes, publishedAt: (actor.now?.() ?? new Date()).toISOString(), publishedBy: actor.by };
  await writeJson(storage, versionKey(remote, version), record);
  const message = `Published ${remote} ${version} (${files.length} files, ${bytes} bytes).`;
  await log(storage, actor, { command: 'publish', remote, version, outcome: 'changed', message });
  return { changed: true, message, version };
}

export async function versionsOf(storage: Storage, remote: ReleasableRemote): Promise<VersionRecord[]> {
  const records: VersionRecord[] = [];
  for await (const object of storage.list(`remote-releases/versions/${remote}/`)) {
    const record = await readJson<VersionRecord>(storage, object.key);
    if (record) records.push(record);
  }
  return records.sort((a, b) => a.publishedAt.localeCompare(b.publishedAt) || a.version.localeCompare(b.version));
}

const findVersion = (storage: Storage, remote: ReleasableRemote, version: string) =>
  VERSION.test(version) ? readJson<VersionRecord>(storage, versionKey(remote, version)) : Promise.resolve(undefined);

/** A candidate check's verdict: problems empty means it may go live. */
export type CandidateCheck = (remote: ReleasableRemote, version: string) => Promise<string[]>;

/**
 * Makes `version` live for `remote`; the version live until now becomes its fallback. The
 * candidate is checked first (`check`) and refused, with every problem found, when it cannot work.
 */
export async function promote(storage: Storage, actor: Actor, remote: ReleasableRemote, version: string, check: CandidateCheck): Promise<Outcome> {
  if (!(await findVersion(storage, remote, version))) {
    const message = `${remote} has no published version ${version}; see npm run remotes -- status.`;
    await log(storage, actor, { command: 'promote', remote, version, outcome: 'refused', message });
    throw new ReleaseError(message);
  }
  const live = await readLive(storage);
  const current = live[remote];
  if (current?.live === version) {
    const message = `${remote} ${version} is already live; nothing changed.`;
    await log(storage, actor, { command: 'promote', remote, version, outcome: 'unchanged', message });
    return { changed: false, message };
  }
  const problems = await check(remote, version);
  if (problems.length) {
    const message = `Refused to promote ${remote} ${version}:\n${problems.map((p) => `  - ${p}`).join('\n')}`;
    await log(storage, actor, { command: 'promote', remote, version, outcome: 'refused', message });
    throw new ReleaseError(message);
  }
  live[remote] = { live: version, fallback: current?.live ?? null };
  await writeJson(storage, LIVE_KEY, live);
  const message = `${remote} ${version} is live${current ? ` (fallback: ${current.live})` : ' (fallback: the built-in remote)'}.`;
  await log(storage, actor, { command: 'promote', remote, version, outcome: 'changed', message });
  return { changed: true, message };
}

/**
 * Makes the fallback (the version live before the last promote) live again. Run again, it finds
 * the fallback already live and changes nothing; going further back is a promote of that version.
 */
export async function rollback(storage: Storage, actor: Actor, remote: ReleasableRemote): Promise<Outcome> {
  const live = await readLive(storage);
  const current = live[remote];
  let outcome: Outcome;
  if (!current) {
    outcome = { changed: false, message: `${remote} has no promoted version: the built-in remote is live; nothing changed.` };
  } else if (!current.fallback) {
    // The first promote's fallback is the built-in remote: going back to it is dropping the entry.
    delete live[remote];
    await writeJson(storage, LIVE_KEY, live);
    outcome = { changed: true, message: `${remote} is back on the built-in remote (was ${current.live}).` };
  } else if (current.fallback === current.live) {
    outcome = { changed: false, message: `${remote} is already rolled back to ${current.live}; nothing changed.` };
  } else {
    live[remote] = { live: current.fallback, fallback: current.fallback };
    await writeJson(storage, LIVE_KEY, live);
    outcome = { changed: true, message: `${remote} ${current.fallback} is live again (was ${current.live}).` };
  }
  await log(storage, actor, { command: 'rollback', remote, version: live[remote]?.live ?? null, outcome: outcome.changed ? 'changed' : 'unchanged', message: outcome.message });
  return outcome;
}

export async function releaseLog(storage: Storage, limit = 20): Promise<LogEntry[]> {
  const keys: string[] = [];
  for await (const object of storage.list('remote-releases/log/')) keys.push(object.key);
  keys.sort();
  const entries: LogEntry[] = [];
  for (const key of keys.slice(-limit)) {
    const entry = await readJson<LogEntry>(storage, key);
    if (entry) entries.push(entry);
  }
  return entries;
}

/**
 * The manifest entries of the promoted remotes (over the built-in manifest): the live version's
 * entry, and under `fallbacks` the entry the shell loads when it fails: the previous live version,
 * or the built-in entry after a first promote.
 */
export function releasedManifest(live: LiveState, builtIn: Record<string, string>): { entries: Record<string, string>; fallbacks: Record<string, string> } {
  const entries: Record<string, string> = {};
  const fallbacks: Record<string, string> = {};
  for (const remote of RELEASABLE_REMOTES) {
    const state = live[remote];
    if (!state || !VERSION.test(state.live)) continue;
    entries[remote] = entryUrlOf(remote, state.live);
    if (!state.fallback) {
      // A first promote falls back to the built-in remote.
      if (builtIn[remote]) fallbacks[remote] = builtIn[remote];
    } else if (state.fallback !== state.live && VERSION.test(state.fallback)) {
      fallbacks[remote] = entryUrlOf(remote, state.fallback);
    }
    // Rolled back (the fallback is live): nothing to fall back to.
  }
  return { entries, fallbacks };
}
