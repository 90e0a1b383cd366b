import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser, type TestUser } from '../helper';
import { createCountCache } from '../../src/services/messages/new-message-counts';
import { createNotification } from '../../src/repositories/notifications';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Polls `read` until it returns `expected` or the deadline passes; answers the last value. */
async function eventually<T>(read: () => Promise<T>, expected: T, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

describe('new-message count cache', () => {
  it('answers repeats from memory until that user changes', async () => {
    const loads: string[] = [];
    const counts = new Map([['u1', 3], ['u2', 5]]);
    const cache = createCountCache(async (userId, after) => {
      loads.push(`${userId}:${after}`);
      return counts.get(userId) ?? 0;
    });
    cache.setEnabled(true);
    expect(await cache.count('u1', 'a')).toBe(3);
    expect(await cache.count('u1', 'a')).toBe(3);
    expect(await cache.count('u2', 'a')).toBe(5);
    expect(loads).toEqual(['u1:a', 'u2:a']);
    // Another `after` (the user read their messages) is asked of the database.
    expect(await cache.count('u1', 'b')).toBe(3);
    expect(loads).toHaveLength(3);
    counts.set('u1', 4);
    cache.changed('u1');
    expect(await cache.count('u1', 'b')).toBe(4);
    expect(await cache.count('u2', 'a')).toBe(5);
    expect(loads).toEqual(['u1:a', 'u2:a', 'u1:b', 'u1:b']);
    cache.changed('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer when a change arrives while it is being read', async () => {
    let release!: (n: number) => void;
    const cache = createCountCache(() => new Promise<number>((resolve) => (release = resolve)));
    cache.setEnabled(true);
    const first = cache.count('u1');
    cache.changed('someone-else'); // any change during the read makes the answer suspect
    release(1);
    expect(await first).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('serves nothing from memory while disabled, and stays bounded', async () => {
    let n = 0;
    const cache = createCountCache(async () => ++n, 2);
    expect(await cache.count('u1')).toBe(1);
    expect(await cache.count('u1')).toBe(2);
    cache.setEnabled(true);
    for (const u of ['a', 'b', 'c']) await cache.count(u);
    expect(cache.size).toBe(2);
  });
});

describe(`the red-dot poll stays exact (${onPostgres ? 'PostgreSQL change feed' : 'SQLite, no cache'})`, () => {
  let app: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    app = await build();
    user = await createUser(app);
  });
  afterAll(async () => app.close());

  const poll = async (after?: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/notifications/new${after ? `?after=${after}` : ''}`, headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { count: number }).count;
  };

  it('counts a message that arrives between two polls, and one removed', async () => {
    const first = await createNotification(app.db, { userId: user.id, type: 'message' });
    expect(await poll()).toBe(1);
    expect(await poll(first)).toBe(0);
    expect(await poll(first)).toBe(0);
    const second = await createNotification(app.db, { userId: user.id, type: 'message' });
    expect(await eventually(() => poll(first), 1)).toBe(1);
    expect(await poll(second)).toBe(0);
    await app.db.deleteFrom('notifications').where('id', '=', second).execute();
    expect(await eventually(() => poll(first), 0)).toBe(0);
    expect(await eventually(() => poll(), 1)).toBe(1);
  });

  const feedTest = onPostgres
    ? () => it('answers from the database while the change feed is down, and resumes caching after', async () => {
    const feed = app.newMessageCounts.feed;
    expect(feed?.backendPid).toEqual(expect.any(Number));
    const before = feed?.backendPid as number;
    const seen = await createNotification(app.db, { userId: user.id, type: 'message' });
    expect(await eventually(() => poll(seen), 0)).toBe(0);
    // Cut the listening connection, as a database restart or a network blip would.
    await sql`SELECT pg_terminate_backend(${before})`.execute(app.db);
    await eventually(async () => feed?.backendPid !== before, true);
    // Whatever the feed's state, an answer after a committed insert is never the stale 0 for long.
    await createNotification(app.db, { userId: user.id, type: 'message' });
    expect(await eventually(() => poll(seen), 1)).toBe(1);
    // The feed comes back on its own (a new listening connection).
    expect(await eventually(async () => typeof feed?.backendPid === 'number' && feed.backendPid !== before, true, 5000)).toBe(true);
    await createNotification(app.db, { userId: user.id, type: 'message' });
    expect(await eventually(() => poll(seen), 2)).toBe(2);
  })
    : () => it('has no cache and no change feed on SQLite (one in-process query per poll)', () => {
        expect(app.newMessageCounts.feed).toBeUndefined();
      });
  feedTest();
});
