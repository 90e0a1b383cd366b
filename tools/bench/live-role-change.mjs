#!/usr/bin/env node
// Times a role change of a live table read while its readers listen: the owner's
// PUT /api/sessions/{id}/role answer, and until every open stream has its `changed` event.
// Runs the real, built server (dist/apps/api/main.js) on SQLite in a temp DATA_DIR. See README.md
// beside this file.
//
//   npm run bench:live                        build, then 200 listeners, 21 role changes
//   npm run bench:live -- --no-build          reuse dist/apps/api
//   npm run bench:live -- --listeners 50      other counts (20 members, up to 10 streams each)
//   npm run bench:live -- --changes 41        role changes to time (the median is printed)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'dist/apps/api/main.js');
/** The server keeps at most this many open streams per member (LIVE_STREAM_LIMITS in live-sessions.ts). */
export const STREAMS_PER_MEMBER = 10;

/** The command line, read when run as a script (not when the probes import the helpers). */
const cli = () =>
  parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      listeners: { type: 'string', default: '200' },
      changes: { type: 'string', default: '21' },
      port: { type: 'string' },
    },
  }).values;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env, logFile, fixedPort) {
  const port = fixedPort ? Number(fixedPort) : await freePort();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 60 s; see ${logFile}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

let address = 0;
/** A JSON call; each person signs up from an address of their own (per-IP sign-up limits). */
async function call(url, method, pathname, { token, body, from } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (from) headers['x-forwarded-for'] = from;
  const res = await fetch(`${url}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function person(url) {
  address += 1;
  const from = `10.9.${address >> 8}.${address & 255}`;
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'bench-password-1';
  await call(url, 'POST', '/api/users/create', { body: { username: email, password }, from });
  const { token } = await call(url, 'POST', '/api/users/authenticate', { body: { username: email, password }, from });
  return { token };
}

/** One open stream, counting the `changed … roles` events it has had. */
export async function listen(url, token, sessionId) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/sessions/${sessionId}/live`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
  const stream = { roleChanges: 0, ended: false, close: () => abort.abort() };
  let hello;
  const helloSeen = new Promise((resolve) => (hello = resolve));
  (async () => {
    let buffer = '';
    try {
      for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6));
          if (event.type === 'hello') hello();
          if (event.type === 'changed' && event.what === 'roles') stream.roleChanges += 1;
        }
      }
    } catch {
      // aborted
    }
    stream.ended = true;
  })();
  await helloSeen;
  return stream;
}

/** An owner's live read (a two-role script) and `memberCount` members who joined it by a link. */
export async function setUpRead(url, memberCount) {
  const owner = await person(url);
  const script = await call(url, 'POST', '/api/scripts', {
    token: owner.token,
    body: {
      title: 'Bench read',
      synopsis: '',
      genre: 'Drama',
      language: 'en',
      visibility: 'private',
      isFree: false,
      roles: [{ name: 'Romeo', description: '' }, { name: 'Juliet', description: '' }],
      lines: [
        { kind: 'dialogue', role: 'Romeo', text: 'But, soft!' },
        { kind: 'dialogue', role: 'Juliet', text: 'Ay me!' },
      ],
    },
  });
  const { id: sessionId } = await call(url, 'GET', `/api/scripts/${script.id}/session`, { token: owner.token });
  const link = await call(url, 'POST', `/api/sessions/${sessionId}/sharelinks`, { token: owner.token, body: {} });
  const members = [];
  for (let i = 0; i < memberCount; i++) {
    const member = await person(url);
    await call(url, 'GET', `/api/sharelinks/${link.id}/session`, { token: member.token });
    members.push(member);
  }
  return { owner, sessionId, members };
}

/**
 * The owner's role changes one after another (one untimed first, then `changes` timed), each
 * until the PUT answers and until every open stream of `streams` has its `changed` event.
 */
export async function timeRoleChanges(url, { owner, sessionId }, streams, changes) {
  const answers = [];
  const delivered = [];
  for (let round = 0; round <= changes; round++) {
    const open = streams.filter((s) => !s.ended);
    const seen = open.map((s) => s.roleChanges);
    const start = performance.now();
    await call(url, 'PUT', `/api/sessions/${sessionId}/role`, { token: owner.token, body: { role: round % 2 ? null : 'Romeo' } });
    const answered = performance.now() - start;
    const deadline = Date.now() + 30_000;
    while (open.some((s, i) => s.roleChanges === seen[i])) {
      if (Date.now() > deadline) throw new Error(`round ${round}: ${open.filter((s, i) => s.roleChanges === seen[i]).length} streams had no changed event within 30 s`);
      await new Promise((r) => setImmediate(r));
    }
    const everyone = performance.now() - start;
    if (round > 0) {
      answers.push(answered);
      delivered.push(everyone);
    }
  }
  return { answers, delivered };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function main() {
  const args = cli();
  const LISTENERS = Number(args.listeners);
  const CHANGES = Number(args.changes);
  if (!args['no-build']) {
    execFileSync('npx', ['webpack', '-c', 'apps/api/webpack.config.cjs', '--mode', 'production'], { cwd: ROOT, stdio: 'inherit' });
  }
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing; run without --no-build`);
  const cpus = os.cpus();
  // Some VMs report 0 MHz to os.cpus(); /proc/cpuinfo (Linux) may still say.
  const procMhz = fs.existsSync('/proc/cpuinfo') ? /cpu MHz\s*:\s*([\d.]+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] : undefined;
  const mhz = cpus[0]?.speed || (procMhz ? Math.round(Number(procMhz)) : 'unknown');
  console.log(`listeners: ${LISTENERS}, role changes timed: ${CHANGES}, database: SQLite (temp DATA_DIR), node ${process.version}`);
  console.log(`machine: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'} @ ${mhz} MHz, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-bench-live-'));
  const logFile = path.join(dataDir, 'server.log');
  const { url, child } = await startServer({ DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), TRUST_PROXY: '1' }, logFile, args.port);
  const streams = [];
  try {
    const read = await setUpRead(url, Math.ceil(LISTENERS / STREAMS_PER_MEMBER));
    for (let i = 0; i < LISTENERS; i++) streams.push(await listen(url, read.members[i % read.members.length].token, read.sessionId));
    const { answers, delivered } = await timeRoleChanges(url, read, streams, CHANGES);
    const open = streams.filter((s) => !s.ended).length;
    console.log(`streams open at the end: ${open} of ${LISTENERS}`);
    console.log(`role change, PUT answered:          median ${ms(median(answers))}, min ${ms(Math.min(...answers))}, max ${ms(Math.max(...answers))}`);
    console.log(`role change, every stream has it:   median ${ms(median(delivered))}, min ${ms(Math.min(...delivered))}, max ${ms(Math.max(...delivered))}`);
  } finally {
    for (const stream of streams) stream.close();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run as a script; imported (tools/bench/probes), only the helpers above are used.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
