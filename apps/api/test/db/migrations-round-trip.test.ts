import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, NO_MIGRATIONS } from 'kysely';
import pg from 'pg';
import { createDatabase, migrateToLatest, type Db } from '../../src/db/database';
import { newId } from '../../src/db/ids';
import { migrations } from '../../src/db/migrations';

// Every migration's undo is real: the whole list goes up, all the way down (each step's `down`,
// newest first) and up again, on the database this pass runs on (SQLite, or PostgreSQL when
// DATABASE_URL is set). A `down` that forgets a table, an index or a column fails the second `up`.
const PG_URL = process.env.DATABASE_URL;
const APP_TABLES = (names: string[]) => names.filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_'));

describe('migrations: up, down and up again', () => {
  let db: Db;
  let dataDir: string | undefined;
  let admin: pg.Client | undefined;
  const schema = `t_${newId(12).toLowerCase()}`;

  beforeAll(async () => {
    if (PG_URL) {
      admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      db = createDatabase({ dataDir: '/nonexistent', databaseUrl: PG_URL, pgSchema: schema }).db;
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-migrations-'));
      db = createDatabase({ dataDir }).db;
    }
  });

  afterAll(async () => {
    await db.destroy();
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const tables = async () => APP_TABLES((await db.introspection.getTables()).map((t) => t.name)).sort();
  const migrator = () =>
    new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: PG_URL ? schema : undefined, allowUnorderedMigrations: true });

  it('runs every migration up, every undo down to an empty database, and every migration up again', async () => {
    await migrateToLatest(db, PG_URL ? schema : undefined);
    const first = await tables();
    expect(first.length).toBeGreaterThan(20);

    const down = await migrator().migrateTo(NO_MIGRATIONS);
    const failedDown = down.results?.find((r) => r.status === 'Error');
    expect({ error: down.error ? String(down.error) : undefined, failed: failedDown?.migrationName }).toEqual({ error: undefined, failed: undefined });
    expect(down.results?.filter((r) => r.direction === 'Down').length).toBe(Object.keys(migrations).length);
    expect(await tables()).toEqual([]);

    await migrateToLatest(db, PG_URL ? schema : undefined);
    expect(await tables()).toEqual(first);
  });
});
