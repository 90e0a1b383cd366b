import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { loadConfig } from '../../../src/config';
import { ACTIVITY_MESSAGES } from '../../../src/services/activities/activity-log';

describe('POST /api/activities/', () => {
  let app: FastifyInstance;
  let me: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await build();
    me = await createUser(app);
    other = await createUser(app);
  });
  afterAll(async () => app.close());

  const entry = (overrides: Record<string, unknown> = {}) => ({
    userId: null,
    localTime: '2025-03-01T10:15:00.000Z',
    session: 'Ab3dE6gH9k',
    path: '/scripts',
    action: 'visit',
    context: null,
    ...overrides,
  });
  const post = (payload: unknown, user?: TestUser, url = '/api/activities/') =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: user ? bearer(user) : {} });
  const rowsFor = (session: string) => app.db.selectFrom('activities').selectAll().where('session', '=', session).execute();

  it('logs an anonymous visit (userId null) with 204 and stores it', async () => {
    const res = await post(entry({ session: 'anonVisit1' }));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await rowsFor('anonVisit1');
    expect(row).toMatchObject({ user_id: null, path: '/scripts', action: 'visit', local_time: '2025-03-01T10:15:00.000Z', context: null });
  });

  it('treats an empty userId as anonymous, with or without the trailing slash', async () => {
    expect((await post(entry({ userId: '', session: 'anonEmpty1' }), undefined, '/api/activities')).statusCode).toBe(204);
    expect((await rowsFor('anonEmpty1'))[0].user_id).toBeNull();
  });

  it('logs my own action with its context as JSON', async () => {
    const context = { id: 'link123', script: 'script456' };
    const res = await post(entry({ userId: me.id, action: 'open_sharelink', context, session: 'myAction01' }), me);
    expect(res.statusCode).toBe(204);
    const [row] = await rowsFor('myAction01');
    expect(row.user_id).toBe(me.id);
    expect(JSON.parse(row.context as string)).toEqual(context);
  });

  it('refuses, with 403 and no row, an entry in someone else’s name', async () => {
    const res = await post(entry({ userId: other.id, session: 'notMine001' }), me);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'An activity can only be logged for the signed-in user.' });
    expect(await rowsFor('notMine001')).toHaveLength(0);
  });

  it('refuses, with 403 and no row, an anonymous caller naming a user', async () => {
    const res = await post(entry({ userId: me.id, session: 'anonNamed1' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Please log in to log an activity for a user.' });
    expect(await rowsFor('anonNamed1')).toHaveLength(0);
  });

  it('lets a signed-in caller log an anonymous entry (e.g. logout after the token is gone client-side)', async () => {
    expect((await post(entry({ action: 'logout', session: 'signedAnon' }), me)).statusCode).toBe(204);
    expect((await rowsFor('signedAnon'))[0].user_id).toBeNull();
  });

  it('rejects unknown actions, malformed session ids and missing fields with a 400 and no row', async () => {
    for (const bad of [
      entry({ action: 'delete_everything', session: 'badAction1' }),
      entry({ session: 'short' }),
      { userId: null, session: 'missingF01' },
    ]) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await rowsFor('badAction1')).toHaveLength(0);
    expect(await rowsFor('missingF01')).toHaveLength(0);
  });

  it('refuses a context nested deeper than 8 levels or larger than 2 KB with a 400 and no row', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    const nested = await app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { 'content-type': 'application/json' },
      // As text: JSON.stringify overflows on 5,000 levels before the server sees them.
      payload: JSON.stringify(entry({ session: 'deepCtx001', context: { a: '__DEEP__' } })).replace('"__DEEP__"', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    });
    expect({ status: nested.statusCode, body: nested.json() }).toEqual({ status: 400, body: { message: ACTIVITY_MESSAGES.contextTooDeep } });
    let nine: unknown = 'x';
    for (let i = 0; i < 8; i++) nine = { n: nine };
    expect((await post(entry({ session: 'deepCtx002', context: { n: nine } }))).json()).toEqual({ message: ACTIVITY_MESSAGES.contextTooDeep });
    let eight: unknown = 'x';
    for (let i = 0; i < 7; i++) eight = { n: eight };
    expect((await post(entry({ session: 'deepCtx003', context: { n: eight } }))).statusCode).toBe(204);
    const big = await post(entry({ session: 'bigCtx0001', context: { text: 'x'.repeat(2100) } }));
    expect({ status: big.statusCode, body: big.json() }).toEqual({ status: 400, body: { message: ACTIVITY_MESSAGES.contextTooLarge } });
    expect(await rowsFor('deepCtx001')).toHaveLength(0);
    expect(await rowsFor('deepCtx002')).toHaveLength(0);
    expect(await rowsFor('bigCtx0001')).toHaveLength(0);
  });

  it('limits entries per address (120 a minute) and per activity session (60 a minute, from any address)', async () => {
    const fromIp = (i: number, ip: string, session: string) =>
      app.inject({ method: 'POST', url: '/api/activities', payload: entry({ session, path: `/p${i}` }), remoteAddress: ip });
    // One after another: the in-memory store hands requests of one tick a shared counter object.
    const inTurn = async (n: number, send: (i: number) => ReturnType<typeof fromIp>) => {
      const answers = [];
      for (let i = 0; i < n; i++) answers.push(await send(i));
      return answers;
    };
    const ipAnswers = await inTurn(121, (i) => fromIp(i, '10.99.0.1', `ipFlood${String(i % 100).padStart(3, '0')}`));
    expect(ipAnswers.filter((r) => r.statusCode === 204)).toHaveLength(120);
    const limited = ipAnswers.find((r) => r.statusCode === 429);
    expect(limited?.json()).toEqual({ message: ACTIVITY_MESSAGES.tooMany });
    // Another address is not affected.
    expect((await fromIp(0, '10.99.0.2', 'otherIp001')).statusCode).toBe(204);
    // One session spread over many addresses is still one session.
    const sessionAnswers = await inTurn(61, (i) => fromIp(i, `10.98.0.${i + 1}`, 'oneSess001'));
    expect(sessionAnswers.filter((r) => r.statusCode === 204)).toHaveLength(60);
    expect(sessionAnswers.filter((r) => r.statusCode === 429).map((r) => r.json())).toEqual([{ message: ACTIVITY_MESSAGES.tooMany }]);
    // It says when to try again: within the minute.
    const wait = Number(sessionAnswers.find((r) => r.statusCode === 429)?.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await rowsFor('oneSess001')).toHaveLength(60);
  });

  it('drops entries older than the retention period (ACTIVITY_RETENTION_DAYS)', async () => {
    const short = await build({ ACTIVITY_RETENTION_DAYS: '30' });
    try {
      const at = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
      const row = (id: string, days: number) => ({ id, user_id: null, local_time: 'x', session: 'retention1', path: '/', action: 'visit', context: null, created_at: at(days) });
      await short.db.insertInto('activities').values([row('old0000001', 31), row('new0000001', 29)]).execute();
      await short.activityRetention.prune();
      const left = await short.db.selectFrom('activities').select('id').where('session', '=', 'retention1').execute();
      expect(left.map((r) => r.id)).toEqual(['new0000001']);
    } finally {
      await short.close();
    }
  });

  it('keeps at most ACTIVITY_MAX_ENTRIES entries, the newest, whatever their age', async () => {
    const capped = await build({ ACTIVITY_MAX_ENTRIES: '3', ACTIVITY_RETENTION_DAYS: '0' });
    try {
      const at = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();
      const row = (id: string, minutes: number) => ({ id, user_id: null, local_time: 'x', session: 'capping001', path: '/', action: 'visit', context: null, created_at: at(minutes) });
      await capped.db.insertInto('activities').values([row('cap0000005', 5), row('cap0000001', 1), row('cap0000004', 4), row('cap0000002', 2), row('cap0000003', 3)]).execute();
      expect(await capped.activityRetention.prune()).toBe(2);
      const left = await capped.db.selectFrom('activities').select('id').orderBy('created_at').execute();
      expect(left.map((r) => r.id)).toEqual(['cap0000003', 'cap0000002', 'cap0000001']);
      expect(await capped.activityRetention.prune()).toBe(0);
    } finally {
      await capped.close();
    }
    expect(() => loadConfig({ ACTIVITY_MAX_ENTRIES: '0' })).toThrow('ACTIVITY_MAX_ENTRIES must be a whole number of entries (1 or more), got "0"');
    expect(loadConfig({}).activityMaxEntries).toBe(10_000_000);
  });

  it('caps the entry size with a 413', async () => {
    const res = await post(entry({ context: { blob: 'x'.repeat(20 * 1024) } }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
