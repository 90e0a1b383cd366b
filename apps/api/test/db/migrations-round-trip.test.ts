import { Migrator, NO_MIGRATIONS } from 'kysely';
import { migrateToLatest, type Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations';
import { scratchDatabase } from '../fixtures/scratch-database';

// Every migration's undo is real: the whole list goes up, all the way down (each step's `down`,
// newest first) and up again, on the database this pass runs on: SQLite in api:test, PostgreSQL
// in api:test-pg (DATABASE_URL set), so both databases are covered. A `down` that forgets a table,
// an index or a column fails the second `up`; the tables and their columns must come back the same.
const APP_TABLES = (names: string[]) => names.filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_'));

describe('migrations: up, down and up again', () => {
  const scratch = scratchDatabase('vox-migrations-');
  let db: Db;

  beforeAll(() => {
    db = scratch.db;
  });

  const tables = async () => APP_TABLES((await db.introspection.getTables()).map((t) => t.name)).sort();
  /** Every app table with its columns (name, type, nullability, default): the second `up` must build the same. */
  const columns = async () =>
    (await db.introspection.getTables())
      .filter((t) => APP_TABLES([t.name]).length)
      .map((t) => [t.name, t.columns.map((c) => `${c.name} ${c.dataType}${c.isNullable ? '' : ' not null'}${c.hasDefaultValue ? ' default' : ''}`).sort()] as const)
      .sort(([x], [y]) => x.localeCompare(y));
  const migrator = () =>
    new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: scratch.schema, allowUnorderedMigrations: true });

  it('runs every migration up, every undo down to an empty database, and every migration up again', async () => {
    await migrateToLatest(db, scratch.schema);
    const first = await tables();
    const firstColumns = await columns();
    expect(first.length).toBeGreaterThan(20);

    const down = await migrator().migrateTo(NO_MIGRATIONS);
    const failedDown = down.results?.find((r) => r.status === 'Error');
    expect({ error: down.error ? String(down.error) : undefined, failed: failedDown?.migrationName }).toEqual({ error: undefined, failed: undefined });
    expect(down.results?.filter((r) => r.direction === 'Down').length).toBe(Object.keys(migrations).length);
    expect(await tables()).toEqual([]);

    await migrateToLatest(db, scratch.schema);
    expect(await tables()).toEqual(first);
    expect(await columns()).toEqual(firstColumns);
  });
});
