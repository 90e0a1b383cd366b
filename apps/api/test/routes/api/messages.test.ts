import type { FastifyInstance } from 'fastify';
import { main as admin } from '../../../src/admin/commands';
import { createNotification } from '../../../src/repositories/notifications';
import { bearer, build, createMember, type TestUser } from '../../helper';

/** Direct messages (POST /api/messages), the Messages list (GET /api/notifications) and the seen mark. */
describe('messages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const member = (name: string | null = null) => createMember(app, name, 'd');
  const befriend = async (a: TestUser & { handle: string }, b: TestUser & { handle: string }) => {
    await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(a), payload: { to: b.handle } });
    await app.inject({ method: 'POST', url: `/api/friendships/requests/${a.id}/accept`, headers: bearer(b) });
  };
  const send = (from: TestUser, to: string, text: string) =>
    app.inject({ method: 'POST', url: '/api/messages', headers: bearer(from), payload: { to, text } });
  const list = (user: TestUser, query = '') => app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: bearer(user) });
  const seen = (user: TestUser) => app.inject({ method: 'GET', url: '/api/notifications/seen', headers: bearer(user) });
  const markSeen = (user: TestUser, id: string) =>
    app.inject({ method: 'PUT', url: '/api/notifications/seen', headers: bearer(user), payload: { id } });
  const poll = (user: TestUser, after?: string | null) =>
    app.inject({ method: 'GET', url: `/api/notifications/new${after ? `?after=${after}` : ''}`, headers: bearer(user) });

  describe('POST /api/messages', () => {
    it('delivers a message to a friend as a message in their list, with me resolved', async () => {
      const ann = await member('Ann');
      const bob = await member('Bob');
      await befriend(ann, bob);
      const res = await send(ann, bob.id, '  Table read tonight at 8?  ');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.stringMatching(/^[0-9]{15}[0-9a-z]{9}$/), message: 'Message sent to Bob.' });
      const items = (await list(bob)).json().items;
      expect(items[0]).toEqual({
        id: res.json().id,
        type: 'message',
        createdAt: expect.any(String),
        unread: true,
        person: { id: ann.id, handle: ann.handle, name: 'Ann', photo: null },
        relationship: 'friends',
        text: 'Table read tonight at 8?',
        invite: null,
        membership: null,
        // A live-read notice's fields; null on a direct message.
        read: null,
        casting: null,
        // A draft's comment or invitation notice's fields; null on a direct message.
        draftComment: null,
        draftInvite: null,
      });
      // The sender keeps no copy: only the friend-acceptance is in Ann's list.
      expect((await list(ann)).json().items.map((i: { type: string }) => i.type)).toEqual(['friend_accepted']);
    });

    it('lets only friends write to each other', async () => {
      const ann = await member();
      const stranger = await member();
      const pending = await member();
      await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(ann), payload: { to: pending.handle } });
      for (const to of [stranger.id, pending.id, 'NoSuchMember0001']) {
        const res = await send(ann, to, 'Hello');
        expect({ to, status: res.statusCode, body: res.json() }).toEqual({ to, status: 403, body: { message: 'You can send messages only to your friends.' } });
      }
      // Nothing arrived.
      expect((await list(stranger)).json().items).toEqual([]);
    });

    it('refuses empty, over-long and self-addressed messages with clear texts', async () => {
      const ann = await member();
      const bob = await member();
      await befriend(ann, bob);
      expect((await send(ann, bob.id, ' \n ')).json()).toEqual({ message: 'Write a message first.' });
      const long = await send(ann, bob.id, 'x'.repeat(2001));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ message: 'A message can be at most 2000 characters long.' });
      expect((await send(ann, bob.id, 'x'.repeat(2000))).statusCode).toBe(201);
      expect((await send(ann, ann.id, 'Hi me')).json()).toEqual({ message: 'You cannot send a message to yourself.' });
      expect((await app.inject({ method: 'POST', url: '/api/messages', payload: { to: bob.id, text: 'Hi' } })).statusCode).toBe(401);
    });

    it('limits messages to 20 a minute per member', async () => {
      const ann = await member();
      const bob = await member();
      await befriend(ann, bob);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await send(ann, bob.id, `Line ${i}`)).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect((await send(ann, bob.id, 'One more')).json()).toEqual({
        message: 'You are sending messages too fast. Please wait a minute and try again.',
      });
      const items = (await list(bob, '?pageSize=50')).json().items as Array<{ type: string }>;
      expect(items.filter((i) => i.type === 'message')).toHaveLength(20);
    });
  });

  describe('GET /api/notifications', () => {
    it('answers every kind newest first, paged, with the other member and the current relationship', async () => {
      const me = await member('Me');
      const asker = await member('Asker');
      const host = await member('Host');
      await befriend(me, host);
      await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(asker), payload: { to: me.handle } });
      await createNotification(app.db, {
        userId: me.id,
        type: 'session_invite',
        payload: { sessionId: 'S1', scriptId: 'SC1', scriptTitle: 'Hamlet, Act III', linkId: 'L1', role: 'Ophelia', fromUserId: host.id },
      });
      const out: string[] = [];
      expect(await admin(['grant', '--user', me.email, '--role', 'premium', '--days', '30'], { db: app.db, out: (l) => out.push(l), err: () => undefined })).toBe(0);
      await createNotification(app.db, { userId: me.id, type: 'direct_message', payload: { text: 'From an older version' } });

      const res = await list(me);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 5, page: 1, pageSize: 20, lastSeen: null });
      expect(body.items.map((i: { type: string }) => i.type)).toEqual(['direct_message', 'membership', 'session_invite', 'friend_request', 'friend_accepted']);
      const [legacy, membership, invite, request, accepted] = body.items;
      expect(legacy).toMatchObject({ person: null, text: 'From an older version', unread: true });
      expect(membership).toMatchObject({ person: null, membership: { role: 'premium', expiry: expect.stringMatching(/^\d{4}-/), event: 'granted' } });
      expect(invite).toMatchObject({
        person: { id: host.id, name: 'Host' },
        relationship: 'friends',
        invite: { sessionId: 'S1', scriptId: 'SC1', scriptTitle: 'Hamlet, Act III', linkId: 'L1', role: 'Ophelia' },
      });
      expect(request).toMatchObject({ person: { id: asker.id, name: 'Asker' }, relationship: 'incoming' });
      expect(accepted).toMatchObject({ person: { id: host.id }, relationship: 'friends' });

      const page2 = (await list(me, '?page=2&pageSize=2')).json();
      expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(page2.items.map((i: { id: string }) => i.id)).toEqual([invite.id, request.id]);
      expect((await list(me, '?page=9')).json().items).toEqual([]);

      // Once accepted, the request's item says so (no Accept button any more).
      await app.inject({ method: 'POST', url: `/api/friendships/requests/${asker.id}/accept`, headers: bearer(me) });
      expect((await list(me)).json().items[3].relationship).toBe('friends');
    });

    it('tells a membership revoke', async () => {
      const me = await member();
      const io = { db: app.db, out: () => undefined, err: () => undefined };
      await admin(['grant', '--user', me.email, '--role', 'writer'], io);
      await admin(['revoke', '--user', me.email], io);
      const items = (await list(me)).json().items;
      expect(items.map((i: { membership: unknown }) => i.membership)).toEqual([
        { role: 'writer', expiry: null, event: 'revoked' },
        { role: 'writer', expiry: null, event: 'granted' },
      ]);
    });

    it('refuses a page size over 50', async () => {
      const me = await member();
      const res = await list(me, '?pageSize=51');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Query parameter 'pageSize' must be at most 50.");
    });
  });

  describe('the last-seen mark', () => {
    it('starts empty, moves forward to one of my messages, never back, and the poll follows it', async () => {
      const me = await member();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await createNotification(app.db, { userId: me.id, type: 'message', payload: { text: `m${i}` } }));
      expect((await seen(me)).json()).toEqual({ id: null });
      expect((await poll(me)).json()).toEqual({ count: 3 });

      const moved = await markSeen(me, ids[1]);
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ id: ids[1] });
      expect((await seen(me)).json()).toEqual({ id: ids[1] });
      expect((await poll(me, ids[1])).json()).toEqual({ count: 1 });
      const unread = (await list(me)).json();
      expect(unread.lastSeen).toBe(ids[1]);
      expect(unread.items.map((i: { unread: boolean }) => i.unread)).toEqual([true, false, false]);

      // An older id (another tab showing an old page) leaves the mark where it is.
      expect((await markSeen(me, ids[0])).json()).toEqual({ id: ids[1] });
      expect((await markSeen(me, ids[2])).json()).toEqual({ id: ids[2] });
      expect((await poll(me, ids[2])).json()).toEqual({ count: 0 });
    });

    it("cannot be set to, or reveal, someone else's message", async () => {
      const me = await member();
      const other = await member();
      const theirs = await createNotification(app.db, { userId: other.id, type: 'message', payload: { text: 'private' } });
      for (const id of [theirs, 'nosuchid']) {
        const res = await markSeen(me, id);
        expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { message: 'This message was not found.' } });
      }
      expect((await seen(me)).json()).toEqual({ id: null });
      expect((await seen(other)).json()).toEqual({ id: null });
    });
  });

  describe('privacy: only I read my messages and my mark', () => {
    it("never lists another member's messages", async () => {
      const me = await member();
      const other = await member();
      await createNotification(app.db, { userId: other.id, type: 'message', payload: { text: 'secret' } });
      const body = (await list(me)).json();
      expect(body).toMatchObject({ items: [], total: 0 });
    });

    it('asks anonymous callers to log in', async () => {
      for (const [method, url] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/seen'],
        ['PUT', '/api/notifications/seen'],
        ['POST', '/api/messages'],
      ] as const) {
        const res = await app.inject({ method, url, ...(method !== 'GET' ? { payload: { id: 'x', to: 'x', text: 'x' } } : {}) });
        expect({ url, method, status: res.statusCode, body: res.json() }).toEqual({ url, method, status: 401, body: { message: 'Please log in.' } });
      }
    });
  });
});
