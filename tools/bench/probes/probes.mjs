#!/usr/bin/env node
// Reruns the issue's probes from outside against the production build of the API
// (dist/apps/api/main.js, NODE_ENV=production, a throw-away DATA_DIR on SQLite, or PostgreSQL with
// --db postgres) and prints what each probe measured, for the issue's closing note.
//
//   node tools/bench/probes/probes.mjs                 build the API, then probe
//   node tools/bench/probes/probes.mjs --no-build      reuse dist/apps/api
//   ... --db postgres   --request-timeout-ms 10000   --bursts 7   --only lockout,csp
//
// Probes: parallel wrong passwords (lockout), reset-code bursts, truncated and malformed
// multipart, deep nesting, type coercion, an anonymous activity flood, the CSP header, the
// first reads' encoded and nested paths (with the health check's latency meanwhile), and
// payments in production with no provider named.
// Exit code 1 when a probe finds what the issue reported (a lock bypassed, a 5xx, an answer that
// never comes, a coerced value, an unbounded flood, a CSP open to any origin).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'dist/apps/api/main.js');
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    db: { type: 'string', default: 'sqlite' },
    'request-timeout-ms': { type: 'string', default: '10000' },
    bursts: { type: 'string', default: '7' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const REQUEST_TIMEOUT_MS = Number(args['request-timeout-ms']);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const verdicts = [];
const verdict = (ok, text) => {
  verdicts.push({ ok, text });
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${text}`);
};
let ip = 0;
/** Each call its own address (TRUST_PROXY is on), so the per-IP sign-in limit does not hide the per-account one. */
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const out = fs.openSync(path.join(env.DATA_DIR, 'server.log'), 'a');
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }, stdio: ['ignore', out, out] });
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited; see ${env.DATA_DIR}/server.log`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, port, child };
    await sleep(100);
  }
  throw new Error('server did not start');
}

async function call(url, method, body, headers = {}) {
  const res = await fetch(url, { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** An activity session id: ten letters or digits. */
const activitySession = () => randomBytes(8).toString('hex').slice(0, 10);
const tally = (statuses) => Object.entries(statuses.reduce((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {})).map(([s, n]) => `${n}x${s}`).join(' ');

/** Sends raw bytes on a socket, keeps it open, answers {status, ms} when the server answers or closes (null status: no answer by `waitMs`). */
function raw(port, bytes, waitMs) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let got = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      resolve({ status: m ? Number(m[1]) : null, ms: Date.now() - t0, body: got.split('\r\n\r\n').slice(1).join('') });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (/\r\n\r\n/.test(got)) setTimeout(done, 50);
    });
    socket.on('close', done);
    socket.on('error', done);
    socket.write(bytes);
  });
}

async function signUp(url, email = `probe-${randomBytes(5).toString('hex')}@example.com`, password = 'probe-password-1') {
  const made = await call(`${url}/api/users/create`, 'POST', { username: email, password }, { 'x-forwarded-for': nextIp() });
  if (made.status !== 201) throw new Error(`sign-up answered ${made.status} ${made.text}`);
  const signed = await call(`${url}/api/users/authenticate`, 'POST', { username: email, password }, { 'x-forwarded-for': nextIp() });
  return { email, password, token: signed.json.token, id: signed.json.user.id };
}

