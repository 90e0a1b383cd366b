import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Redis from 'ioredis';
import { chromium } from 'playwright';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/db/ids';
import { wav } from '../fixtures/audio';
import { balcony, claim, openSession, postScript, uploadTake } from '../routes/api/scripts-kit';
import { openLive } from '../routes/api/live-kit';
import { editorOf, openStream } from '../routes/api/drafts-kit';
import { startS3Server, type S3TestServer } from '../storage/s3-server';

/**
 * Two API instances (child processes) on PostgreSQL + Redis + an S3 stand-in, behind Debian's
 * nginx with deploy/nginx.conf, round-robin. Every scenario goes over real HTTP.
 */
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const root = path.resolve(__dirname, '../../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  rawPayload: Buffer;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** `inject`-shaped HTTP client, so the test kits' steps run against a base URL. */
function over(base: string) {
  const inject = async ({ method, url, headers = {}, payload }: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<Answer> => {
    const isBuffer = Buffer.isBuffer(payload);
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(payload !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}), ...headers },
      body: payload === undefined ? undefined : isBuffer ? (payload as Buffer) : JSON.stringify(payload),
    });
    const rawPayload = Buffer.from(await res.arrayBuffer());
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => (out[k] = v));
    const setCookie = res.headers.getSetCookie();
    if (setCookie.length) out['set-cookie'] = setCookie.join('\n');
    return { statusCode: res.status, headers: out, body: rawPayload.toString(), rawPayload, json: () => JSON.parse(rawPayload.toString()) };
  };
  return { inject } as unknown as FastifyInstance & { inject: typeof inject };
}

const refreshCookie = (res: Answer) => /vox_refresh=([^;]+)/.exec(res.headers['set-cookie'] ?? '')?.[1];

/**
 * Every @vox/* import name -> its source, from tsconfig.base.json (the one map), longest first so
 * '@vox/contract/schemas' wins over its prefix '@vox/contract' (jiti matches aliases by prefix).
 */
function workspaceAliases(): Record<string, string> {
  const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
  return Object.fromEntries(
    Object.entries(compilerOptions.paths)
      .sort(([a], [b]) => b.length - a.length)
      .map(([name, [target]]) => [name, path.join(root, target)]),
  );
}

