#!/usr/bin/env node
// The poll and a mixed read/write load through nginx against one and against
// two API instances on PostgreSQL (+ Redis), measured in one run, as a ratio. See ../README.md.
//
//   node tools/bench/nginx-scale/nginx-scale.mjs              build the API, then measure
//   node tools/bench/nginx-scale/nginx-scale.mjs --no-build   reuse dist/apps/api
//   ... --rounds 4 --duration 5 --connections 50 --users 10
//
// Both set-ups run side by side for the whole run (nginx A -> instance 1; nginx B -> instances 1
// and 2, round-robin; deploy/nginx.conf), and are measured in alternating rounds (one, two, two,
// one, …) so a drift of the machine weighs on both alike.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import Redis from 'ioredis';
import { call } from '../lib/http.mjs';
import { loadAverage, machine } from '../lib/machine.mjs';
import { build, startServer, waitFor } from '../lib/server.mjs';
import { median, sleep } from '../lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    users: { type: 'string', default: '10' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'redis-url': { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    nginx: { type: 'string', default: process.env.NGINX_PATH ?? '/usr/sbin/nginx' },
  },
});

function measure(url, requests, connections, duration) {
  const times = [];
  const instance = autocannon({ url, connections, duration, requests });
  instance.on('response', (_c, status, _b, t) => {
    if (status >= 200 && status < 300) times.push(t);
  });
  return instance.then((r) => {
    const sorted = Float64Array.from(times).sort();
    const at = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : NaN);
    return { rps: r.requests.average, p50: at(0.5), p99: at(0.99), errors: r.errors + r.timeouts + r.non2xx };
  });
}

build({ skip: args['no-build'] });
if (!fs.existsSync(args.nginx)) throw new Error(`nginx is missing at ${args.nginx} (apt-get install -y nginx, or --nginx <path>)`);

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-nginx-scale-'));
const schema = `bench_${randomBytes(6).toString('hex')}`;
const prefix = `vox-bench-${randomBytes(4).toString('hex')}:`;
const admin = new pg.Client({ connectionString: args['pg-url'] });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const children = [];

