import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { NotificationList, Script } from '@vox/contract';
import { LIVE_MESSAGES } from '@vox/contract/live';
import { wav } from '../../fixtures/audio';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { newId } from '../../../src/db/ids';
import { LIVE_STREAM_LIMITS } from '../../../src/services/live-sessions/live-sessions';
import { openLive, type LiveClient } from './live-kit';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

const onPostgres = Boolean(process.env.DATABASE_URL);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function withPg(fn: (c: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

const SESSION_NOT_FOUND = { message: 'This reading session was not found.' };

const named = (app: FastifyInstance, name: string): Promise<TestUser> => createUser(app, { name });

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/** A session of the balcony scene owned by `owner`, and a role link for Juliet. */
async function sessionWithLink(app: FastifyInstance, owner: TestUser) {
  const script: Script = await postScript(app, owner, balcony({ title: 'The Last Bus' }));
  const session = await openSession(app, owner, script.id);
  const link = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: { role: 'Juliet' } });
  return { script, session, linkId: link.json().id as string };
}

const join = (app: FastifyInstance, user: TestUser, linkId: string) => app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/session`, headers: bearer(user) });

async function messagesOf(app: FastifyInstance, user: TestUser): Promise<NotificationList> {
  const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(user) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe(`live table reads (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let app: FastifyInstance;
  let base: string;
  let owner: TestUser;
  let grace: TestUser;
  let stranger: TestUser;
  const open: LiveClient[] = [];
  const live = async (user: TestUser, sessionId: string) => {
    const client = await openLive(base, user, sessionId);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    app = await build();
    base = await listen(app);
    [owner, grace, stranger] = await Promise.all([named(app, 'Olive'), named(app, 'Grace'), named(app, 'Sam')]);
  }, 30_000);
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => app.close());

  it('a stranger cannot subscribe (the same 404 as the session), nor can anyone signed out', async () => {
    const { session } = await sessionWithLink(app, owner);
    const refused = await live(stranger, session.id);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 404, body: SESSION_NOT_FOUND });
    const unknown = await live(stranger, 'NoSuchSession000');
    expect(unknown.status).toBe(404);
    const anonymous = await fetch(`${base}/api/sessions/${session.id}/live`);
    expect(anonymous.status).toBe(401);
  });

  it('streams text/event-stream: hello with my connection id, then who is here', async () => {
    const { session } = await sessionWithLink(app, owner);
    const res = await fetch(`${base}/api/sessions/${session.id}/live`, { headers: bearer(owner) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    await res.body?.cancel();
    const stream = await live(owner, session.id);
    const hello = await stream.waitFor('hello');
    expect(hello.connectionId).toMatch(/^[a-f0-9]{32}$/);
    const presence = await stream.waitFor('presence', (e) => e.people.length === 1);
    expect(presence.people).toEqual([{ user: { id: owner.id, handle: null, name: 'Olive', photo: null }, role: null, recordingLineId: null }]);
  });

  it('tells the owner who joined (live and in Messages), shows presence with roles and recording, and clears it on leaving', async () => {
    const { session, linkId } = await sessionWithLink(app, owner);
    const ownerStream = await live(owner, session.id);
    await ownerStream.waitFor('presence', (e) => e.people.length === 1);

    expect((await join(app, grace, linkId)).statusCode).toBe(200);
    const joined = await ownerStream.waitFor('notice', (e) => e.kind === 'joined');
    expect(joined).toEqual({ type: 'notice', kind: 'joined', text: 'Grace joined your read of The Last Bus as Juliet', by: grace.id });
    await ownerStream.waitFor('changed', (e) => e.what === 'roles' && e.by === grace.id);
    const inbox = await messagesOf(app, owner);
    expect(inbox.items[0]).toMatchObject({
      type: 'read_joined',
      person: { id: grace.id, name: 'Grace' },
      text: null,
      read: { sessionId: session.id, scriptTitle: 'The Last Bus', role: 'Juliet', lines: null },
    });

    const graceStream = await live(grace, session.id);
    const { connectionId } = await graceStream.waitFor('hello');
    await ownerStream.waitFor('presence', (e) => e.people.some((p) => p.user.id === grace.id && p.role === 'Juliet'));

    const line = session.script.lines[3].id;
    const mark = await app.inject({ method: 'PUT', url: `/api/sessions/${session.id}/live/presence`, headers: bearer(grace), payload: { connectionId, recordingLineId: line } });
    expect(mark.statusCode).toBe(204);
    await ownerStream.waitFor('presence', (e) => e.people.some((p) => p.user.id === grace.id && p.recordingLineId === line));
    // Someone else's connection id is refused.
    const theirs = await app.inject({ method: 'PUT', url: `/api/sessions/${session.id}/live/presence`, headers: bearer(owner), payload: { connectionId, recordingLineId: null } });
    expect({ status: theirs.statusCode, body: theirs.json() }).toEqual({ status: 404, body: { message: LIVE_MESSAGES.unknownConnection } });

    const leftAt = Date.now();
    graceStream.close();
    await ownerStream.waitFor('presence', (e) => e.people.length === 1 && e.people[0].user.id === owner.id && ownerStream.events.indexOf(e) > 3, 3000);
    expect(Date.now() - leftAt).toBeLessThan(3000);
  });

  it('sends every reader the take, pick, delete and role changes, and groups "Grace recorded N lines" into one message', async () => {
    const { session, linkId } = await sessionWithLink(app, owner);
    await join(app, grace, linkId);
    const ownerStream = await live(owner, session.id);
    await ownerStream.waitFor('hello');
    const [, juliet1, , juliet2] = session.script.lines.slice(2);

    const first = await uploadTake(app, grace, session.id, { lineId: juliet1.id, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } });
    expect(first.statusCode).toBe(201);
    await ownerStream.waitFor('changed', (e) => e.what === 'takes' && e.lineId === juliet1.id && e.by === grace.id, 2000);
    expect(await ownerStream.waitFor('notice', (e) => e.kind === 'recorded')).toMatchObject({ text: 'Grace recorded 1 line in The Last Bus', by: grace.id });

    // A second take of the same line and a take of another line: still one message, 2 lines.
    await uploadTake(app, grace, session.id, { lineId: juliet1.id, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } });
    const second = await uploadTake(app, grace, session.id, { lineId: juliet2.id, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } });
    await ownerStream.waitFor('notice', (e) => e.text === 'Grace recorded 2 lines in The Last Bus');
    let recorded = (await messagesOf(app, owner)).items.filter((m) => m.type === 'read_recorded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ text: null, person: { id: grace.id }, read: { sessionId: session.id, scriptTitle: 'The Last Bus', role: 'Juliet', lines: 2 } });

    // Once the owner has seen it, the next take starts a new message.
    await app.inject({ method: 'PUT', url: '/api/notifications/seen', headers: bearer(owner), payload: { id: recorded[0].id } });
    await uploadTake(app, grace, session.id, { lineId: juliet2.id, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } });
    recorded = (await messagesOf(app, owner)).items.filter((m) => m.type === 'read_recorded');
    expect(recorded.map((m) => m.read?.lines)).toEqual([1, 2]);

    const takeId = second.json().id as string;
    await app.inject({ method: 'PUT', url: `/api/sessions/${session.id}/takes/${takeId}/pick`, headers: bearer(grace) });
    await ownerStream.waitFor('changed', (e) => e.what === 'takes' && e.lineId === juliet2.id && ownerStream.events.filter((x) => x.type === 'changed' && x.what === 'takes').length >= 5);
    const before = ownerStream.events.length;
    await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/takes/${takeId}`, headers: bearer(grace) });
    await ownerStream.waitFor('changed', (e) => e.what === 'takes' && ownerStream.events.indexOf(e) >= before);

    expect((await claim(app, grace, session.id, null)).statusCode).toBe(200);
    await ownerStream.waitFor('changed', (e) => e.what === 'roles' && e.by === grace.id);
    // The owner's own takes tell nobody anything in Messages.
    await claim(app, owner, session.id, 'Romeo');
    await uploadTake(app, owner, session.id, { lineId: session.script.lines[2].id, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } });
    expect((await messagesOf(app, owner)).items.filter((m) => m.type === 'read_recorded')).toHaveLength(2);
  });

  it('a line edited by the owner reaches the readers', async () => {
    const { script, session, linkId } = await sessionWithLink(app, owner);
    await join(app, grace, linkId);
    const graceStream = await live(grace, session.id);
    await graceStream.waitFor('hello');
    const input = balcony({ title: 'The Last Bus' });
    input.lines[3] = { ...input.lines[3], text: 'Ah me!' };
    const saved = await app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: input });
    expect(saved.statusCode).toBe(200);
    await graceStream.waitFor('changed', (e) => e.what === 'script' && e.by === owner.id);
  });

  it("a revoked link's reader is disconnected and cannot subscribe again; others stay", async () => {
    const { session, linkId } = await sessionWithLink(app, owner);
    await join(app, grace, linkId);
    const ownerStream = await live(owner, session.id);
    const graceStream = await live(grace, session.id);
    await graceStream.waitFor('hello');
    await ownerStream.waitFor('presence', (e) => e.people.length === 2);

    expect((await app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}`, headers: bearer(owner) })).statusCode).toBe(204);
    expect(await graceStream.waitFor('revoked')).toEqual({ type: 'revoked', message: LIVE_MESSAGES.linkRevoked });
    await graceStream.ended;
    await ownerStream.waitFor('presence', (e) => e.people.length === 1 && e.people[0].user.id === owner.id);

    const again = await live(grace, session.id);
    expect({ status: again.status, body: again.body }).toEqual({ status: 403, body: { message: LIVE_MESSAGES.linkRevoked } });
    // The owner's stream is still open and hears changes.
    await claim(app, owner, session.id, 'Romeo');
    await ownerStream.waitFor('changed', (e) => e.what === 'roles' && e.by === owner.id);
  });

  it('keeps 10 open streams per member: the 11th, on this read or another, closes their oldest, which is told why', async () => {
    expect(LIVE_STREAM_LIMITS.perMember).toBe(10);
    // A member of their own: no stream of another test is still closing.
    const mia = await named(app, 'Mia');
    const { session } = await sessionWithLink(app, mia);
    const streams: LiveClient[] = [];
    for (let i = 0; i < 10; i++) {
      const stream = await live(mia, session.id);
      await stream.waitFor('hello');
      streams.push(stream);
    }
    const newest = await live(mia, session.id);
    await newest.waitFor('hello');
    expect(await streams[0].waitFor('revoked')).toEqual({ type: 'revoked', message: LIVE_MESSAGES.tooManyOfMine });
    await streams[0].ended;
    // One more on another read counts too: the next oldest goes.
    const elsewhere = await sessionWithLink(app, mia);
    const other = await live(mia, elsewhere.session.id);
    await other.waitFor('hello');
    expect(await streams[1].waitFor('revoked')).toEqual({ type: 'revoked', message: LIVE_MESSAGES.tooManyOfMine });
    await streams[1].ended;
    expect([...streams.slice(2), newest, other].map((s) => s.events.filter((e) => e.type === 'revoked'))).toEqual(Array(10).fill([]));
    // The ones left still hear the read.
    await claim(app, mia, session.id, 'Romeo');
    await newest.waitFor('changed', (e) => e.what === 'roles' && e.by === mia.id);
    await streams[9].waitFor('changed', (e) => e.what === 'roles' && e.by === mia.id);
  });

  it('keeps 200 open streams per read: one more closes the oldest, whoever opened it', async () => {
    expect(LIVE_STREAM_LIMITS.perSession).toBe(200);
    const { session } = await sessionWithLink(app, owner);
    const link = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: {} });
    const readers = await Promise.all(Array.from({ length: 20 }, () => createUser(app)));
    for (const reader of readers) expect((await join(app, reader, link.json().id)).statusCode).toBe(200);
    type Sink = { chunks: string[]; ended: boolean; write(chunk: string): void; end(): void };
    const sink = (): Sink => ({ chunks: [], ended: false, write(chunk) { this.chunks.push(chunk); }, end() { this.ended = true; } });
    const sinks: Sink[] = [];
    const handles: { close(): void }[] = [];
    for (const reader of readers) {
      for (let i = 0; i < 10; i++) {
        const s = sink();
        handles.push(await app.liveSessions.connect(reader.id, session.id, s));
        sinks.push(s);
      }
    }
    expect(sinks.filter((s) => s.ended)).toHaveLength(0);
    const ownerSink = sink();
    handles.push(await app.liveSessions.connect(owner.id, session.id, ownerSink));
    expect(sinks.map((s) => s.ended)).toEqual([true, ...Array(199).fill(false)]);
    expect(sinks[0].chunks.at(-1)).toContain(`data: ${JSON.stringify({ type: 'revoked', message: LIVE_MESSAGES.tooManyReaders })}`);
    expect(ownerSink.ended).toBe(false);
    for (const handle of handles) handle.close();
  }, 60_000);

  it('bad input gets a readable 400', async () => {
    const { session } = await sessionWithLink(app, owner);
    const res = await app.inject({ method: 'PUT', url: `/api/sessions/${session.id}/live/presence`, headers: bearer(owner), payload: { connectionId: 'x y' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

/** Two API instances on one database: a change made through one reaches a reader of the other. */
describe.each([
  ...(onPostgres ? [['PostgreSQL LISTEN/NOTIFY', {}] as const] : []),
  ['Redis pub/sub', { REDIS_URL, REDIS_PREFIX: `live-${process.pid}-${Date.now()}:` }] as const,
])('across two instances (%s)', (_name, env) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let shared: Record<string, string>;
  beforeAll(async () => {
    // Both instances use one database: a PostgreSQL schema or a SQLite file of this test's.
    if (onPostgres) {
      const schema = `t_live_${newId(10).toLowerCase()}`;
      await withPg((c) => c.query(`CREATE SCHEMA ${schema}`));
      shared = { DATABASE_SCHEMA: schema };
    } else {
      shared = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vox-live-')) };
    }
    a = await build({ ...env, ...shared });
    b = await build({ ...env, ...shared });
    baseA = await listen(a);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (shared.DATABASE_SCHEMA) await withPg((c) => c.query(`DROP SCHEMA ${shared.DATABASE_SCHEMA} CASCADE; DROP SCHEMA IF EXISTS ${shared.DATABASE_SCHEMA}_jobs CASCADE`));
    if (shared.DATA_DIR) fs.rmSync(shared.DATA_DIR, { recursive: true, force: true });
  });

  it('delivers take, presence and notice events recorded on the other instance', async () => {
    expect(a.liveSessions.bus).toBe(env.REDIS_URL ? 'redis' : 'postgres');
    const owner = await named(a, 'Olive');
    const grace = await named(a, 'Grace');
    const { session, linkId } = await sessionWithLink(a, owner);
    const ownerStream = await openLive(baseA, owner, session.id);
    try {
      await ownerStream.waitFor('hello');
      expect((await join(b, grace, linkId)).statusCode).toBe(200);
      await ownerStream.waitFor('notice', (e) => e.text === 'Grace joined your read of The Last Bus as Juliet');
      const lineId = session.script.lines[3].id;
      const started = Date.now();
      expect((await uploadTake(b, grace, session.id, { lineId, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } })).statusCode).toBe(201);
      await ownerStream.waitFor('changed', (e) => e.what === 'takes' && e.lineId === lineId, 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      await ownerStream.waitFor('notice', (e) => e.text === 'Grace recorded 1 line in The Last Bus');
    } finally {
      ownerStream.close();
    }
  });
});
