import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * A secret from the settings (environment), or else one the app makes once and keeps in the
 * database (app_secrets), so every API instance uses the same one and restarts keep sessions
 * valid. An install from before the table kept its secrets in DATA_DIR/secrets.json: a value
 * found there is the one taken into the database, so its sessions stay valid too. Two instances
 * starting at once both insert-if-absent and then read the row that won.
 */
export async function loadSecret(db: Db, dataDir: string, name: string, envValue: string | undefined): Promise<string> {
  if (envValue) return envValue;
  const stored = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (stored) return stored.value;
  await db
    .insertInto('app_secrets')
    .values({ name, value: legacySecret(dataDir, name) ?? randomBytes(48).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

function legacySecret(dataDir: string, name: string): string | undefined {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const value = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)[name];
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}
