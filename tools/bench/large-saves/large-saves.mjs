#!/usr/bin/env node
// Large script saves must not stall other requests. Measures GET /api/health
// (no auth, no database) on the real, built server while idle and while two loops keep saving a
// 5,000-line script (PUT /api/scripts/{id}), in alternating rounds. See ../README.md.
//
//   node tools/bench/large-saves/large-saves.mjs               build the API, then SQLite
//   node tools/bench/large-saves/large-saves.mjs --no-build    reuse dist/apps/api
//   ... --db sqlite,postgres   --rounds 4   --duration 5   --connections 10
//   ... --mode edit|rewrite|edit,rewrite
//   ... --profile <dir>       the server's CPU profile, written when it stops
//   ... --interval <s>        the server's LARGE_SCRIPT_SAVE_INTERVAL_SECONDS (its default, 10, when
//                             not given; 0: no per-member spacing)
//   ... --retry after|at-once a refused save (429) waits for its Retry-After, as the editor's
//                             member does (default), or is sent again at once (a client that ignores it)
//
// Modes: "edit" sends the script as the editor does (every line with its id, one line's text
// changed per save); "rewrite" sends every line without an id (an import or a client that lost
// the ids), so each save deletes and inserts all 5,000 lines.
// Exit code 1 when health p99 during the saves is more than 2x its idle p99 (median of rounds).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { call } from '../lib/http.mjs';
import { loadAverage, machine } from '../lib/machine.mjs';
import { build, startServer } from '../lib/server.mjs';
import { median, sleep } from '../lib/stats.mjs';


const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    loops: { type: 'string', default: '2' },
    lines: { type: 'string', default: '5000' },
    mode: { type: 'string', default: 'edit,rewrite' },
    profile: { type: 'string' },
    interval: { type: 'string' },
    retry: { type: 'string', default: 'after' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const LOOPS = Number(args.loops);
const LINES = Number(args.lines);
const MODES = args.mode.split(',');
const TARGET_RATIO = 2;

/** A screenplay of `n` lines: a scene every 40 lines, six roles, parentheticals now and then. */
function generatedScript(n) {
  const roles = ['ALICE', 'BORIS', 'CLARA', 'DMITRI', 'ELENA', 'FYODOR'].map((name) => ({ name, description: `${name} in the bench script` }));
  const lines = [];
  for (let i = 0; i < n; i++) {
    if (i % 40 === 0) lines.push({ kind: 'scene', role: null, text: `INT. ROOM ${i / 40} - NIGHT` });
    else if (i % 7 === 0) lines.push({ kind: 'action', role: null, text: `Line ${i}: somebody crosses the room and looks out of the window for a while.` });
    else lines.push({ kind: 'dialogue', role: roles[i % 6].name, parenthetical: i % 5 === 0 ? 'quietly' : null, text: `Line ${i}: a sentence of dialogue of ordinary length, said to the others.` });
  }
  return { title: `Bench ${n} lines`, synopsis: 'Large-save bench', genre: 'Drama', language: 'en', visibility: 'private', isFree: false, roles, lines };
}

/** Response times (fractions of a ms) of every 2xx answer; p50/p99 off the sorted list. */
function measureHealth(url) {
  const times = [];
  const instance = autocannon({ url: `${url}/api/health`, connections: CONNECTIONS, duration: DURATION });
  instance.on('response', (_c, status, _b, t) => {
    if (status >= 200 && status < 300) times.push(t);
  });
  return instance.then((r) => {
    const sorted = Float64Array.from(times).sort();
    const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : NaN);
    return { rps: r.requests.average, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1], errors: r.errors + r.timeouts + r.non2xx };
  });
}

/**
 * `LOOPS` loops of saves until `stop()`; each save's time and status. They run in a thread of
 * their own (`save-loops.mjs`): the members saving are other clients than the one measuring
 * health, so autocannon's timings never include this process's own handling of 800 KB bodies.
 */
function saveLoops(url, loops, mode) {
  const worker = new Worker(new URL('./save-loops.mjs', import.meta.url), { workerData: { url, loops, mode, retry: args.retry } });
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const saves = await done;
      await worker.terminate();
      return saves;
    },
  };
}

