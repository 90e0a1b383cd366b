import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import argon2 from 'argon2';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { newId } from '../src/db/ids';
import { ARGON2_OPTIONS } from '../src/plugins/app/password-hashing';

/**
 * Builds the real app against a real database: a fresh SQLite file in a temp DATA_DIR, or,
 * when DATABASE_URL is set, a fresh PostgreSQL schema that is dropped again on close.
 */
export async function build(
  env: NodeJS.ProcessEnv = {},
  /** A pino destination (`logger: { stream }`) or a route observer, for the logging and bad-input tests. */
  options: Pick<BuildOptions, 'logger' | 'onRoute'> & {
    /** Runs before ready(): tests register throw-away routes here (e.g. behind requirePrivilege). */
    setup?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-api-'));
  const databaseUrl = process.env.DATABASE_URL;
  let schema: string | undefined;
  if (databaseUrl) {
    schema = `t_${newId(12).toLowerCase()}`;
    await withPg(databaseUrl, (c) => c.query(`CREATE SCHEMA ${schema}`));
  }
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web'),
    // The suite runs beside other projects' suites and its own workers, which keep both cores
    // busy: an idle-priority hasher would get next to no CPU and a sign-in would outlast its
    // test. The idle priority itself is tested in password-hashing.test.ts.
    PASSWORD_HASH_PRIORITY: 'normal',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const { setup, ...buildOptions } = options;
  const cleanUp = async () => {
    // The job queue (pg-boss) keeps its tables in a schema of its own beside the app's.
    if (databaseUrl && schema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // A failed start (a broken migration) must not leave its schema behind in the shared database.
  const app = await buildApp({ config, logger: false, ...buildOptions }).catch(async (err: unknown) => {
    await cleanUp();
    throw err;
  });
  // onClose hooks run last-added first: let the job queue finish its running jobs (they write to
  // the schemas) before the schemas go.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await cleanUp();
  });
  if (setup) await setup(app);
  await app.ready();
  return app;
}

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * One argon2 hash per password per test process, made with the app's own settings (so a sign-in
 * never rehashes it): a real hash that the real verify checks, without paying ~0.1-0.2 s of CPU
 * for every one of the suite's hundreds of users, twice (SQLite and PostgreSQL passes).
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = argon2.hash(password, ARGON2_OPTIONS);
    // A failed hash is not kept: the next user with that password tries again.
    hash.catch(() => hashes.delete(password));
    hashes.set(password, hash);
  }
  return hash;
};

/** Inserts a user straight into the database and signs an access token for it. */
export async function createUser(
  app: FastifyInstance,
  { email = `u${newId(8).toLowerCase()}@example.com`, password = 'secret-pass', role = 'member', handle = null as string | null, name = null as string | null } = {},
): Promise<TestUser> {
  const id = newId();
  await app.db
    .insertInto('users')
    .values({
      id,
      email,
      login_id: null,
      handle,
      name,
      photo: null,
      bio: null,
      password_hash: await hashOf(password),
      ms_oid: null,
      role,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { id, email, password, token: await app.signAccessToken(id) };
}

let members = 0;
/** A member with a handle of their own (`prefix` then a count) and, when given, a name: as the social pages show people. */
export async function createMember(app: FastifyInstance, name: string | null = null, prefix = 'm'): Promise<TestUser & { handle: string; name: string | null }> {
  const handle = `${prefix}${Date.now().toString(36)}x${++members}`;
  return Object.assign(await createUser(app, { handle, name }), { handle, name });
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

/** Collects the app's log (pino JSON lines) for the tests that read it: pass `stream` as `logger.stream`. */
export function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  let raw = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      raw += String(chunk);
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream, text: () => raw };
}