const probes = {
  async lockout({ url }) {
    console.log('\n1. Parallel wrong passwords (lockout after 10)');
    for (const n of [18, 30, 80]) {
      const user = await signUp(url);
      const t0 = Date.now();
      const answers = await Promise.all(Array.from({ length: n }, () => call(`${url}/api/users/authenticate`, 'POST', { username: user.email, password: 'wrong-password' }, { 'x-forwarded-for': nextIp() })));
      const right = await call(`${url}/api/users/authenticate`, 'POST', { username: user.email, password: user.password }, { 'x-forwarded-for': nextIp() });
      console.log(`  ${n} wrong at once: ${tally(answers.map((a) => a.status))} in ${Date.now() - t0} ms; the right password next: ${right.status}`);
      verdict(right.status === 401, `${n} parallel wrong passwords lock the account (right password refused: ${right.status})`);
    }
  },

  async resetBurst({ url, dataDir }) {
    console.log(`\n2. Reset-code bursts: 19 wrong codes + the right one on 20 sockets, ${args.bursts} bursts (5 tries per code)`);
    let succeeded = 0;
    const outbox = path.join(dataDir, 'mail');
    for (let b = 0; b < Number(args.bursts); b++) {
      const user = await signUp(url);
      const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
      await call(`${url}/api/users/password/code`, 'POST', { username: user.email }, { 'x-forwarded-for': nextIp() });
      let code;
      for (let i = 0; i < 100 && !code; i++) {
        await sleep(100);
        for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          if (before.has(f)) continue;
          const text = fs.readFileSync(path.join(outbox, f), 'utf8');
          if (text.includes(user.email)) code = /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n'))?.[1];
        }
      }
      if (!code) throw new Error('no reset code in the outbox');
      const guesses = Array.from({ length: 19 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      guesses.splice(Math.floor(Math.random() * 20), 0, code);
      const answers = await Promise.all(guesses.map((g) => call(`${url}/api/users/password/reset`, 'POST', { username: user.email, code: g, password: 'a new long password' }, { 'x-forwarded-for': nextIp() })));
      const ok = answers.filter((a) => a.status < 300).length;
      succeeded += ok > 0 ? 1 : 0;
      console.log(`  burst ${b + 1}: ${tally(answers.map((a) => a.status))} (right code at position ${guesses.indexOf(code) + 1})`);
    }
    console.log(`  the reset went through in ${succeeded} of ${args.bursts} bursts; with at most 5 of the 20 guesses checked, chance alone gives 1 in 4`);
    // 50 wrong codes at once, then the right one: the code's 5 tries are gone.
    const user = await signUp(url);
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    await call(`${url}/api/users/password/code`, 'POST', { username: user.email }, { 'x-forwarded-for': nextIp() });
    await sleep(1500);
    const file = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).find((f) => !before.has(f) && fs.readFileSync(path.join(outbox, f), 'utf8').includes(user.email));
    const code = /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, file), 'utf8').split('\n\n').slice(1).join('\n'))?.[1];
    const wrong = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((g) => call(`${url}/api/users/password/verify`, 'POST', { username: user.email, code: g }, { 'x-forwarded-for': nextIp() })));
    const right = await call(`${url}/api/users/password/verify`, 'POST', { username: user.email, code }, { 'x-forwarded-for': nextIp() });
    console.log(`  50 wrong codes at once: ${tally(answers.map((a) => a.status))}; the right code after them: ${right.status}`);
    verdict(right.status === 400, `a burst of 50 wrong codes uses up the code (right code then refused: ${right.status})`);
    verdict(succeeded <= Math.ceil(Number(args.bursts) / 2), `reset bursts succeed no more than chance allows (${succeeded} of ${args.bursts})`);
  },

  async multipart({ url, port }) {
    console.log(`\n3-4. Truncated and malformed multipart (request time-out ${REQUEST_TIMEOUT_MS} ms)`);
    const user = await signUp(url);
    const head = (length, type = 'multipart/form-data; boundary=XyZ') =>
      `POST /api/users/photo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;
    const part = Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' + 'x'.repeat(4000));
    const cases = [
      ['no closing boundary, length as sent', Buffer.concat([Buffer.from(head(part.length)), part])],
      ['no boundary parameter', Buffer.concat([Buffer.from(head(part.length, 'multipart/form-data')), part])],
      ['mismatched boundary', Buffer.concat([Buffer.from(head(part.length + 9, 'multipart/form-data; boundary=Other')), part, Buffer.from('\r\n--XyZ--')])],
      ['body stops half-way (length promises more)', Buffer.concat([Buffer.from(head(part.length * 2)), part])],
    ];
    for (const [name, bytes] of cases) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => raw(port, bytes, REQUEST_TIMEOUT_MS + 10_000)));
      const statuses = answers.map((a) => a.status ?? 'no answer');
      const slowest = Math.max(...answers.map((a) => a.ms));
      console.log(`  ${name}, 20 at once: ${tally(statuses)}, slowest ${slowest} ms; text: ${JSON.parse(answers[0].body || '{}').message ?? answers[0].body.slice(0, 80)}`);
      verdict(answers.every((a) => a.status !== null && a.status < 500), `${name}: every request answered, no 5xx`);
    }
  },

  async nesting({ url }) {
    console.log('\n4. Deep nesting, odd bodies');
    // {"a":[[[…]]]}: two bytes a level, so 5,000 levels fit the route's 16 KB body limit.
    const deep = (n) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;
    const activity = await call(`${url}/api/activities/`, 'POST', `{"userId":null,"localTime":"2026-11-23T10:00:00.000Z","session":"${activitySession()}","path":"/","action":"visit","context":${deep(5000)}}`, { 'x-forwarded-for': nextIp() });
    const arrays = await call(`${url}/api/users/authenticate`, 'POST', `${'['.repeat(5000)}${']'.repeat(5000)}`, { 'x-forwarded-for': nextIp() });
    const bom = await call(`${url}/api/users/authenticate`, 'POST', `\ufeff{"username":"a@example.com","password":"x"}`, { 'x-forwarded-for': nextIp() });
    const dupes = await call(`${url}/api/users/authenticate`, 'POST', '{"username":"a@example.com","username":"b@example.com","password":"x"}', { 'x-forwarded-for': nextIp() });
    const utf8 = await fetch(`${url}/api/users/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() }, body: Buffer.from([0x7b, 0x22, 0x75, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
    const utf16 = await call(`${url}/api/users/authenticate`, 'POST', '{"username":"a@example.com","password":"x"}', { 'content-type': 'application/json; charset=utf-16', 'x-forwarded-for': nextIp() });
    for (const [name, res] of [
      ['activity context nested 5,000 levels', activity],
      ['body of 5,000 nested arrays', arrays],
      ['JSON with a byte-order mark', bom],
      ['JSON with duplicate keys', dupes],
      ['invalid UTF-8', { status: utf8.status, json: await utf8.json().catch(() => undefined) }],
      ['JSON declared UTF-16', utf16],
    ]) {
      console.log(`  ${name}: ${res.status} ${res.json?.message ?? ''}`);
      verdict(res.status < 500, `${name}: no 5xx (${res.status})`);
    }
  },

  async coercion({ url }) {
    console.log('\n5. Type coercion');
    const user = await signUp(url);
    const res = await call(`${url}/api/scripts`, 'POST', { title: true, synopsis: 12345, genre: '', language: ['en'], visibility: 'private', isFree: null, roles: [], lines: [] }, { authorization: `Bearer ${user.token}` });
    console.log(`  {"title": true, "synopsis": 12345, "language": ["en"], "isFree": null}: ${res.status} ${res.json?.message ?? ''}`);
    verdict(res.status === 400, `wrong types are refused, not coerced (${res.status})`);
  },

  async activityFlood({ url, dataDir, kind }) {
    console.log('\n6. Anonymous activity flood: as fast as possible for 5 s, one address, 10 sockets');
    const size = () => (kind === 'sqlite' ? fs.readdirSync(dataDir).filter((f) => f.startsWith('voxclub.sqlite')).reduce((s, f) => s + fs.statSync(path.join(dataDir, f)).size, 0) : NaN);
    const before = size();
    const statuses = [];
    const end = Date.now() + 5000;
    const session = activitySession();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() < end) {
          const r = await call(`${url}/api/activities/`, 'POST', { userId: null, localTime: new Date().toISOString(), session, path: '/about', action: 'visit', context: { pad: 'x'.repeat(1500) } }, { 'x-forwarded-for': '203.0.113.9' });
          statuses.push(r.status);
        }
      }),
    );
    const stored = statuses.filter((s) => s === 204).length;
    console.log(`  ${statuses.length} requests: ${tally(statuses)}; database files ${kind === 'sqlite' ? `${((size() - before) / 1024).toFixed(0)} KB larger` : '(PostgreSQL: not measured)'}`);
    verdict(stored > 0 && stored <= 120, `the flood is cut at the per-address and per-session limits (${stored} stored of ${statuses.length})`);
  },

  async firstReads({ url }) {
    console.log('\n9. First reads: encoded paths, nesting, and the health check while four connections send them');
    const attacks = [
      '/api/%66irst-reads?url=/api/health',
      '/api/first-reads?url=/api/health',
      '/api/first-reads?read=firstReads',
      '/api/%66irst-reads?read=firstReads',
      '/api/first-reads?read=subscriptions&read=subscriptions',
      '/api/%2e%2e/%2e%2e/remotes.json',
      '/api/first-reads?read=podcastHome&podcastHome.x=%2e%2e',
    ];
    for (const path of attacks) {
      const r = await call(`${url}${path}`, 'GET', undefined, { 'x-forwarded-for': nextIp() });
      const inner = Array.isArray(r.json?.reads) ? r.json.reads.length : 0;
      console.log(`  ${path}: ${r.status}${inner ? `, ${inner} read(s)` : ''}`);
      verdict(r.status < 500 && inner <= 1, `${path} runs at most one named read and never itself (${r.status})`);
    }
    const health = async () => {
      const t0 = performance.now();
      await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
      return performance.now() - t0;
    };
    const quiet = [];
    for (let i = 0; i < 40; i++) quiet.push(await health());
    let stop = false;
    const loaders = Array.from({ length: 4 }, async () => {
      while (!stop) await call(`${url}/api/%66irst-reads?url=/api/health`, 'GET', undefined, { 'x-forwarded-for': nextIp() });
    });
    const busy = [];
    for (let i = 0; i < 40; i++) busy.push(await health());
    stop = true;
    await Promise.all(loaders);
    const p50 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`  /api/health p50 ${p50(quiet).toFixed(1)} ms alone, ${p50(busy).toFixed(1)} ms with 4 connections sending the encoded path; max ${Math.max(...busy).toFixed(1)} ms`);
    verdict(p50(busy) < 50, `the health check stays under 50 ms at p50 while 4 connections send the encoded path (${p50(busy).toFixed(1)} ms)`);
  },

  async payments({ url }) {
    console.log('\n10. Payments in production without a provider named');
    const user = await signUp(url);
    const plans = await call(`${url}/api/membership/plans`, 'GET');
    const plan = plans.json?.[0];
    if (!plan) return verdict(false, `no plan to buy (${plans.status})`);
    const r = await call(`${url}/api/membership/checkouts`, 'POST', { planId: plan.id }, { authorization: `Bearer ${user.token}`, 'x-forwarded-for': nextIp() });
    console.log(`  buying "${plan.name}": ${r.status} ${r.json?.message ?? r.text.slice(0, 80)}`);
    verdict(r.status === 503 && /not set up/.test(r.json?.message ?? ''), 'nothing is sold, and the buyer is told payments are not set up');
  },

  async csp({ url }) {
    console.log('\n8. Content-Security-Policy');
    const res = await fetch(`${url}/`);
    const policy = res.headers.get('content-security-policy') ?? '';
    for (const d of policy.split(';').map((x) => x.trim()).filter((x) => /^(script-src|connect-src|frame-src|form-action|default-src|img-src|media-src|font-src)\b/.test(x))) console.log(`  ${d}`);
    const open = /(script-src|connect-src|frame-src|form-action|img-src|media-src|font-src)[^;]*\s(https?:|\*)(\s|;|$)/.test(policy);
    verdict(policy !== '' && !open, 'no directive lets any origin in (no bare http:, https: or *)');
  },
};

