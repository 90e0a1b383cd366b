#!/usr/bin/env node
// Times the public pages' HTML as the server answers it (the head of each path, and its body where
// the server renders one), on SQLite and on PostgreSQL: the first byte a visitor, a search engine
// or a link preview waits for. See docs/public-pages.md, "Speed".
//
//   node tools/bench/public-pages/ttfb.mjs              build everything, then both databases
//   node tools/bench/public-pages/ttfb.mjs --no-build   reuse dist/
//   ... --db sqlite     one database only
//   ... --duration 5    seconds per measurement (default 5)
//   ... --connections 10
//
// Each row is a page kind on its site: `one` asks one path again and again (a shared link's
// burst); `many` cycles through the different objects of the kind (5,000 members and episodes, 500
// events, 50 channels), more than the server keeps heads of. A visitor's public page is drawn for
// each visit (docs/public-pages.md "Bodies"). Exit code 1 when a p50 is over the target.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchStore } from '../lib/db.mjs';
import { machine } from '../lib/machine.mjs';
import { build, startServer } from '../lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
/** The target: the page's answer at the median, with CONNECTIONS visitors at once. */
const P50_TARGET_MS = 50;
/** Objects of each kind: more than the server keeps heads (1,000) and pages (500) of. */
const OBJECTS = 5000;
const EVENTS = 500;
/**
 * Episodes per channel. A channel's page lists all its episodes (no pages of them yet), so one
 * channel of 5,000 made a 6 MB page that took 1.2 s: 50 channels of 100 stand for a large podcast
 * site; the one-channel case is a known limit (docs/public-pages.md, "Speed").
 */
const EPISODES_PER_CHANNEL = 100;

const rowId = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');

async function seed(db) {
  const now = new Date().toISOString();
  const owner = { id: rowId(), email: `owner-${rowId().toLowerCase()}@example.com`, login_id: null, handle: `owner${rowId().toLowerCase()}`, name: 'Bench Owner', photo: null, bio: null, password_hash: null, ms_oid: null, role: 'staff', created_at: now };
  const members = Array.from({ length: OBJECTS }, (_, i) => ({
    ...owner,
    id: rowId(),
    email: `member-${i}-${rowId().toLowerCase()}@example.com`,
    handle: `member${i}`,
    name: `Member Number ${i}`,
    bio: `Voice actor number ${i}: radio drama, audiobooks and the occasional villain.`,
    role: 'member',
  }));
  await db.insert('users', [owner, ...members]);
  const channels = Array.from({ length: OBJECTS / EPISODES_PER_CHANNEL }, (_, i) => ({
    id: rowId(),
    owner_id: owner.id,
    title: `The Bench Hour ${i}`,
    description: 'Table reads, recorded.',
    category: 'Arts',
    language: 'en',
    explicit: 0,
    cover: null,
    author: 'Bench Owner',
    created_at: now,
    updated_at: now,
  }));
  await db.insert('podcast_channels', channels);
  const audio = { id: 'b'.repeat(64), content_type: 'audio/mpeg', byte_size: 1000, created_at: now };
  await db.insert('audio_files', [audio]);
  const episodes = Array.from({ length: OBJECTS }, (_, i) => ({
    id: rowId(),
    channel_id: channels[Math.floor(i / EPISODES_PER_CHANNEL)].id,
    title: `Episode Number ${i}`,
    notes: `The cast reads act ${i % 5} of the week's script, with notes from the director.`,
    audio_id: audio.id,
    content_type: audio.content_type,
    byte_size: audio.byte_size,
    duration_ms: 1_800_000,
    status: 'published',
    published_at: now,
    created_at: now,
    updated_at: now,
  }));
  await db.insert('podcast_episodes', episodes);
  const start = Date.now() + 7 * 86_400_000;
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    id: rowId(),
    title: `Workshop Number ${i}`,
    description: 'Cold reading for beginners.',
    starts_at: new Date(start + i * 3_600_000).toISOString(),
    ends_at: new Date(start + i * 3_600_000 + 5_400_000).toISOString(),
    time_zone: 'UTC',
    place: 'Studio 2',
    online_url: null,
    capacity: 20,
    seats_taken: 0,
    created_by: owner.id,
    created_at: now,
    updated_at: now,
  }));
  await db.insert('events', events);
  return { members, episodes, events, channels };
}

