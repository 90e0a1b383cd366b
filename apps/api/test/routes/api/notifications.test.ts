import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { createNotification, newNotificationId, newNotificationsQuery } from '../../../src/repositories/notifications';
import { bearer, build, createUser, type TestUser } from '../../helper';

describe('GET /api/notifications/new', () => {
  let app: FastifyInstance;
  let me: TestUser;
  let other: TestUser;
  const mine: string[] = [];
  let othersId: string;
  beforeAll(async () => {
    app = await build();
    me = await createUser(app);
    other = await createUser(app);
    for (let i = 0; i < 4; i++) mine.push(await createNotification(app.db, { userId: me.id, type: 'message', payload: { n: i } }));
    othersId = await createNotification(app.db, { userId: other.id, type: 'message' });
  });
  afterAll(async () => app.close());

  const poll = (user: TestUser, query = '') =>
    app.inject({ method: 'GET', url: `/api/notifications/new${query}`, headers: bearer(user) });

  it('asks anonymous callers to log in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/notifications/new?after=x' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please log in.');
  });

  it('counts all my notifications when no last-seen id is given, and never anyone else’s', async () => {
    const res = await poll(me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 4 });
    expect((await poll(other)).json()).toEqual({ count: 1 });
  });

  it('counts only the ones newer than the last-seen id', async () => {
    expect((await poll(me, `?after=${mine[0]}`)).json()).toEqual({ count: 3 });
    expect((await poll(me, `?after=${mine[2]}`)).json()).toEqual({ count: 1 });
    expect((await poll(me, `?after=${mine[3]}`)).json()).toEqual({ count: 0 });
  });

  it('counts everything when the last-seen id is unknown, empty or someone else’s', async () => {
    expect((await poll(me, '?after=nosuchid')).json()).toEqual({ count: 4 });
    expect((await poll(me, '?after=')).json()).toEqual({ count: 4 });
    // Another user's (newer) id must not hide my messages nor reveal anything about theirs.
    expect((await poll(me, `?after=${othersId}`)).json()).toEqual({ count: 4 });
  });

  it('accepts a trailing slash and rejects an over-long id with a 400', async () => {
    expect((await poll(me, `/?after=${mine[1]}`)).json()).toEqual({ count: 2 });
    const res = await poll(me, `?after=${'a'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('refuses a token once it has expired, even one it accepted before', async () => {
    const token = await app.signAccessToken(me.id);
    const ask = () => app.inject({ method: 'GET', url: '/api/notifications/new', headers: { authorization: `Bearer ${token}` } });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    // Only the clock moves (16 minutes on); timers stay real so the app keeps running.
    jest.useFakeTimers({
      now: Date.now() + 16 * 60 * 1000,
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      const res = await ask();
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Your session has expired. Please log in again.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('makes ids that sort by creation time, even within one millisecond', () => {
    const ids = [newNotificationId(1000), newNotificationId(1000), newNotificationId(1000), newNotificationId(1001)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
    // A clock that steps back must not make an id sort before earlier ones.
    const later = newNotificationId(999);
    expect(later > ids[3]).toBe(true);
    expect(ids[0]).toMatch(/^[0-9]{15}[0-9a-z]{9}$/);
  });

  it('answers from one range scan of the (user_id, id) index', async () => {
    const query = newNotificationsQuery(app.db, me.id, mine[0]).compile();
    if (app.dbDialect === 'sqlite') {
      const plan = await app.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/SEARCH notifications USING COVERING INDEX notifications_user_id_idx \(user_id=\? AND id>\?\)/);
      expect(details).not.toMatch(/SCAN notifications/);
    } else {
      // PostgreSQL picks plans by table size and a test table is tiny: forbid the sequential
      // scan to see that the index can answer the statement on its own.
      const details = await app.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const plan = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(details).toMatch(/Index Only Scan using notifications_user_id_idx on notifications\b/);
      expect(details).not.toMatch(/Seq Scan/);
    }
  });
});