async function startInstance(name) {
  const server = await startServer({
    env: {
      DATA_DIR: path.join(runDir, name),
      WEB_DIR: path.join(runDir, 'no-web'),
      DATABASE_URL: args['pg-url'],
      DATABASE_SCHEMA: schema,
      REDIS_URL: args['redis-url'],
      REDIS_PREFIX: prefix,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
    logFile: path.join(runDir, `${name}.log`),
    readyPath: '/api/ready',
  });
  children.push(server.child);
  return server.port;
}

async function startNginx(name, upstreamPorts) {
  const dir = path.join(runDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = fs
    .readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{RUN_DIR}}', dir)
    .replaceAll('{{PORT}}', String(port))
    .replace('{{UPSTREAM_SERVERS}}', upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    '));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(args.nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, `nginx ${name}`);
  return url;
}

try {
  // One after the other: both would otherwise race to run the migrations.
  const p1 = await startInstance('one');
  const p2 = await startInstance('two');
  const one = await startNginx('nginx-one', [p1]);
  const two = await startNginx('nginx-two', [p1, p2]);

  // Members, each with a small script to save (the write) and a few messages waiting.
  const users = [];
  for (let i = 0; i < Number(args.users); i++) {
    const username = `scale-${randomBytes(5).toString('hex')}@example.com`;
    const password = 'bench-password-1';
    const ip = { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` };
    if ((await call(`${two}/api/users/create`, 'POST', { username, password }, ip)).status !== 201) throw new Error('sign-up failed');
    const signed = await call(`${two}/api/users/authenticate`, 'POST', { username, password }, ip);
    const token = signed.json.token;
    const script = await call(`${two}/api/scripts`, 'POST', { title: `Scale ${i}`, synopsis: '', genre: '', language: 'en', visibility: 'private', isFree: false, roles: [{ name: 'A', description: '' }], lines: [{ kind: 'dialogue', role: 'A', text: 'Hello.' }] }, { authorization: `Bearer ${token}` });
    if (script.status !== 201) throw new Error(`script create failed: ${script.status}`);
    users.push({ token, scriptId: script.json.id, lineId: script.json.lines[0].id });
  }

  const pollRequests = () => {
    let n = 0;
    return [
      {
        method: 'GET',
        path: '/api/notifications/new',
        setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${users[n++ % users.length].token}` } }),
      },
    ];
  };
  // Mixed: of every 20 requests, 14 polls, 3 script lists, 1 script read, 2 script saves.
  const mixedRequests = () => {
    let n = 0;
    return [
      {
        setupRequest: (req) => {
          const i = n++;
          const u = users[i % users.length];
          const auth = { authorization: `Bearer ${u.token}` };
          const slot = i % 20;
          if (slot < 14) return { ...req, method: 'GET', path: '/api/notifications/new', headers: auth, body: undefined };
          if (slot < 17) return { ...req, method: 'GET', path: '/api/scripts?scope=mine', headers: auth, body: undefined };
          if (slot < 18) return { ...req, method: 'GET', path: `/api/scripts/${u.scriptId}`, headers: auth, body: undefined };
          const body = JSON.stringify({ title: `Scale save ${i}`, synopsis: '', genre: '', language: 'en', visibility: 'private', isFree: false, roles: [{ name: 'A', description: '' }], lines: [{ id: u.lineId, kind: 'dialogue', role: 'A', text: `Hello ${i}.` }] });
          return { ...req, method: 'PUT', path: `/api/scripts/${u.scriptId}`, headers: { ...auth, 'content-type': 'application/json' }, body };
        },
      },
    ];
  };

  const C = Number(args.connections);
  const D = Number(args.duration);
  console.log(`machine: ${machine()}`);
  console.log(`inputs: ${C} connections, ${D} s per run, ${args.rounds} rounds`);
  await measure(`${one}/api/health`, undefined, 10, 1);
  await measure(`${two}/api/health`, undefined, 10, 1);
  const results = { 'poll-one': [], 'poll-two': [], 'mixed-one': [], 'mixed-two': [] };
  for (let r = 0; r < Number(args.rounds); r++) {
    const order = r % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
    for (const load of ['poll', 'mixed']) {
      for (const which of order) {
        const base = which === 'one' ? one : two;
        const res = await measure(`${base}`, load === 'poll' ? pollRequests() : mixedRequests(), C, D);
        results[`${load}-${which}`].push(res);
        console.log(`  round ${r + 1} ${load.padEnd(5)} ${which}: ${res.rps.toFixed(0)} req/s, p50 ${res.p50.toFixed(1)} ms, p99 ${res.p99.toFixed(1)} ms, errors ${res.errors}`);
        await sleep(1000);
      }
    }
  }
  console.log('\nload    instances   req/s (median)   p50 ms   p99 ms   errors');
  for (const key of Object.keys(results)) {
    const [load, which] = key.split('-');
    const rs = results[key];
    console.log(`${load.padEnd(8)}${which.padEnd(12)}${median(rs.map((x) => x.rps)).toFixed(0).padStart(14)}${median(rs.map((x) => x.p50)).toFixed(1).padStart(9)}${median(rs.map((x) => x.p99)).toFixed(1).padStart(9)}${String(rs.reduce((s, x) => s + x.errors, 0)).padStart(9)}`);
  }
  for (const load of ['poll', 'mixed']) {
    const ratio = median(results[`${load}-two`].map((x) => x.rps)) / median(results[`${load}-one`].map((x) => x.rps));
    console.log(`${load}: two instances / one instance = ${ratio.toFixed(2)}x throughput`);
  }
  console.log(`load at the end ${loadAverage()}`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
  await admin.end();
  const redis = new Redis(args['redis-url']);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  fs.rmSync(runDir, { recursive: true, force: true });
}
