// Gets a PostgreSQL schema ready for one e2e server: creates the database of the URL when it is
// missing (as `createdb` would), then drops the schema and its job queue's schema and creates the
// schema empty, so every run starts from nothing. The server migrates it when it starts.
// Usage: node apps/e2e/support/pg-database.mjs <database url> <schema>
import pg from 'pg';

const [url, schema] = process.argv.slice(2);
if (!url || !/^[a-z_][a-z0-9_]{0,40}$/.test(schema ?? '')) {
  console.error('usage: pg-database.mjs <postgres url> <schema: a lower-case SQL identifier>');
  process.exit(2);
}
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[A-Za-z0-9_]+$/.test(name)) {
  console.error(`pg-database.mjs: the database name "${name}" must be letters, digits and _`);
  process.exit(2);
}

const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const admin = new pg.Client({ connectionString: maintenance.toString() });
await admin.connect();
try {
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) {
    // Two servers may start at once: the other may have created it in between.
    await admin.query(`CREATE DATABASE "${name}"`).catch((err) => {
      if (err.code !== '42P04') throw err;
    });
  }
} finally {
  await admin.end();
}

const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE; CREATE SCHEMA ${schema}`);
} finally {
  await db.end();
}
