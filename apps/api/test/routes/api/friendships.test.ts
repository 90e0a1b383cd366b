import type { FastifyInstance } from 'fastify';
import { acceptFriendship, requestFriendship } from '../../../src/repositories/friendships';
import { bearer, build, createUser, type TestUser } from '../../helper';

describe('GET /api/friendships/', () => {
  let app: FastifyInstance;
  let me: TestUser;
  beforeAll(async () => {
    app = await build();
    me = await createUser(app);
  });
  afterAll(async () => app.close());

  const list = (user: TestUser, url = '/api/friendships/') => app.inject({ method: 'GET', url, headers: bearer(user) });

  it('asks anonymous callers to log in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/friendships/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
  });

  it('answers an empty list when I have no friends', async () => {
    const loner = await createUser(app);
    const res = await list(loner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists accepted friends in both directions as { user }, not pending requests', async () => {
    const handle = `asked${Date.now()}`;
    const asked = await createUser(app, { handle });
    const askedMe = await createUser(app, { role: 'premium' });
    const pending = await createUser(app);
    const incoming = await createUser(app);
    await requestFriendship(app.db, me.id, asked.id);
    await acceptFriendship(app.db, me.id, asked.id);
    await requestFriendship(app.db, askedMe.id, me.id);
    await acceptFriendship(app.db, askedMe.id, me.id);
    await requestFriendship(app.db, me.id, pending.id);
    await requestFriendship(app.db, incoming.id, me.id);

    const res = await list(me);
    expect(res.statusCode).toBe(200);
    const friends = res.json() as Array<{ user: { id: string } }>;
    expect(friends.map((f) => f.user.id).sort()).toEqual([asked.id, askedMe.id].sort());
    const premium = friends.find((f) => f.user.id === askedMe.id);
    expect(premium).toEqual({
      user: {
        id: askedMe.id,
        handle: null,
        name: null,
        photo: null,
        role: { name: 'premium', privileges: ['audio_library', 'draft', 'read_free_script'] },
        classes: [],
      },
    });
    expect(friends.find((f) => f.user.id === asked.id)?.user).toMatchObject({ handle, role: { name: 'member', privileges: [] } });

    // The friendship shows on the other side too.
    const theirs = await list(askedMe);
    expect((theirs.json() as Array<{ user: { id: string } }>).map((f) => f.user.id)).toEqual([me.id]);
  });

  it('accepts the path with and without the trailing slash', async () => {
    const a = await list(me, '/api/friendships');
    const b = await list(me, '/api/friendships/');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it('turns a request back into an acceptance instead of a second row', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    expect(await requestFriendship(app.db, a.id, b.id)).toBe('pending');
    expect(await requestFriendship(app.db, a.id, b.id)).toBe('pending');
    expect(await requestFriendship(app.db, b.id, a.id)).toBe('accepted');
    const rows = await app.db
      .selectFrom('friendships')
      .selectAll()
      .where((eb) => eb.or([eb('requester_id', 'in', [a.id, b.id]), eb('addressee_id', 'in', [a.id, b.id])]))
      .execute();
    expect(rows).toHaveLength(1);
    expect((await list(a)).json()).toEqual([{ user: expect.objectContaining({ id: b.id }) }]);
  });
});
