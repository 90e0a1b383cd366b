#!/usr/bin/env node
// The metrics dashboard at scale (figures in ../README.md, "Metrics bench"):
//
//   1. builds the server bundle (--no-build reuses dist/apps/api);
//   2. for SQLite and PostgreSQL: starts the real server once (it runs the migrations), stops it,
//      loads --users users (50,000), --rows activity rows (1,000,000) over --days days (180) ending
//      now, plus scripts, reading sessions, takes, subscriptions and 300,000 podcast plays, straight
//      into the database;
//   3. starts the server again, signs a staff member in through the API and times
//      GET /api/metrics?charts=<one chart> for a 30-day and a 180-day range (Europe/Berlin, so the
//      180-day range crosses a change of summer time), all sites and one site: the median and the
//      slowest of --runs calls after one warm-up call; target under 150 ms for each; then the
//      page's load, every chart's request at once, until the last answer. The server runs with
//      ACTIVITY_RETENTION_DAYS=0 (documented: keep every age), and the activity rows are counted
//      before and after the timings: all of them must still be there;
//   4. the cost of recording an activity: POST /api/activities (the HTTP round trip, --posts
//      calls), and the database's share: today's transaction (the row and its rollups) against
//      the single INSERT with the index set before migration 090.
//
//   node tools/bench/metrics/metrics.mjs [--no-build] [--db sqlite,postgres] [--rows n] [--users n] [--runs n] [--pg-url url]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import Database from 'better-sqlite3';
import pg from 'pg';
import { machine } from '../lib/machine.mjs';
import { build, startServer } from '../lib/server.mjs';
import { median, quantile } from '../lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'sqlite,postgres' },
    rows: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '50000' },
    days: { type: 'string', default: '180' },
    runs: { type: 'string', default: '7' },
    posts: { type: 'string', default: '500' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const ROWS = Number(args.rows);
const USERS = Number(args.users);
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const POSTS = Number(args.posts);
const TARGET_MS = 150;
const DAY = 86_400_000;
/** The page's load: each chart its own request, all at once (no target: the charts draw as they come). */
const PAGE = 'page, all at once';
const PARTS = ['activeUsers', 'visits', 'logins', 'shareLinks', 'readingSessions', 'subscriptions', 'episodes', 'topPages'];
const ROUTES = ['/', '/scripts', '/session/:id', '/s/:id', '/script/:id', '/history', '/friends', '/notifications', '/members/:handle', '/profile/:id', '/guide', '/about', '/membership', '/events', '/event/:id', '/scripts/edit/:id', '/scripts/create', '/write', '/faq', '/metrics'];

// A seeded generator, so both databases hold the same rows.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const id = (n) => `b${n.toString(36).padStart(11, '0')}`;

/** Inserts rows in batches; `exec` runs plain SQL. */
function openDatabase(kind, { dataDir, pgUrl, schema }) {
  if (kind === 'sqlite') {
    const db = new Database(path.join(dataDir, 'voxclub.sqlite'));
    db.pragma('busy_timeout = 5000');
    return {
      async insert(table, cols, rows) {
        const stmt = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
        db.transaction(() => rows.forEach((r) => stmt.run(...r)))();
      },
      async exec(text) {
        db.exec(text);
      },
      async count(table) {
        return Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n);
      },
      /** Time of `count` recordings, each its statements in one transaction, in ms each. */
      async timeInserts(count, statements) {
        const prepared = new Map();
        const times = [];
        for (let i = 0; i < count; i++) {
          const list = statements(i);
          const t = process.hrtime.bigint();
          db.transaction(() => {
            for (const [text, values] of list) {
              if (!prepared.has(text)) prepared.set(text, db.prepare(text.replace(/\$\d+/g, '?')));
              prepared.get(text).run(...values);
            }
          })();
          times.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
        return times;
      },
      async close() {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
  const ready = client.connect();
  return {
    async insert(table, cols, rows) {
      await ready;
      // One statement per 5,000 rows: each column as an array, unnested.
      for (let i = 0; i < rows.length; i += 5000) {
        const chunk = rows.slice(i, i + 5000);
        const arrays = cols.map((_, c) => chunk.map((r) => r[c]));
        const types = cols.map((col) => (['byte_size', 'position', 'picked', 'duration_ms', 'is_free', 'explicit'].includes(col) ? 'integer[]' : 'text[]'));
        await client.query(`INSERT INTO ${table} (${cols.join(', ')}) SELECT * FROM unnest(${types.map((t, n) => `$${n + 1}::${t}`).join(', ')})`, arrays);
      }
    },
    async exec(text) {
      await ready;
      await client.query(text);
    },
    async count(table) {
      await ready;
      return Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    },
    async timeInserts(count, statements) {
      await ready;
      const times = [];
      for (let i = 0; i < count; i++) {
        const list = statements(i);
        const t = process.hrtime.bigint();
        await client.query('BEGIN');
        for (const [text, values] of list) await client.query({ text, values });
        await client.query('COMMIT');
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      return times;
    },
    async close() {
      await ready;
      await client.end();
    },
  };
}

const STAFF = { email: 'bench-staff@example.com', password: 'bench-password-1', name: 'Bench Staff', handle: 'bench_staff' };

/** The data: users, product rows, then the activity log in time order, as it grows in life. */
async function load(db) {
  const random = generator(17);
  const now = Date.now();
  const start = now - DAYS * DAY;
  const iso = (ms) => new Date(ms).toISOString();
  const t0 = Date.now();
  // The staff member has a name and a handle, as a real one does after the first-run step.
  const users = [[id(0), STAFF.email, await argon2.hash(STAFF.password, { type: argon2.argon2id }), 'staff', iso(start), STAFF.name, STAFF.handle]];
  for (let n = 1; n <= USERS; n++) users.push([id(n), `user${n}@example.com`, null, 'member', iso(start + random() * DAYS * DAY), `User ${n}`, `user${n}`]);
  await db.insert('users', ['id', 'email', 'password_hash', 'role', 'created_at', 'name', 'handle'], users);
  const SCRIPTS = 1000;
  const scripts = Array.from({ length: SCRIPTS }, (_, n) => [`sc${n}`, id(1 + (n % USERS)), `Script ${n}`, 'public', 0, iso(start), iso(start), '', '', 'en']);
  await db.insert('scripts', ['id', 'owner_id', 'title', 'visibility', 'is_free', 'created_at', 'updated_at', 'synopsis', 'genre', 'language'], scripts);
  await db.insert('script_lines', ['id', 'script_id', 'position', 'kind', 'text'], scripts.map(([s]) => [`ln${s}`, s, 0, 'dialogue', 'Hello.']));
  await db.insert('audio_files', ['id', 'content_type', 'byte_size', 'created_at'], [['a'.repeat(64), 'audio/webm', 1000, iso(start)]]);
  const SESSIONS = 30_000;
  const sessions = Array.from({ length: SESSIONS }, (_, n) => [`rs${n}`, `sc${n % SCRIPTS}`, id(1 + Math.floor(random() * USERS)), iso(start + (n / SESSIONS) * DAYS * DAY)]);
  await db.insert('reading_sessions', ['id', 'script_id', 'created_by', 'created_at'], sessions);
  const TAKES = 150_000;
  const takes = Array.from({ length: TAKES }, (_, n) => {
    const s = Math.floor((n / TAKES) * SESSIONS);
    return [`tk${n}`, `rs${s}`, `lnsc${s % SCRIPTS}`, id(1 + Math.floor(random() * USERS)), `c${n}`, 'a'.repeat(64), 'audio/webm', 1000, iso(start + (n / TAKES) * DAYS * DAY)];
  });
  await db.insert('takes', ['id', 'session_id', 'line_id', 'user_id', 'client_id', 'audio_id', 'content_type', 'byte_size', 'created_at'], takes);
  const SUBSCRIPTIONS = 5000;
  const subscriptions = Array.from({ length: SUBSCRIPTIONS }, (_, n) => [`sb${n}`, id(1 + (n % USERS)), 'staff', iso(now + 365 * DAY), iso(start + (n / SUBSCRIPTIONS) * DAYS * DAY), 'bench']);
  await db.insert('subscriptions', ['id', 'user_id', 'role', 'expires_at', 'created_at', 'source'], subscriptions);
  // Podcast plays (the "Episodes played" chart): 20 channels of 10 episodes, and one play per
  // listener per episode per day (the table's key), spread over the period.
  const channels = Array.from({ length: 20 }, (_, n) => [`ch${n}`, id(1 + n), `Channel ${n}`, '', 'Arts', 'en', 0, iso(start), iso(start)]);
  await db.insert('podcast_channels', ['id', 'owner_id', 'title', 'description', 'category', 'language', 'explicit', 'created_at', 'updated_at'], channels);
  const EPISODES = 200;
  const episodes = Array.from({ length: EPISODES }, (_, n) => [`ep${n}`, `ch${n % 20}`, `Episode ${n}`, '', 'a'.repeat(64), 'audio/mpeg', 1000, 60_000, 'published', iso(start), iso(start), iso(start)]);
  await db.insert('podcast_episodes', ['id', 'channel_id', 'title', 'notes', 'audio_id', 'content_type', 'byte_size', 'duration_ms', 'status', 'published_at', 'created_at', 'updated_at'], episodes);
  const PLAYS = 300_000;
  const plays = Array.from({ length: PLAYS }, (_, n) => {
    const at = start + (n / PLAYS) * DAYS * DAY;
    // Listener n (unique per row) keeps the key unique; 60% signed in, the rest an anonymous id.
    return [`ep${Math.floor(random() * EPISODES)}`, random() < 0.6 ? `u:${id(1 + (n % USERS))}:${n}` : `a:${n}`, iso(at).slice(0, 10), iso(at)];
  });
  await db.insert('podcast_plays', ['episode_id', 'listener', 'day', 'created_at'], plays);

  // Activities: 60% by signed-in users (a few return often), in sessions of a few entries.
  const cols = ['id', 'user_id', 'local_time', 'session', 'path', 'action', 'context', 'created_at', 'variant', 'route'];
  const BATCH = 50_000;
  let batch = [];
  // Visits come in sessions (one browser tab: one user, one site, a few pages in a row); the log
  // holds entries in time order, each session's entries a few seconds apart.
  let user = null;
  let variant = 'main';
  for (let n = 0; n < ROWS; n++) {
    const at = start + ((n + random()) / ROWS) * DAYS * DAY;
    if (n % 6 === 0) {
      user = random() < 0.6 ? id(1 + Math.floor(USERS * random() ** 2)) : null;
      const v = random();
      variant = v < 0.7 ? 'main' : v < 0.9 ? 'school' : v < 0.98 ? 'podcast' : 'dashboard';
    }
    const r = random();
    const action = r < 0.85 ? 'visit' : r < 0.91 ? 'login' : r < 0.92 ? 'register' : r < 0.95 ? 'logout' : 'open_sharelink';
    const route = action === 'open_sharelink' ? '/s/:id' : ROUTES[Math.floor(ROUTES.length * random() ** 1.5)];
    const pathText = route.replace(/:\w+/, `x${n.toString(36)}`);
    batch.push([`ac${n}`, user, iso(at + 3_600_000), `s${Math.floor(n / 6).toString(36).padStart(9, '0')}`.slice(0, 10), pathText, action, null, iso(at), variant, route]);
    if (batch.length === BATCH) {
      await db.insert('activities', cols, batch);
      batch = [];
    }
  }
  if (batch.length) await db.insert('activities', cols, batch);
  // The rollups the server keeps with each entry, built for the loaded rows at once (the same
  // statements as the backfills of migrations 090 and 242).
  const hour = "substr(created_at, 1, 13) || ':00:00.000Z'";
  const day = "substr(created_at, 1, 10) || 'T00:00:00.000Z'";
  await db.exec(`insert into activity_hours (hour, variant, action, count) select ${hour}, coalesce(variant, ''), action, count(*) from activities group by ${hour}, coalesce(variant, ''), action`);
  // Each user's active hours per site and for all sites ('*'), with the previous one (migration 242).
  await db.exec(`insert into active_user_hours (site, user_id, hour, previous)
    select site, user_id, hour, coalesce(lag(hour) over (partition by site, user_id order by hour), '') from (
      select distinct coalesce(variant, '') as site, user_id, ${hour} as hour from activities where user_id is not null
      union
      select distinct '*' as site, user_id, ${hour} as hour from activities where user_id is not null
    ) x`);
  await db.exec(`insert into activity_route_days (day, variant, route, count) select ${day}, coalesce(variant, ''), coalesce(route, '(not recorded)'), count(*) from activities where action = 'visit' group by ${day}, coalesce(variant, ''), coalesce(route, '(not recorded)')`);
  return (Date.now() - t0) / 1000;
}

async function timeCall(url, headers) {
  const t = process.hrtime.bigint();
  const res = await fetch(url, { headers });
  const body = await res.text();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body}`);
  return { ms, body };
}

/** The time until every one of `urls`, asked at once, has answered. */
async function timeAll(urls, headers) {
  const t = process.hrtime.bigint();
  await Promise.all(urls.map((u) => timeCall(u, headers)));
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function benchDatabase(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vox-bench-metrics-${kind}-`));
  const logFile = path.join(dataDir, 'server.log');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  // ACTIVITY_RETENTION_DAYS=0 and a cap above the rows: the server's retention (90 days by
  // default) would delete the older half of the loaded rows at start, while the charts are timed.
  const env = { DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), TRUST_PROXY: '1', LOG_LEVEL: 'warn', ACTIVITY_RETENTION_DAYS: '0', ACTIVITY_MAX_ENTRIES: String(ROWS + POSTS + 1000), ...(kind === 'postgres' ? { DATABASE_URL: args['pg-url'], DATABASE_SCHEMA: schema } : {}) };
  let admin;
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: args['pg-url'] });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  }
  const results = { kind, charts: [], record: {} };
  try {
    // The first start runs the migrations.
    await (await startServer({ env, logFile })).stop();
    const db = openDatabase(kind, { dataDir, pgUrl: args['pg-url'], schema });
    const seconds = await load(db);
    // The steady state of a live database: statistics gathered, and on PostgreSQL the visibility map
    // set (autovacuum's work), so index-only scans need not visit the table.
    await db.exec(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    const loaded = await db.count('activities');
    results.rowsLoaded = loaded;
    if (loaded !== ROWS) throw new Error(`${kind}: ${loaded} activity rows in the database after loading ${ROWS}`);
    console.log(`${kind}: loaded ${ROWS.toLocaleString('en')} activities, ${USERS.toLocaleString('en')} users in ${seconds.toFixed(0)} s`);
    const server = await startServer({ env, logFile });
    const { url } = server;
    try {
      const signIn = await fetch(`${url}/api/users/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: STAFF.email, password: STAFF.password }) });
      const { token, user } = await signIn.json();
      if (!user?.name) throw new Error(`the staff member signed in without a name: ${JSON.stringify(user)}`);
      const auth = { authorization: `Bearer ${token}` };
      const today = new Date().toISOString().slice(0, 10);
      const daysBefore = (n) => new Date(Date.parse(today) - n * DAY).toISOString().slice(0, 10);
      // The server's first calls open its database connections and compile its code: one page
      // load first, untimed, so the first chart timed does not pay for them.
      await timeAll(PARTS.map((part) => `${url}/api/metrics?from=${daysBefore(6)}&to=${today}&tz=UTC&charts=${part}`), auth);
      for (const days of [30, 180]) {
        for (const variant of ['all', 'school']) {
          const target = (part) => `${url}/api/metrics?from=${daysBefore(days - 1)}&to=${today}&tz=Europe/Berlin&variant=${variant}&charts=${part}`;
          // Each chart alone, then the page's way: every chart's request at once, until the last answer.
          for (const part of [...PARTS, PAGE]) {
            const call = part === PAGE ? async () => ({ ms: await timeAll(PARTS.map(target), auth) }) : () => timeCall(target(part), auth);
            await call();
            const times = [];
            for (let i = 0; i < RUNS; i++) times.push((await call()).ms);
            results.charts.push({ days, variant, part, median: median(times), max: Math.max(...times) });
            console.log(`  ${kind} ${days} d ${variant.padEnd(6)} ${part.padEnd(18)} median ${median(times).toFixed(1).padStart(7)} ms, slowest ${Math.max(...times).toFixed(1).padStart(7)} ms`);
          }
        }
      }
      // Recording: the HTTP round trip of POST /api/activities (each from its own address and
      // session, so the rate limits stay out of the way).
      const posts = [];
      for (let i = 0; i < POSTS; i++) {
        const session = `p${i.toString(36).padStart(9, '0')}`;
        const t = process.hrtime.bigint();
        const res = await fetch(`${url}/api/activities/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, host: 'school.localhost' },
          body: JSON.stringify({ userId: null, localTime: new Date().toISOString(), session, path: `/session/x${i}`, action: 'visit', context: null }),
        });
        await res.arrayBuffer();
        posts.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.status !== 204) throw new Error(`POST /api/activities answered ${res.status}`);
      }
      // The rows the charts were timed on: all of them, none deleted by the server meanwhile.
      const kept = (await db.count('activities')) - POSTS;
      results.rowsKept = kept;
      if (kept !== ROWS) throw new Error(`${kind}: ${kept} of the ${ROWS} loaded activity rows were still there after the timings`);
      console.log(`  ${kind}: ${kept.toLocaleString('en')} of ${ROWS.toLocaleString('en')} loaded activity rows kept while timing`);
      results.record.post = { p50: median(posts), p99: quantile(posts, 0.99) };
      console.log(`  ${kind} POST /api/activities: p50 ${median(posts).toFixed(2)} ms, p99 ${quantile(posts, 0.99).toFixed(2)} ms`);
    } finally {
      await server.stop();
    }
    // The database's share of recording: today's transaction (the row and its rollups,
    // the busiest case: a signed-in visit) against the one INSERT with the indexes before 090.
    const INSERTS = 3000;
    const stamp = (i) => new Date(Date.now() + i).toISOString();
    const insert = (tag, i, extra) => [
      `INSERT INTO activities (id, user_id, local_time, session, path, action, context, created_at${extra ? ', variant, route' : ''}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8${extra ? ', $9, $10' : ''})`,
      [`${tag}${i}`, id(1 + (i % USERS)), stamp(i), 'Bench00001', '/scripts', 'visit', null, stamp(i), ...(extra ? ['main', '/scripts'] : [])],
    ];
    // The user's active hour (migration 242), the path of a new hour, the costlier one: both sites'
    // rows added, the user's row locked (PostgreSQL), each row's previous hour set and the next
    // hour's fixed (the statements of insertActivity). An hour already there is the INSERT alone.
    const activeHour = (i) => {
      const hour = stamp(i).slice(0, 13) + ':00:00.000Z';
      const user = id(1 + (i % USERS));
      return [
        [`INSERT INTO active_user_hours (site, user_id, hour, previous) VALUES ($1, $2, $3, ''), ($4, $5, $6, '') ON CONFLICT DO NOTHING`, ['main', user, hour, '*', user, hour]],
        ...(kind === 'postgres' ? [['SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [user]]] : []),
        ...['main', '*'].flatMap((site) => [
          [
            `UPDATE active_user_hours SET previous = (SELECT coalesce(max(p.hour), '') FROM active_user_hours p WHERE p.site = $1 AND p.user_id = $2 AND p.hour < $3) WHERE site = $4 AND user_id = $5 AND hour = $6`,
            [site, user, hour, site, user, hour],
          ],
          ['UPDATE active_user_hours SET previous = $1 WHERE site = $2 AND user_id = $3 AND hour > $4 AND previous < $5', [hour, site, user, hour, hour]],
        ]),
      ];
    };
    const recordNow = (tag) => (i) => [
      insert(tag, i, true),
      ['INSERT INTO activity_hours (hour, variant, action, count) VALUES ($1, $2, $3, 1) ON CONFLICT (hour, variant, action) DO UPDATE SET count = activity_hours.count + 1', [stamp(i).slice(0, 13) + ':00:00.000Z', 'main', 'visit']],
      ...activeHour(i),
      ['INSERT INTO activity_route_days (day, variant, route, count) VALUES ($1, $2, $3, 1) ON CONFLICT (day, variant, route) DO UPDATE SET count = activity_route_days.count + 1', [stamp(i).slice(0, 10) + 'T00:00:00.000Z', 'main', '/scripts']],
    ];
    await db.timeInserts(200, recordNow('warm'));
    const after = await db.timeInserts(INSERTS, recordNow('new'));
    await db.exec('DROP INDEX activities_metrics_idx');
    await db.exec('CREATE INDEX activities_created_at_idx ON activities (created_at, action)');
    await db.timeInserts(200, (i) => [insert('warmold', i, false)]);
    const before = await db.timeInserts(INSERTS, (i) => [insert('old', i, false)]);
    results.record.insertNew = { p50: median(after), p99: quantile(after, 0.99) };
    results.record.insertOld = { p50: median(before), p99: quantile(before, 0.99) };
    console.log(`  ${kind} recording in the database: now (row + rollups) p50 ${median(after).toFixed(3)} ms, p99 ${quantile(after, 0.99).toFixed(3)} ms; before 090 (row, old index) p50 ${median(before).toFixed(3)} ms, p99 ${quantile(before, 0.99).toFixed(3)} ms`);
    await db.close();
  } finally {
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

console.log(`machine: ${machine()}`);
console.log(`inputs: ${ROWS.toLocaleString('en')} activity rows over ${DAYS} days, ${USERS.toLocaleString('en')} users, ${RUNS} timed calls per chart`);
build({ skip: args['no-build'] });
let failed = false;
const all = [];
for (const kind of args.db.split(',')) all.push(await benchDatabase(kind));
console.log(`\nmachine after the timings: ${machine()}`);
for (const r of all) console.log(`${r.kind}: ${r.rowsLoaded.toLocaleString('en')} activity rows before the timings, ${r.rowsKept.toLocaleString('en')} of them after`);
console.log('\n| database | range | site | chart | median ms | slowest ms | target |');
console.log('|---|---|---|---|---|---|---|');
for (const r of all) {
  for (const c of r.charts) {
    const ok = c.part === PAGE || c.median < TARGET_MS;
    if (!ok) failed = true;
    console.log(`| ${r.kind} | ${c.days} d | ${c.variant} | ${c.part} | ${c.median.toFixed(1)} | ${c.max.toFixed(1)} | ${c.part === PAGE ? '' : ok ? 'PASS' : 'FAIL'} |`);
  }
}
process.exit(failed ? 1 : 0);
