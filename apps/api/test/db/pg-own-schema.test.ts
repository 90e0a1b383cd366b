import pg from 'pg';
import { createDatabase, migrateToLatest, type Db } from '../../src/db/database';
import { newId } from '../../src/db/ids';

// PostgreSQL only (run in the PostgreSQL pass, api:test-pg): the app looks at its own schema alone
// when it asks which tables exist, so other schemas of the same database (other API test files,
// a bench, a second install) neither count as its own nor break its start when they are dropped
// meanwhile (src/db/database.ts, OwnSchemaPostgresDialect).
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe("PostgreSQL: the app's introspection stays in its own schema", () => {
  let admin: pg.Client;
  const schemas: string[] = [];
  const dbs: Db[] = [];
  const newSchema = async () => {
    const name = `t_${newId(12).toLowerCase()}`;
    schemas.push(name);
    await admin.query(`CREATE SCHEMA ${name}`);
    return name;
  };
  const open = (pgSchema: string) => {
    const { db } = createDatabase({ dataDir: '/nonexistent', databaseUrl: PG_URL, pgSchema });
    dbs.push(db);
    return db;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.destroy()));
    for (const name of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await admin.end();
  });

  it("lists only its own schema's tables, and migrates beside another schema's migration tables", async () => {
    const other = await newSchema();
    await admin.query(`CREATE TABLE ${other}.users (id serial PRIMARY KEY); CREATE TABLE ${other}.kysely_migration (name text PRIMARY KEY)`);
    const own = await newSchema();
    const db = open(own);

    expect(await db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);

    await migrateToLatest(db, own);
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own]));
    const names = tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'kysely_migration', 'kysely_migration_lock']));
    // Without the option, Kysely's own tables stay out, as with Kysely's introspector.
    expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
    // The columns are read as Kysely reads them.
    const users = tables.find((t) => t.name === 'users');
    expect(users?.columns.find((c) => c.name === 'id')).toMatchObject({ dataType: 'text', isNullable: false, isAutoIncrementing: false });
    // The other schema's tables are still there, untouched.
    const { rows } = await admin.query(`SELECT count(*)::int AS n FROM ${other}.kysely_migration`);
    expect(rows[0].n).toBe(0);
  });

  it('starts, and lists its tables, while other schemas are created and dropped around it', async () => {
    const own = await newSchema();
    const db = open(own);
    let working = true;
    // Four clients each create a schema with tables and drop it, over and over, as parallel test
    // files do; Kysely's introspector failed here ("relation t_....users does not exist").
    const churners = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        return client;
      }),
    );
    const churn = churners.map(async (client) => {
      let rounds = 0;
      while (working || rounds < 5) {
        const name = `t_${newId(12).toLowerCase()}`;
        await client.query(`CREATE SCHEMA ${name}; CREATE TABLE ${name}.users (id serial PRIMARY KEY, email text); CREATE TABLE ${name}.roles (id serial PRIMARY KEY)`);
        await client.query(`DROP SCHEMA ${name} CASCADE`);
        rounds += 1;
      }
      await client.end();
      return rounds;
    });
    try {
      await migrateToLatest(db, own);
      for (let i = 0; i < 40; i += 1) {
        const tables = await db.introspection.getTables();
        expect(tables.map((t) => t.name)).toContain('users');
      }
    } finally {
      working = false;
    }
    for (const rounds of await Promise.all(churn)) expect(rounds).toBeGreaterThanOrEqual(5);
  });
});
