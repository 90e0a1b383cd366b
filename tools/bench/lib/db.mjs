// The bench's own database, opened beside the server for rows no API call makes (other members,
// years of history): SQLite's file in DATA_DIR, or the bench's PostgreSQL schema.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * `insert(table, rows)`: rows as objects (every row the first one's columns), in one transaction
 * on SQLite, 500 to a statement on PostgreSQL. `first(sql, params)`: the first row, `?` for each
 * parameter on both databases.
 */
function openDatabase(kind, { dataDir, pgUrl, schema }) {
  if (kind === 'sqlite') {
    const db = new Database(path.join(dataDir, 'voxclub.sqlite'));
    db.pragma('busy_timeout = 5000');
    return {
      async insert(table, rows) {
        if (rows.length === 0) return;
        const cols = Object.keys(rows[0]);
        const stmt = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
        db.transaction(() => rows.forEach((r) => stmt.run(...cols.map((c) => r[c]))))();
      },
      async first(text, params = []) {
        return db.prepare(text).get(...params);
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
  const ready = client.connect();
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  return {
    async insert(table, rows) {
      await ready;
      if (rows.length === 0) return;
      const cols = Object.keys(rows[0]);
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const params = [];
        const tuples = chunk.map((r) => `(${cols.map((c) => `$${params.push(r[c])}`).join(', ')})`);
        await client.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')}`, params);
      }
    },
    async first(text, params = []) {
      await ready;
      return (await client.query(numbered(text), params)).rows[0];
    },
    async close() {
      await ready;
      await client.end();
    },
  };
}

/**
 * A store of the bench's own: a fresh DATA_DIR and, on PostgreSQL, a fresh schema in `pgUrl`.
 * `env` is what the server needs to use it; `open()` opens it beside the server (openDatabase);
 * `remove()` drops the schema and the folder.
 */
export async function benchStore(kind, pgUrl, name = 'bench') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vox-${name}-${kind}-`));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  let admin;
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  }
  return {
    dataDir,
    env: { DATA_DIR: dataDir, ...(kind === 'postgres' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}) },
    open: () => openDatabase(kind, { dataDir, pgUrl, schema }),
    async remove() {
      if (admin) {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
