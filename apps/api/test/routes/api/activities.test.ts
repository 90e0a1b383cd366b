import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser, type TestUser } from '../../helper';

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

  it('caps the entry size with a 413', async () => {
    const res = await post(entry({ context: { blob: 'x'.repeat(20 * 1024) } }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