if (!args['no-build']) {
  console.log('building the API (webpack, production)…');
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '-c', 'apps/api/webpack.config.cjs', '--mode', 'production'], { cwd: ROOT, stdio: 'inherit' });
}
const kind = args.db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-probes-'));
const schema = `probe_${randomBytes(6).toString('hex')}`;
let admin;
if (kind === 'postgres') {
  admin = new pg.Client({ connectionString: args['pg-url'] });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
}
const env = {
  DATA_DIR: dataDir,
  WEB_DIR: fs.existsSync(path.join(ROOT, 'dist/apps/shell')) ? path.join(ROOT, 'dist/apps') : path.join(dataDir, 'no-web'),
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  ...(kind === 'postgres' ? { DATABASE_URL: args['pg-url'], DATABASE_SCHEMA: schema } : {}),
};
console.log(`probes against ${SERVER} (${kind}), machine: ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const server = await startServer(env);
try {
  const only = args.only?.split(',');
  for (const [name, probe] of Object.entries(probes)) {
    if (only && !only.includes(name)) continue;
    await probe({ url: server.url, port: server.port, dataDir, kind });
  }
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  if (admin) {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const failed = verdicts.filter((v) => !v.ok);
console.log(`\n${verdicts.length - failed.length} of ${verdicts.length} probes passed`);
process.exit(failed.length ? 1 : 0);
