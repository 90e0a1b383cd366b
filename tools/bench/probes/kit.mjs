// What every probe module shares: the built server (start, kill -9, restart), HTTP calls, raw
// sockets, members (sign-up, roles through the admin CLI), multipart bodies, real audio, verdicts.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import Database from 'better-sqlite3';
import { call } from '../lib/http.mjs';
import { ROOT, grant as grantRole, startServer } from '../lib/server.mjs';

export const verdicts = [];
export function verdict(ok, text) {
  verdicts.push({ ok, text });
  console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${text}`);
}

let ip = 0;
/** Each call its own address (TRUST_PROXY is on), so per-address limits do not hide the limit a probe looks at. */
export const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

export const tally = (statuses) => Object.entries(statuses.reduce((m, s) => ((m[s] = (m[s] ?? 0) + 1), m), {})).map(([s, n]) => `${n}x${s}`).join(' ');

/**
 * A throw-away store: a DATA_DIR, and on PostgreSQL a schema of its own. `start()` runs the built
 * server on it (`rows(table)` counts a table's rows; `restart()` stops it, or finds it killed, and
 * starts it again on the same store); `drop()` stops the server and removes the store.
 */
export async function store(kind, pgAdmin, pgUrl, extraEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-probes-'));
  const schema = `probe_${randomBytes(6).toString('hex')}`;
  if (kind === 'postgres') await pgAdmin.query(`CREATE SCHEMA ${schema}`);
  const env = {
    DATA_DIR: dataDir,
    WEB_DIR: fs.existsSync(path.join(ROOT, 'dist/apps/shell')) ? path.join(ROOT, 'dist/apps') : path.join(dataDir, 'no-web'),
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    ...(kind === 'postgres' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : { DATABASE_URL: '' }),
    ...extraEnv,
  };
  const rows = async (table) => {
    if (kind === 'postgres') return Number((await pgAdmin.query(`SELECT count(*) AS n FROM ${schema}.${table}`)).rows[0].n);
    const db = new Database(path.join(dataDir, 'voxclub.sqlite'), { readonly: true });
    try {
      return db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    } finally {
      db.close();
    }
  };
  const it = {
    env,
    current: undefined,
    async start() {
      const server = await startServer({ env });
      server.dataDir = env.DATA_DIR;
      it.current = server;
      return Object.assign(server, {
        rows,
        async restart() {
          await server.stop();
          return it.start();
        },
      });
    },
    async drop() {
      await it.current?.stop();
      if (kind === 'postgres') await pgAdmin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return it;
}

/** Sends raw bytes on a socket, keeps it open, answers {status, ms, body} when the server answers or closes (null status: no answer by `waitMs`). */
export function raw(port, bytes, waitMs) {
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

/** An activity session id: ten letters or digits. */
export const activitySession = () => randomBytes(8).toString('hex').slice(0, 10);

export const bearer = (user) => ({ authorization: `Bearer ${user.token}` });

/** A new member, signed up and signed in over HTTP, each step from an address of its own. */
export async function signUp(url, email = `probe-${randomBytes(5).toString('hex')}@example.com`, password = 'probe-password-1') {
  const made = await call(`${url}/api/users/create`, 'POST', { username: email, password }, { 'x-forwarded-for': nextIp() });
  if (made.status !== 201) throw new Error(`sign-up answered ${made.status} ${made.text}`);
  const signed = await call(`${url}/api/users/authenticate`, 'POST', { username: email, password }, { 'x-forwarded-for': nextIp() });
  return { email, password, token: signed.json.token, id: signed.json.user.id };
}

/** Gives a member a role through the built admin CLI (`admin grant`), then signs them in again for a token that carries it. */
export async function grant(server, user, role) {
  grantRole(server.env, user.email, role);
  const signed = await call(`${server.url}/api/users/authenticate`, 'POST', { username: user.email, password: user.password }, { 'x-forwarded-for': nextIp() });
  return { ...user, token: signed.json.token };
}

/** multipart/form-data: text fields, then one file part, as the upload forms send it. */
export function multipart(fields, file) {
  const boundary = '----voxprobe' + randomBytes(8).toString('hex');
  const parts = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** Real audio, made by the ffmpeg the server itself decodes with: `seconds` of a sine tone. */
export function tone(seconds, format = 'mp3') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-probe-tone-'));
  const out = path.join(dir, `tone.${format}`);
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '64k'] : format === 'ogg' ? ['-c:a', 'libopus'] : ['-c:a', 'pcm_s16le'];
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '1', '-ar', '22050', ...codec, out]);
  const bytes = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

const CHANNEL = { title: 'Probe Radio', author: 'Probe Players', description: 'Probing the feed.', category: 'Fiction', language: 'en', explicit: false };

/** A podcast channel of `owner`'s (any member may have one). */
export async function channelOf(url, owner, fields = {}) {
  const res = await call(`${url}/api/podcast/channels`, 'POST', { ...CHANNEL, ...fields }, bearer(owner));
  if (res.status !== 201) throw new Error(`channel answered ${res.status} ${res.text}`);
  return res.json.id;
}

/** Uploads an episode (`publish`: now or draft) with `bytes` as its audio. */
export function uploadEpisode(url, owner, channelId, fields, bytes, name = 'episode.mp3', type = 'audio/mpeg') {
  const form = multipart(fields, { field: 'audio', name, type, bytes });
  return call(`${url}/api/podcast/channels/${channelId}/episodes`, 'POST', form.body, { ...bearer(owner), 'content-type': form.type });
}
