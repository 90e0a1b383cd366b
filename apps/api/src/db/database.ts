import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Driver,
  type MigrationProvider,
  type SchemaMetadata,
  type SqliteDatabase,
  type TableMetadata,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import type { Database } from './schema';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests give each run its own); defaults to the server's search_path. */
  pgSchema?: string;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export function createDatabase(opts: DatabaseOptions): { db: Db; dialect: Dialect } {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // An idle connection that breaks (the database restarted, a network blip) is dropped from the
    // pool and replaced on the next query; unhandled, its error would end the process.
    // The same for a connection that breaks while checked out between two queries: the query
    // that uses it next fails (a 500 or a failed readiness check), the process goes on.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { db: new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(opts.dataDir, 'voxclub.sqlite'));
  // WAL lets readers run while a write is in progress; NORMAL sync is safe with WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new TurnTakingSqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/**
 * Kysely's PostgreSQL introspector lists the tables of every schema of the database, and its
 * migrator asks it whether its own tables exist. That query looks each table up again by name
 * (`pg_get_serial_sequence('<schema>.<table>')`, `has_schema_privilege('<schema>')`) while it runs,
 * so when another process drops a schema meanwhile (each API test file drops its own schema when
 * it ends; a bench or a second install on the same database may too), this app's start fails with
 * "relation <other schema>.users does not exist". The app only ever needs its own schema (the
 * first of its search_path, `current_schema()`), so the introspector here lists that one alone.
 */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaPostgresIntrospector(db);
  }
}

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

class OwnSchemaPostgresIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ nspname: string }>`select nspname from pg_catalog.pg_namespace`.execute(this.db);
    return rows.map((row) => ({ name: row.nspname }));
  }

  /** Kysely's own query (same fields and order), limited to `current_schema()`. */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select a.attname as "column", a.attnotnull as not_null, a.atthasdef as has_default,
             c.relname as "table", c.relkind as table_type, ns.nspname as "schema",
             typ.typname as "type", dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
        ${options.withInternalKyselyTables ? sql`` : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`}
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        isNullable: !row.not_null,
        comment: row.column_description ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/**
 * better-sqlite3 runs each statement synchronously, so a request that makes several queries in a
 * row (a sign-in makes four: the account, its lockout state, the new session, the privileges)
 * would do all of them, and the work between them, in one stretch of the event loop while every
 * other request waits. Here each query (or transaction) first gives the event loop a turn
 * (`setImmediate`), as an asynchronous driver would by waiting for the network: waiting requests
 * are answered between one request's queries. Inside a transaction
 * nothing yields: the connection is held from BEGIN to COMMIT, so its statements still run in one
 * go and never keep other requests waiting on the connection across turns.
 */
class TurnTakingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return acquire();
    };
    return driver;
  }
}

/**
 * Kysely prepares every SQLite statement afresh, which costs more than running a short indexed
 * query (the notifications poll runs every 30 s per open tab). The app issues a small, fixed set
 * of SQL texts, so their prepared statements are kept and reused (least recently used dropped
 * first). Safe with Kysely's SQLite driver: it runs one query at a time on its one connection,
 * and SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql); // re-insert below: Map order is recency order
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `pgSchema`: the PostgreSQL schema the app runs in. Kysely looks for its migration tables in
 * every schema unless told which one, so another schema's tables (parallel test runs, a bench)
 * would count as this one's.
 * Migrations are numbered in blocks per area (see migrations/index.ts), so a new step in one
 * area's block can sort before steps of another area that an install already ran: run it anyway
 * (`allowUnorderedMigrations`); steps of different areas never depend on each other's order.
 */
export async function migrateToLatest(db: Db, pgSchema?: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema: pgSchema, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
