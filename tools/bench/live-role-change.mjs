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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { api } from './lib/http.mjs';
import { machine } from './lib/machine.mjs';
import { build, startServer } from './lib/server.mjs';
import { median } from './lib/stats.mjs';

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

let address = 0;
/** A JSON call; each person signs up from an address of their own (per-IP sign-up limits). */
const call = (url, method, pathname, { from, ...options } = {}) => api(url, method, pathname, { ...options, headers: from ? { 'x-forwarded-for': from } : {} });

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

const ms = (value) => `${value.toFixed(1)} ms`;

async function main() {
  const args = cli();
  const LISTENERS = Number(args.listeners);
  const CHANGES = Number(args.changes);
  build({ skip: args['no-build'] });
  console.log(`listeners: ${LISTENERS}, role changes timed: ${CHANGES}, database: SQLite (temp DATA_DIR), node ${process.version}`);
  console.log(`machine: ${machine()}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-bench-live-'));
  const logFile = path.join(dataDir, 'server.log');
  const server = await startServer({ env: { DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), TRUST_PROXY: '1' }, logFile, port: args.port });
  const { url } = server;
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
    await server.stop();
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