describe('two API instances behind nginx (PostgreSQL, Redis, S3 stand-in)', () => {
  const schema = `t_${newId(12).toLowerCase()}`;
  const prefix = `vox-mi-${newId(8)}:`;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-mi-'));
  const children: ChildProcess[] = [];
  let s3: S3TestServer;
  let nginx: ChildProcess | undefined;
  let ports: number[] = [];
  let base = '';
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };

  function startInstance(port: number, name: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/jiti/lib/jiti-cli.mjs'), path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      env: {
        ...process.env,
        JITI_ALIAS: JSON.stringify(workspaceAliases()),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(runDir, name),
        WEB_DIR: path.join(runDir, 'no-web'),
        DATABASE_URL: PG_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        JOBS_POLL_SECONDS: '1',
        ...s3.env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    return (async () => {
      // jiti compiles the server's TypeScript at start: minutes on a busy 2-core machine.
      const end = Date.now() + 300_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`instance ${name} exited: ${err}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
        if (ok) return child;
        if (Date.now() > end) throw new Error(`instance ${name} did not become ready: ${err}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    })();
  }

  beforeAll(async () => {
    if (!fs.existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: apt-get install -y nginx (or set NGINX_PATH)`);
    await query(`CREATE SCHEMA ${schema}`);
    s3 = await startS3Server();
    ports = [await freePort(), await freePort()];
    // One after the other: both would otherwise race to run the migrations.
    await startInstance(ports[0], 'a');
    await startInstance(ports[1], 'b');
    const port = await freePort();
    const conf = fs
      .readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
      .replaceAll('{{RUN_DIR}}', runDir)
      .replaceAll('{{PORT}}', String(port))
      .replace('{{UPSTREAM_SERVERS}}', ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    '));
    fs.writeFileSync(path.join(runDir, 'nginx.conf'), conf);
    nginx = spawn(NGINX, ['-p', runDir, '-c', path.join(runDir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    base = `http://127.0.0.1:${port}`;
    const end = Date.now() + 10_000;
    while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
      if (Date.now() > end) throw new Error('nginx did not answer');
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 700_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx?.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    }
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    await query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`).catch(() => undefined);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await s3?.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }, 60_000);

  const instance = (i: number) => over(`http://127.0.0.1:${ports[i]}`);
  const proxy = () => over(base);
  async function register(app: ReturnType<typeof over>) {
    const username = `mi${newId(8).toLowerCase()}@example.com`;
    const password = 'a good long password';
    expect((await app.inject({ method: 'POST', url: '/api/users/create', payload: { username, password } })).statusCode).toBe(201);
    const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password } });
    expect(res.statusCode).toBe(200);
    return { id: res.json().user.id as string, email: username, password, token: res.json().token as string, cookie: refreshCookie(res) as string };
  }

  it('registered on one instance, refreshed on the other; five tabs refreshing at once all stay signed in', async () => {
    const user = await register(instance(0));
    const refreshed = await instance(1).inject({ method: 'POST', url: '/api/users/refresh-token', headers: { cookie: `vox_refresh=${user.cookie}` } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user.id).toBe(user.id);
    const cookie = refreshCookie(refreshed) as string;
    const five = await Promise.all(
      Array.from({ length: 5 }, () => proxy().inject({ method: 'POST', url: '/api/users/refresh-token', headers: { cookie: `vox_refresh=${cookie}` } })),
    );
    expect(five.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // One of them rotated the cookie (the browser's jar keeps it); the others, within the grace
    // period, got an access token only.
    const rotated = five.map(refreshCookie).filter((c): c is string => c !== undefined);
    expect(rotated).toHaveLength(1);
    const next = await proxy().inject({ method: 'POST', url: '/api/users/refresh-token', headers: { cookie: `vox_refresh=${rotated[0]}` } });
    expect(next.statusCode).toBe(200);
  }, 60_000);

  it('five real browser tabs refreshing at once through nginx: none is signed out', async () => {
    // Chromium's own cookie jar, shared by the tabs of one profile, as in a member's browser: all
    // five send the same refresh cookie at once, nginx spreads them over both instances, and the
    // jar keeps whichever rotated cookie arrives.
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const context = await browser.newContext();
      const tabs = await Promise.all(Array.from({ length: 5 }, () => context.newPage()));
      for (const tab of tabs) await tab.goto(`${base}/api/health`);
      const username = `tabs${newId(8).toLowerCase()}@example.com`;
      const password = 'a good long password';
      expect((await proxy().inject({ method: 'POST', url: '/api/users/create', payload: { username, password } })).statusCode).toBe(201);
      const signedIn = await tabs[0].evaluate(
        async (body) => (await fetch('/api/users/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
        { username, password },
      );
      expect(signedIn).toBe(200);
      const refreshInTab = (tab: (typeof tabs)[number]) =>
        tab.evaluate(async () => {
          const res = await fetch('/api/users/refresh-token', { method: 'POST' });
          const body = res.status === 200 ? await res.json() : null;
          // The new access token works at once, on whichever instance answers.
          const poll = body ? (await fetch('/api/notifications/new', { headers: { authorization: `Bearer ${body.token}` } })).status : 0;
          return { status: res.status, poll };
        });
      const five = await Promise.all(tabs.map(refreshInTab));
      expect(five).toEqual(Array(5).fill({ status: 200, poll: 200 }));
      // Still signed in afterwards, in every tab (the jar holds the rotated cookie).
      for (const tab of tabs) expect(await refreshInTab(tab)).toEqual({ status: 200, poll: 200 });
      // And a second burst from the rotated cookie.
      expect(await Promise.all(tabs.map(refreshInTab))).toEqual(Array(5).fill({ status: 200, poll: 200 }));
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('a take uploaded through one instance plays through the other, with a range request', async () => {
    const user = await register(instance(0));
    const script = await postScript(instance(0), user, balcony());
    const session = await openSession(instance(0), user, script.id);
    await claim(instance(0), user, session.id, 'Romeo');
    const bytes = wav(3000);
    const up = await uploadTake(instance(0), user, session.id, { lineId: script.lines[2].id, clientId: `mi-${newId(6)}`, audio: { data: bytes, type: 'audio/wav' } });
    expect(up.statusCode).toBe(201);
    const part = await instance(1).inject({ method: 'GET', url: `/api/audio/${up.json().audio}`, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    // And through nginx, whichever instance answers.
    const viaProxy = await proxy().inject({ method: 'GET', url: `/api/audio/${up.json().audio}`, headers: { range: 'bytes=0-3' } });
    expect(viaProxy.statusCode).toBe(206);
    expect(viaProxy.body).toBe('RIFF');
  }, 60_000);

  // The live channel streams through nginx (unbuffered) and hears both instances.
  it('a live stream through nginx hears takes recorded through either instance within 2 s', async () => {
    const user = await register(instance(0));
    const script = await postScript(instance(0), user, balcony());
    const session = await openSession(instance(0), user, script.id);
    await claim(instance(1), user, session.id, 'Romeo');
    const stream = await openLive(base, user, session.id);
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor('hello');
      for (const [i, index] of [[0, 2], [1, 4]] as const) {
        const lineId = script.lines[index].id;
        const up = await uploadTake(instance(i), user, session.id, { lineId, clientId: `mi-${newId(6)}`, audio: { data: wav(800), type: 'audio/wav' } });
        expect(up.statusCode).toBe(201);
        await stream.waitFor('changed', (e) => e.what === 'takes' && e.lineId === lineId, 2000);
      }
    } finally {
      stream.close();
    }
  }, 60_000);

  it('the red dot counts a message written through the other instance', async () => {
    const [reader, writer] = [await register(instance(0)), await register(instance(1))];
    const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
    expect((await instance(1).inject({ method: 'POST', url: '/api/friendships/requests', headers: auth(writer), payload: { userId: reader.id } })).statusCode).toBeLessThan(300);
    expect((await instance(0).inject({ method: 'POST', url: `/api/friendships/requests/${writer.id}/accept`, headers: auth(reader) })).statusCode).toBeLessThan(300);
    const list = await instance(0).inject({ method: 'GET', url: '/api/notifications', headers: auth(reader) });
    const after = list.json().items?.[0]?.id ?? list.json()[0]?.id;
    const count = async () => (await instance(0).inject({ method: 'GET', url: `/api/notifications/new?after=${after}`, headers: auth(reader) })).json().count;
    expect(await count()).toBe(0);
    const sent = await instance(1).inject({ method: 'POST', url: '/api/messages', headers: auth(writer), payload: { to: reader.id, text: 'Hello from the other instance' } });
    expect(sent.statusCode).toBe(201);
    const end = Date.now() + 5000;
    let seen = await count();
    while (seen !== 1 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await count();
    }
    expect(seen).toBe(1);
  }, 60_000);

  it('a rate limit is hit across both instances', async () => {
    // The reset-code check has the sign-in routes' per-address limit (20 a minute) and hashes
    // no password, so 21 attempts one after the other fit well inside the minute even on a busy
    // machine (21 password sign-ins did not). nginx sends them round-robin to both instances.
    const attempt = () =>
      proxy().inject({ method: 'POST', url: '/api/users/password/verify', headers: { 'x-forwarded-for': '198.51.100.77' }, payload: { username: 'nobody@example.com', code: '000000' } });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
  }, 120_000);

  it('a draft co-written through both instances: each one’s stream (and one through nginx) shows the other’s change within 500 ms', async () => {
    const [owner, grace] = [await register(instance(0)), await register(instance(1))];
    await query(`UPDATE ${schema}.users SET role = 'writer' WHERE id = '${owner.id}'`);
    const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
    const created = await instance(0).inject({ method: 'POST', url: '/api/drafts', headers: auth(owner), payload: { title: 'Two instances', body: 'INT. HALL - DAY' } });
    expect(created.statusCode).toBe(201);
    const draftId = created.json().id as string;
    const link = await instance(1).inject({ method: 'POST', url: `/api/drafts/${draftId}/invite-links`, headers: auth(owner), payload: { role: 'editor' } });
    expect((await instance(0).inject({ method: 'POST', url: `/api/draft-invites/${link.json().token}`, headers: auth(grace) })).statusCode).toBe(200);
    const streams = [await openStream(`http://127.0.0.1:${ports[0]}`, grace, draftId), await openStream(`http://127.0.0.1:${ports[1]}`, owner, draftId), await openStream(base, owner, draftId)];
    try {
      const syncs = await Promise.all(streams.map((s) => s.waitFor('sync', undefined, 10_000)));
      const editor = editorOf(syncs[0].update);
      // Grace's change through instance 0 reaches the owner's streams on instance 1 and behind nginx; the owner's through instance 1 reaches hers.
      for (const [via, by, insert, listeners] of [
        [0, grace, ' Grace.', [1, 2]],
        [1, owner, ' Owner.', [0]],
      ] as const) {
        const update = editor.type(editor.text.length, insert);
        const before = streams.map((s) => s.events.filter((e) => e.type === 'update').length);
        const sent = Date.now();
        const res = await instance(via).inject({ method: 'POST', url: `/api/drafts/${draftId}/doc`, headers: auth(by), payload: { update } });
        expect(res.statusCode).toBe(200);
        for (const i of listeners) {
          await streams[i].waitFor('update', (e) => streams[i].events.filter((x) => x.type === 'update').indexOf(e) >= before[i] && e.update === update, 2000);
          expect(Date.now() - sent).toBeLessThan(500);
        }
      }
      const saved = await proxy().inject({ method: 'GET', url: `/api/drafts/${draftId}`, headers: auth(grace) });
      expect(saved.json().body).toBe('INT. HALL - DAY Grace. Owner.');
    } finally {
      for (const s of streams) s.close();
    }
  }, 60_000);

  it('one instance killed mid-session: the user keeps working through the survivor', async () => {
    const user = await register(proxy());
    const auth = { authorization: `Bearer ${user.token}` };
    children[0].kill('SIGKILL');
    await new Promise((r) => children[0].once('exit', r));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await proxy().inject({ method: 'GET', url: '/api/notifications/new', headers: auth })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const refreshed = await proxy().inject({ method: 'POST', url: '/api/users/refresh-token', headers: { cookie: `vox_refresh=${user.cookie}` } });
    expect(refreshed.statusCode).toBe(200);
  }, 60_000);
});
