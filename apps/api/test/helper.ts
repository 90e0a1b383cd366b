import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { newId } from '../src/db/ids';

/**
 * Builds the real app against a real database: a fresh SQLite file in a temp DATA_DIR, or,
 * when DATABASE_URL is set, a fresh PostgreSQL schema that is dropped again on close.
 */
export async function build(env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  app.addHook('onClose', async () => {
    if (databaseUrl && schema) await withPg(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
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

/** Inserts a user straight into the database and signs an access token for it. */
export async function createUser(
  app: FastifyInstance,
  { email = `u${newId(8).toLowerCase()}@example.com`, password = 'secret-pass', role = 'member', handle = null as string | null } = {},
): Promise<TestUser> {
  const id = newId();
  await app.db
    .insertInto('users')
    .values({
      id,
      email,
      login_id: null,
      handle,
      name: null,
      photo: null,
      bio: null,
      password_hash: await argon2.hash(password, { type: argon2.argon2id }),
      ms_oid: null,
      role,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { id, email, password, token: await app.signAccessToken(id) };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
