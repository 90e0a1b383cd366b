import type { FastifyInstance } from 'fastify';
import { bearer, build, createMember, createUser, type TestUser } from '../../helper';

/** Friend requests: POST/GET /api/friendships/requests, accept, decline, cancel, remove. */
describe('friend requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const member = (name: string | null = null) => createMember(app, name, 'm');
  const ask = (from: TestUser, to: string) =>
    app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(from), payload: { to } });
  const requests = (user: TestUser) => app.inject({ method: 'GET', url: '/api/friendships/requests', headers: bearer(user) });
  const friendIds = async (user: TestUser) =>
    ((await app.inject({ method: 'GET', url: '/api/friendships/', headers: bearer(user) })).json() as Array<{ user: { id: string } }>).map((f) => f.user.id);
  const act = (user: TestUser, method: 'POST' | 'DELETE', url: string) => app.inject({ method, url, headers: bearer(user) });
  const messagesOf = (userId: string) =>
    app.db.selectFrom('notifications').select(['type', 'payload']).where('user_id', '=', userId).orderBy('id').execute();
  const pairRows = (a: string, b: string) =>
    app.db
      .selectFrom('friendships')
      .selectAll()
      .where((eb) => eb.or([eb.and([eb('requester_id', '=', a), eb('addressee_id', '=', b)]), eb.and([eb('requester_id', '=', b), eb('addressee_id', '=', a)])]))
      .execute();

  it('sends a request by handle (any case, with or without @) or by email, and tells the addressee', async () => {
    const ann = await member('Ann Reader');
    const bob = await member('Bob Voice');
    const res = await ask(ann, `@${bob.handle.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'requested',
      message: 'Friend request sent to Bob Voice.',
      user: { id: bob.id, handle: bob.handle, name: 'Bob Voice', photo: null },
    });
    expect(await messagesOf(bob.id)).toEqual([{ type: 'friend_request', payload: JSON.stringify({ fromUserId: ann.id }) }]);

    const cat = await member();
    const byEmail = await ask(ann, `  ${cat.email.toUpperCase()} `);
    expect(byEmail.statusCode).toBe(200);
    // Without a name the member goes by their handle (the contract's person-name rule).
    expect(byEmail.json().message).toBe(`Friend request sent to @${cat.handle}.`);
    // A profile page asks by id (a member may have no handle); with neither, a Guest.
    const dan = await createUser(app);
    const byId = await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(ann), payload: { userId: dan.id } });
    expect(byId.json()).toMatchObject({ status: 'requested', message: 'Friend request sent to Guest.', user: { id: dan.id, handle: null } });
    const unknownId = await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(ann), payload: { userId: 'NoSuchMember0001' } });
    expect(unknownId.statusCode).toBe(404);
    const neither = await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(ann), payload: {} });
    expect(neither.json()).toEqual({ message: 'Enter the handle or email of the member you want to add.' });
  });

  it('lists open requests to me and from me, and only mine', async () => {
    const me = await member();
    const asker = await member('Asker');
    const asked = await member('Asked');
    const stranger = await member();
    const other = await member();
    await ask(asker, me.handle);
    await ask(me, asked.handle);
    await ask(stranger, other.handle);
    const res = await requests(me);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.incoming).toEqual([{ user: { id: asker.id, handle: asker.handle, name: 'Asker', photo: null }, createdAt: expect.any(String) }]);
    expect(body.outgoing).toEqual([{ user: { id: asked.id, handle: asked.handle, name: 'Asked', photo: null }, createdAt: expect.any(String) }]);
  });

  it('refuses a request to myself, to nobody, a blank one, and duplicates', async () => {
    const me = await member();
    const you = await member();
    expect((await ask(me, me.handle)).json()).toEqual({ message: 'You cannot send a friend request to yourself.' });
    expect((await ask(me, me.email)).statusCode).toBe(400);
    const nobody = await ask(me, 'no-such-member');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'No member has this handle or email.' });
    expect((await ask(me, 'nobody@example.com')).statusCode).toBe(404);
    const blank = await ask(me, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Enter the handle or email of the member you want to add.' });

    expect((await ask(me, you.handle)).statusCode).toBe(200);
    const again = await ask(me, you.email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already sent a friend request to this member.' });
    expect(await pairRows(me.id, you.id)).toHaveLength(1);
    expect((await messagesOf(you.id)).filter((m) => m.type === 'friend_request')).toHaveLength(1);
  });

  it('turns a request to someone who already asked me into an acceptance', async () => {
    const ann = await member('Ann');
    const bob = await member('Bob');
    await ask(ann, bob.handle);
    const res = await ask(bob, ann.handle);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', message: 'Ann had already asked you, so you are friends now.' });
    expect(await pairRows(ann.id, bob.id)).toEqual([expect.objectContaining({ requester_id: ann.id, status: 'accepted' })]);
    expect(await friendIds(ann)).toEqual([bob.id]);
    expect(await friendIds(bob)).toEqual([ann.id]);
    expect((await messagesOf(ann.id)).map((m) => [m.type, JSON.parse(m.payload)])).toEqual([['friend_accepted', { userId: bob.id }]]);
    const third = await ask(ann, bob.handle);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: 'You are already friends.' });
  });

  it('keeps one row per pair when both ask at the same moment', async () => {
    const a = await member();
    const b = await member();
    const answers = await Promise.all([ask(a, b.handle), ask(b, a.handle)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().status).sort()).toEqual(['accepted', 'requested']);
    expect(await pairRows(a.id, b.id)).toEqual([expect.objectContaining({ status: 'accepted' })]);
  });

  it('accepts a request addressed to me, and tells the one who asked', async () => {
    const me = await member('Me');
    const asker = await member();
    await ask(asker, me.handle);
    const res = await act(me, 'POST', `/api/friendships/requests/${asker.id}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You are friends now.' });
    expect(await friendIds(me)).toEqual([asker.id]);
    expect((await messagesOf(asker.id)).map((m) => m.type)).toEqual(['friend_accepted']);
    expect((await requests(me)).json()).toEqual({ incoming: [], outgoing: [] });
    // Accepting twice finds nothing to accept.
    expect((await act(me, 'POST', `/api/friendships/requests/${asker.id}/accept`)).statusCode).toBe(404);
  });

  it('declines a request addressed to me without telling anyone', async () => {
    const me = await member();
    const asker = await member();
    await ask(asker, me.handle);
    const res = await act(me, 'POST', `/api/friendships/requests/${asker.id}/decline`);
    expect(res.json()).toEqual({ message: 'Friend request declined.' });
    expect(await pairRows(me.id, asker.id)).toEqual([]);
    expect(await messagesOf(asker.id)).toEqual([]);
    // They may ask again later.
    expect((await ask(asker, me.handle)).statusCode).toBe(200);
  });

  it('cancels a request I sent', async () => {
    const me = await member();
    const you = await member();
    await ask(me, you.handle);
    const res = await act(me, 'DELETE', `/api/friendships/requests/${you.id}`);
    expect(res.json()).toEqual({ message: 'Friend request cancelled.' });
    expect((await requests(you)).json().incoming).toEqual([]);
  });

  it('removes a friend, whoever asked first', async () => {
    const me = await member();
    const you = await member();
    await ask(you, me.handle);
    await act(me, 'POST', `/api/friendships/requests/${you.id}/accept`);
    const res = await act(me, 'DELETE', `/api/friendships/${you.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Removed from your friends.' });
    expect(await friendIds(you)).toEqual([]);
    const again = await act(me, 'DELETE', `/api/friendships/${you.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This member is not one of your friends.' });
  });

  describe('privacy: nobody acts on or reads requests that are not theirs', () => {
    let asker: TestUser;
    let addressee: TestUser & { handle: string };
    let intruder: TestUser;
    beforeEach(async () => {
      asker = await member();
      addressee = await member();
      intruder = await member();
      await ask(asker, addressee.handle);
    });
    const stillPending = async () => expect(await pairRows(asker.id, addressee.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
    const notFound = { message: 'This friend request was not found.' };

    it('only the addressee can accept', async () => {
      for (const [who, url] of [
        [intruder, `/api/friendships/requests/${asker.id}/accept`],
        // The asker cannot accept their own request from either side.
        [asker, `/api/friendships/requests/${addressee.id}/accept`],
        [asker, `/api/friendships/requests/${asker.id}/accept`],
      ] as const) {
        const res = await act(who, 'POST', url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await stillPending();
    });

    it('only the addressee can decline', async () => {
      for (const [who, url] of [
        [intruder, `/api/friendships/requests/${asker.id}/decline`],
        [asker, `/api/friendships/requests/${addressee.id}/decline`],
      ] as const) {
        const res = await act(who, 'POST', url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await stillPending();
    });

    it('only the asker can cancel', async () => {
      for (const [who, url] of [
        [intruder, `/api/friendships/requests/${addressee.id}`],
        [addressee, `/api/friendships/requests/${asker.id}`],
      ] as const) {
        const res = await act(who, 'DELETE', url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await stillPending();
    });

    it("nobody removes other people's friendships, or a pending request through remove", async () => {
      expect((await act(intruder, 'DELETE', `/api/friendships/${asker.id}`)).statusCode).toBe(404);
      expect((await act(asker, 'DELETE', `/api/friendships/${addressee.id}`)).statusCode).toBe(404);
      await stillPending();
    });

    it("nobody else sees the pair's pending request", async () => {
      expect((await requests(intruder)).json()).toEqual({ incoming: [], outgoing: [] });
    });

    it('anonymous callers are asked to log in on every route', async () => {
      for (const [method, url] of [
        ['GET', '/api/friendships/requests'],
        ['POST', '/api/friendships/requests'],
        ['POST', `/api/friendships/requests/${asker.id}/accept`],
        ['POST', `/api/friendships/requests/${asker.id}/decline`],
        ['DELETE', `/api/friendships/requests/${addressee.id}`],
        ['DELETE', `/api/friendships/${asker.id}`],
      ] as const) {
        const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: { to: 'x' } } : {}) });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 401, body: { message: 'Please log in.' } });
      }
      await stillPending();
    });
  });

  it('limits friend requests to 30 a minute per member', async () => {
    const busy = await member();
    const target = await member();
    const statuses: number[] = [];
    // Refused ones count too: the limit is on asking.
    for (let i = 0; i < 31; i++) statuses.push((await ask(busy, target.handle)).statusCode);
    expect(statuses.slice(0, 30)).toEqual([200, ...Array(29).fill(409)]);
    expect(statuses[30]).toBe(429);
    const limited = await ask(busy, target.handle);
    expect(limited.json()).toEqual({ message: 'You are sending friend requests too fast. Please wait a minute and try again.' });
    // Another member is not affected.
    expect((await ask(await member(), target.handle)).statusCode).toBe(200);
  });
});