/** The kinds of page: the site's host, the paths, and what each answer's title must hold. */
function pages(data) {
  return [
    { kind: '/about', host: 'localhost', paths: ['/about'], title: () => 'About' },
    { kind: '/scripts (front door)', host: 'localhost', paths: ['/scripts'], title: () => 'VoxClub' },
    { kind: '/members/{handle}', host: 'localhost', paths: data.members.map((m) => `/members/${m.handle}`), title: (i) => data.members[i].name },
    { kind: '/event/{id}', host: 'localhost', paths: data.events.map((e) => `/event/${e.id}`), title: (i) => data.events[i].title },
    { kind: 'podcast /', host: 'podcast.localhost', paths: ['/'], title: () => 'Podcasts' },
    { kind: `/channel/{id} (${EPISODES_PER_CHANNEL} episodes)`, host: 'podcast.localhost', paths: data.channels.map((c) => `/channel/${c.id}`), title: (i) => data.channels[i].title },
    { kind: '/podcast-ep/{id}', host: 'podcast.localhost', paths: data.episodes.map((e) => `/podcast-ep/${e.id}`), title: (i) => data.episodes[i].title },
  ];
}

/** One answer, checked: 200, HTML, its title naming the object. Answers its size in bytes. */
async function check(url, page, i) {
  // node:http, not fetch: fetch sends the URL's host whatever the headers say, and the host picks the site.
  const { status, html } = await new Promise((resolve, reject) => {
    http
      .get(`${url}${page.paths[i]}`, { headers: { host: page.host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, html: body }));
      })
      .on('error', reject);
  });
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  if (status !== 200 || !title.includes(page.title(i))) throw new Error(`${page.host}${page.paths[i]} answered ${status} with the title "${title}", expected one with "${page.title(i)}"`);
  return Buffer.byteLength(html);
}

function measure(url, page, paths) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { host: page.host, 'accept-encoding': 'gzip, br', accept: 'text/html' },
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function benchDatabase(kind) {
  const store = await benchStore(kind, args['pg-url'], 'bench-pages');
  const server = await startServer({ env: store.env });
  const db = store.open();
  const rows = [];
  try {
    const data = await seed(db);
    const counts = {};
    for (const table of ['users', 'podcast_channels', 'podcast_episodes', 'events']) counts[table] = Number((await db.first(`SELECT count(*) AS n FROM ${table}`)).n);
    console.log(`\n${kind}: seeded users ${counts.users}, channels ${counts.podcast_channels}, published episodes ${counts.podcast_episodes}, events ${counts.events}`);
    for (const page of pages(data)) {
      const sizes = [];
      for (const i of [0, Math.floor(page.paths.length / 2), page.paths.length - 1]) sizes.push(await check(server.url, page, i));
      // Warm-up (JIT, the database's caches), then the measurements.
      await measure(server.url, page, page.paths.slice(0, 50));
      const modes = page.paths.length > 1 ? [['many', page.paths], ['one', page.paths.slice(0, 1)]] : [['one', page.paths]];
      for (const [mode, paths] of modes) {
        const result = await measure(server.url, page, paths);
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${page.kind} (${mode}): ${result.non2xx} answers not 2xx, ${result.errors} errors`);
        rows.push({ db: kind, page: page.kind, mode, objects: paths.length, bytes: Math.max(...sizes), rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 });
      }
    }
  } finally {
    await db.close();
    await server.stop();
    await store.remove();
  }
  return rows;
}

build({ skip: args['no-build'], projects: ['shell', 'main', 'school', 'dashboard', 'podcast', 'api'] });
console.log(`machine: ${machine()}`);
console.log(`${CONNECTIONS} connections, ${DURATION} s per row; target p50 <= ${P50_TARGET_MS} ms`);
const rows = [];
for (const kind of args.db.split(',')) rows.push(...(await benchDatabase(kind)));
console.log('\n| database | page | paths | HTML bytes | req/s | p50 ms | p99 ms |\n| --- | --- | --- | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(`| ${r.db} | ${r.page} | ${r.mode === 'one' ? 'one' : `${r.objects.toLocaleString('en-US')} different`} | ${r.bytes.toLocaleString('en-US')} | ${r.rps.toLocaleString('en-US')} | ${r.p50} | ${r.p99} |`);
console.log(`machine after: ${machine()}`);
const missed = rows.filter((r) => r.p50 > P50_TARGET_MS);
if (missed.length > 0) {
  console.error(`\n✖ p50 over ${P50_TARGET_MS} ms: ${missed.map((r) => `${r.db} ${r.page} (${r.mode}) ${r.p50} ms`).join('; ')}`);
  process.exit(1);
}
console.log(`\n✔ every page's p50 <= ${P50_TARGET_MS} ms`);