const fmt = (x, w = 8, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-').padStart(w);

async function benchDatabase(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vox-bench-saves-${kind}-`));
  const logFile = path.join(dataDir, 'server.log');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const env = {
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    ...(args.interval !== undefined ? { LARGE_SCRIPT_SAVE_INTERVAL_SECONDS: args.interval } : {}),
    ...(kind === 'postgres' ? { DATABASE_URL: args['pg-url'], DATABASE_SCHEMA: schema } : {}),
  };
  let admin;
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: args['pg-url'] });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
  }
  // --profile <dir>: the server writes a CPU profile there when it stops.
  const nodeArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  const server = await startServer({ env, logFile, nodeArgs });
  const { url } = server;
  const results = { idle: [] };
  for (const m of MODES) results[m] = [];
  const savesByMode = Object.fromEntries(MODES.map((m) => [m, []]));
  try {
    // One member per loop (the case: two members saving at once), each with a script.
    const loops = [];
    for (let l = 0; l < LOOPS; l++) {
      const email = `saves-${randomBytes(5).toString('hex')}@example.com`;
      const password = 'bench-password-1';
      const created = await call(`${url}/api/users/create`, 'POST', { username: email, password });
      if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${created.text}`);
      const signedIn = await call(`${url}/api/users/authenticate`, 'POST', { username: email, password });
      if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
      const token = signedIn.json.token;
      const input = generatedScript(LINES);
      const made = await call(`${url}/api/scripts`, 'POST', input, { authorization: `Bearer ${token}` });
      if (made.status !== 201) throw new Error(`POST /api/scripts answered ${made.status}: ${made.text.slice(0, 300)}`);
      const saved = made.json;
      const withIds = saved.lines.map((line) => ({ id: line.id, kind: line.kind, role: line.role, parenthetical: line.parenthetical, text: line.text }));
      const edited = (text) => JSON.stringify({ ...input, lines: withIds.map((line, i) => (i === Math.floor(LINES / 2) ? { ...line, text } : line)) });
      const bodies = { edit: [edited('An edit in the middle, take one.'), edited('An edit in the middle, take two.')], rewrite: JSON.stringify(input) };
      loops.push({ token, scriptId: saved.id, bodies });
      if (l === 0) console.log(`${kind}: script of ${saved.lines.length} lines; save body ${(bodies.edit[0].length / 1024).toFixed(0)} KB (edit), ${(bodies.rewrite.length / 1024).toFixed(0)} KB (rewrite)`);
    }

    await measureHealth(url); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['idle', ...MODES] : [...MODES, 'idle'];
      for (const what of order) {
        if (what === 'idle') {
          results.idle.push(await measureHealth(url));
        } else {
          const running = saveLoops(url, loops, what);
          await sleep(500);
          results[what].push(await measureHealth(url));
          savesByMode[what].push(...(await running.stop()));
        }
        await sleep(1000);
      }
    }
  } finally {
    await server.stop();
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\n${kind}: GET /api/health, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds (median over rounds)`);
  console.log('measurement                          req/s   p50 ms   p99 ms   max ms  errors   p99 per round');
  const line = (name, rs) =>
    console.log(
      `${name.padEnd(34)}${fmt(median(rs.map((r) => r.rps)), 8, 0)}${fmt(median(rs.map((r) => r.p50)), 9, 2)}${fmt(median(rs.map((r) => r.p99)), 9, 2)}${fmt(median(rs.map((r) => r.max)), 9, 1)}${String(rs.reduce((s, r) => s + r.errors, 0)).padStart(8)}   ${rs.map((r) => r.p99.toFixed(1)).join(' ')}`,
    );
  line('idle', results.idle);
  for (const m of MODES) line(`during ${LOOPS} save loops (${m})`, results[m]);
  const verdicts = [];
  for (const m of MODES) {
    const saves = savesByMode[m];
    const done = saves.filter((s) => s.status === 200);
    const spaced = saves.filter((s) => s.status === 429).length;
    // 429 is the per-member spacing doing its job; any other answer is a failed save.
    const bad = saves.length - done.length - spaced;
    const others = saves.filter((s) => s.status !== 200 && s.status !== 429).map((s) => s.error ?? s.status);
    if (others.length) console.log(`other answers (${m}): ${[...new Set(others)].join(', ')}`);
    console.log(
      `saves (${m}): ${done.length} saved, median ${median(done.map((s) => s.ms)).toFixed(0)} ms each; ${spaced} refused with 429 (spacing, retry ${args.retry}); other answers: ${bad}`,
    );
    const ratio = median(results[m].map((r) => r.p99)) / median(results.idle.map((r) => r.p99));
    verdicts.push({
      ok: ratio <= TARGET_RATIO && bad === 0 && done.length > 0,
      text: `${kind}: health p99 during ${m} saves / idle = ${ratio.toFixed(2)} (target <= ${TARGET_RATIO}); ${done.length} saves done, none failed: ${bad === 0}`,
    });
  }
  return verdicts;
}

build({ skip: args['no-build'] });
console.log(`machine: ${machine()}`);
const verdicts = [];
for (const kind of args.db.split(',')) verdicts.push(...(await benchDatabase(kind)));
console.log(`\nload average at the end ${loadAverage()}`);
for (const v of verdicts) console.log(`${v.ok ? 'PASS' : 'FAIL'}  ${v.text}`);
process.exit(verdicts.every((v) => v.ok) ? 0 : 1);
