import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { allEndpoints, type FirstReadName } from '@vox/contract/schemas';
import pg from 'pg';
import { E2E_PG_URL, PG_SCHEMA, SLOT_DATA_DIR, appUrl, currentDatabase, useDatabase, type E2eDatabase } from './ports';

export const root = path.resolve(__dirname, '../../..');
/** The DATA_DIR of this worker's e2e server on SQLite (playwright.config.ts). */
export const e2eTmp = path.resolve(root, process.env.E2E_TMP ?? 'tmp/e2e');
export const dataDir = path.join(e2eTmp, SLOT_DATA_DIR);

/**
 * Where a spec's screenshots go, made if missing: tmp/screens/<name> (E2E_SHOTS moves the
 * parent). They are there to be looked at, never compared.
 */
export function shotsDir(name: string): string {
  const dir = path.join(process.env.E2E_SHOTS ?? path.join(root, 'tmp', 'screens'), name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

let counter = 0;
/** A fresh email per call, unique across runs. */
export const freshEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${++counter}@example.com`;

export interface TestAccount {
  email: string;
  password: string;
  id: string;
}

/**
 * Every test comes from its own client address (the e2e server trusts X-Forwarded-For), so the
 * real per-IP limit of 20 sign-in attempts a minute applies per test, not to the whole suite.
 * `database` is the worker's project's (playwright.config.ts): the helpers (appUrl, runSql) then
 * talk to that database's server.
 */
export const test = base.extend<object, { database: E2eDatabase; databaseInUse: void }>({
  database: ['sqlite', { option: true, scope: 'worker' }],
  databaseInUse: [
    async ({ database }, use) => {
      useDatabase(database);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  extraHTTPHeaders: async ({}, use) => {
    const ip = `198.51.100.${(Date.now() + ++counter) % 250}`;
    await use({ 'x-forwarded-for': ip });
  },
});
export { expect };

/** Creates an account through the real API. */
export async function createAccount(request: APIRequestContext, password = 'secret-pass'): Promise<TestAccount> {
  const email = freshEmail();
  const res = await request.post(appUrl('localhost', '/api/users/create'), { data: { username: email, password } });
  expect(res.status(), await res.text()).toBe(201);
  const user = await res.json();
  return { email, password, id: user.id };
}

/**
 * Signs the page's browser context in through the API, which sets the refresh cookie for the
 * host. Other hosts than localhost are signed in from a page of theirs: only the browser
 * resolves *.localhost.
 */
export async function signIn(page: Page, account: TestAccount, host = 'localhost') {
  const credentials = { username: account.email, password: account.password };
  if (host === 'localhost') {
    const res = await page.request.post(appUrl(host, '/api/users/authenticate'), { data: credentials });
    expect(res.status(), await res.text()).toBe(200);
    return;
  }
  // The page's own start-up refresh ends first: a drawn page sends it after its first paint, and
  // one still under way when the sign-in's cookie arrived would sign this page in too, whose header
  // then reads on while the test's next page loads.
  const refreshed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/refresh-token');
  await page.goto(appUrl(host, '/guide'));
  await refreshed;
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/users/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
    });
    return res.status;
  }, credentials);
  expect(status).toBe(200);
}

/** Runs the real admin CLI against the e2e server's database. */
export function admin(...args: string[]): string {
  return execFileSync(process.execPath, [path.join(root, 'dist/apps/api/admin.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

/** The 6-digit code of the newest reset mail sent to `email` (the server writes .eml files). */
export function latestResetCode(email: string): string {
  const outbox = path.join(dataDir, 'mail');
  const mails = fs
    .readdirSync(outbox)
    .sort()
    .reverse()
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.toLowerCase().includes(email.toLowerCase()));
  const code = mails[0] && /\b(\d{6})\b/.exec(mails[0].replace(/=\r?\n/g, ''));
  if (!code) throw new Error(`No reset mail for ${email} in ${outbox}`);
  return code[1];
}

/**
 * Test data the UI of this issue cannot create yet (scripts, sessions, share links and
 * notifications get their own screens later): written straight into the e2e server's SQLite
 * file, which WAL mode lets two processes share.
 */
export function withDb<T>(fn: (db: import('better-sqlite3').Database) => T): T {
  // A spec of the postgres project would write to a SQLite file its server never reads.
  if (currentDatabase() !== 'sqlite') throw new Error('withDb reaches the SQLite server only: on both databases use runSql');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'voxclub.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * One statement with `?` parameters on the database of the server the spec talks to: the SQLite
 * file, or the slot's PostgreSQL schema. For data no screen sets (a name, the staff role).
 */
export async function runSql(statement: string, params: unknown[]): Promise<void> {
  if (currentDatabase() === 'sqlite') {
    withDb((db) => db.prepare(statement).run(...params));
    return;
  }
  let n = 0;
  const client = new pg.Client({ connectionString: E2E_PG_URL, options: `-c search_path=${PG_SCHEMA}` });
  await client.connect();
  try {
    await client.query(statement.replace(/\?/g, () => `$${++n}`), params);
  } finally {
    await client.end();
  }
}

const rid = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36);

export function addNotification(userId: string): string {
  const id = Date.now().toString().padStart(15, '0') + Math.floor(Math.random() * 1e9).toString(36).padStart(9, '0');
  withDb((db) =>
    db
      .prepare('insert into notifications (id, user_id, type, payload, created_at) values (?, ?, ?, ?, ?)')
      .run(id, userId, 'direct_message', '{"text":"Hello!"}', new Date().toISOString()),
  );
  return id;
}

/** A public script with a reading session and a share link to it; answers their ids. */
export function addSharedSession(ownerId: string, { revoked = false } = {}) {
  const now = new Date().toISOString();
  const ids = { script: `sc${rid()}`, session: `rs${rid()}`, link: `ln${rid()}` };
  withDb((db) => {
    db.prepare('insert into scripts (id, owner_id, title, visibility, is_free, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)').run(
      ids.script,
      ownerId,
      'The Importance of Being Earnest, Act I',
      'public',
      now,
      now,
    );
    db.prepare('insert into reading_sessions (id, script_id, created_by, created_at) values (?, ?, ?, ?)').run(ids.session, ids.script, ownerId, now);
    db.prepare('insert into share_links (id, session_id, role_name, created_by, created_at, revoked_at) values (?, ?, null, ?, ?, ?)').run(
      ids.link,
      ids.session,
      ownerId,
      now,
      revoked ? now : null,
    );
  });
  return ids;
}

/** A tiny real PNG (2x2, purple), stored the way the server stores uploaded photos. */
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGPYFfFyV8RLBggFADbGB+3R4JzCAAAAAElFTkSuQmCC',
  'base64',
);

/** Gives the user a profile photo: the file under DATA_DIR/uploads/photos, its row, users.photo. */
export function setPhoto(userId: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const id = createHash('sha256').update(PNG_2X2).digest('hex');
  const dir = path.join(dataDir, 'uploads', 'photos');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, id), PNG_2X2);
  withDb((db) => {
    db.prepare('insert or ignore into photos (id, content_type, byte_size, created_at) values (?, ?, ?, ?)').run(
      id,
      'image/png',
      PNG_2X2.length,
      new Date().toISOString(),
    );
    db.prepare('update users set photo = ?, name = ? where id = ?').run(id, 'Grace Hopper', userId);
  });
  return id;
}

/**
 * The API reads a request carries: a GET's own path and query, or, for the page's first script's
 * one `GET /api/first-reads?read=<endpoint>&<endpoint>.<key>=<value>`, the URL of each read it
 * names (the contract's path and its query, as the server builds it).
 */
export function readsOf(requestUrl: string): string[] {
  const url = new URL(requestUrl);
  if (url.pathname !== '/api/first-reads') return [url.pathname + url.search];
  return url.searchParams.getAll('read').map((name) => {
    const own = new URLSearchParams();
    for (const [key, value] of url.searchParams) if (key.startsWith(`${name}.`)) own.append(key.slice(name.length + 1), value);
    const search = own.toString();
    return `${allEndpoints[name as FirstReadName].path}${search ? `?${search}` : ''}`;
  });
}

/** A read's answer a test gives instead of the server's. */
interface GivenAnswer {
  status: number;
  json: unknown;
}

/**
 * Routes the page's GETs of `path` (no query), whether sent alone or batched in its first
 * script's `GET /api/first-reads`: each is offered to `answer` in order, which gives an answer of
 * its own or null to let the server's through (`served` then gets its status).
 */
export async function routeReads(page: Page, path: string, answer: (url: string) => GivenAnswer | null, served: (status: number) => void = () => undefined) {
  const isPath = (read: string) => read.split('?')[0] === path;
  await page.route(`**${path}*`, async (route) => {
    if (!isPath(new URL(route.request().url()).pathname)) return route.fallback();
    const given = answer(route.request().url());
    if (given) return route.fulfill({ status: given.status, json: given.json });
    const response = await route.fetch();
    served(response.status());
    return route.fulfill({ response });
  });
  await page.route('**/api/first-reads*', async (route) => {
    const response = await route.fetch();
    const batch = (await response.json()) as { reads: { url: string; status: number; body: unknown }[] };
    for (const read of batch.reads) {
      if (!isPath(read.url)) continue;
      const given = answer(read.url);
      if (given) Object.assign(read, { status: given.status, body: given.json });
      else served(read.status);
    }
    return route.fulfill({ response, json: batch });
  });
}
