// The bench's own database, opened beside the server for rows no API call makes (other members,
// years of history): SQLite's file in DATA_DIR, or the bench's PostgreSQL schema.
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * `insert(table, rows)`: rows as objects (every row the first one's columns), in one transaction
 * on SQLite, 500 to a statement on PostgreSQL. `first(sql, params)`: the first row, `?` for each
 * parameter on both databases.
 */
export function openDatabase(kind, { dataDir, pgUrl, schema }) {
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
