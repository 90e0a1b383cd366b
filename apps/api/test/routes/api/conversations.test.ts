import type { FastifyInstance } from 'fastify';
import { bearer, build, createMember, type TestUser } from '../../helper';

/** Direct messages as threads both sides see, replies, unread counts per thread. */
describe('conversations', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const member = (name: string) => createMember(app, name, 'c');
  const befriend = async (a: TestUser & { handle: string }, b: TestUser & { handle: string }) => {
    await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(a), payload: { to: b.handle } });
    await app.inject({ method: 'POST', url: `/api/friendships/requests/${a.id}/accept`, headers: bearer(b) });
  };
  const send = (from: TestUser, to: string, text: string, replyTo?: string) =>
    app.inject({ method: 'POST', url: '/api/messages', headers: bearer(from), payload: { to, text, ...(replyTo ? { replyTo } : {}) } });
  const threads = (user: TestUser) => app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(user) });
  const thread = (user: TestUser, other: string) => app.inject({ method: 'GET', url: `/api/conversations/${other}`, headers: bearer(user) });
  const markRead = (user: TestUser, other: string, upTo: string) =>
    app.inject({ method: 'PUT', url: `/api/conversations/${other}/read`, headers: bearer(user), payload: { upTo } });

  it('shows both sides what was sent, in order, with a reply quoting its message', async () => {
    const ann = await member('Ann');
    const bob = await member('Bob');
    await befriend(ann, bob);
    const first = (await send(ann, bob.id, 'Table read tonight at 8?')).json().id;
    const reply = await send(bob, ann.id, 'Yes, I will bring the bus scene.', first);
    expect(reply.statusCode).toBe(201);

    const annView = (await thread(ann, bob.id)).json();
    expect(annView).toEqual({
      person: { id: bob.id, handle: bob.handle, name: 'Bob', photo: null },
      relationship: 'friends',
      canReply: true,
      unread: 1,
      messages: [
        { id: first, fromMe: true, text: 'Table read tonight at 8?', createdAt: expect.any(String), replyTo: null },
        {
          id: reply.json().id,
          fromMe: false,
          text: 'Yes, I will bring the bus scene.',
          createdAt: expect.any(String),
          replyTo: { id: first, fromMe: true, text: 'Table read tonight at 8?' },
        },
      ],
    });
    const bobView = (await thread(bob, ann.id)).json();
    expect(bobView.messages.map((m: { fromMe: boolean; text: string }) => [m.fromMe, m.text])).toEqual([
      [false, 'Table read tonight at 8?'],
      [true, 'Yes, I will bring the bus scene.'],
    ]);
  });

  it('counts unread per thread and clears one thread when it is read, never moving back', async () => {
    const ann = await member('Ann');
    const bob = await member('Bob');
    const cy = await member('Cy');
    await befriend(ann, bob);
    await befriend(ann, cy);
    const b1 = (await send(bob, ann.id, 'one')).json().id;
    const b2 = (await send(bob, ann.id, 'two')).json().id;
    await send(cy, ann.id, 'hi from Cy');
    await send(ann, bob.id, 'my own message is never unread for me');

    let list = (await threads(ann)).json();
    // Newest thread first: Ann's own message to Bob is the newest line.
    expect(list.items.map((i: { person: { name: string }; unread: number; last: { text: string; fromMe: boolean } }) => [i.person.name, i.unread, i.last.text, i.last.fromMe])).toEqual([
      ['Bob', 2, 'my own message is never unread for me', true],
      ['Cy', 1, 'hi from Cy', false],
    ]);
    expect(list.unread).toBe(3);

    expect((await markRead(ann, bob.id, b1)).json()).toEqual({ unread: 1 });
    expect((await markRead(ann, bob.id, b2)).json()).toEqual({ unread: 0 });
    // An older mark does not move it back.
    expect((await markRead(ann, bob.id, b1)).json()).toEqual({ unread: 0 });
    list = (await threads(ann)).json();
    expect(list.items.map((i: { unread: number }) => i.unread)).toEqual([0, 1]);
    expect(list.unread).toBe(1);
    // Bob's side: his thread with Ann has her one message unread.
    expect((await threads(bob)).json().items).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: ann.id }), unread: 1 }),
    ]);
  });

  it("refuses a reply to another thread's message and a read mark outside the thread", async () => {
    const ann = await member('Ann');
    const bob = await member('Bob');
    const cy = await member('Cy');
    await befriend(ann, bob);
    await befriend(bob, cy);
    const other = (await send(bob, cy.id, 'private to Cy')).json().id;
    const res = await send(ann, bob.id, 'Quoting', other);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'You can only reply to a message of this conversation.' } });
    const mark = await markRead(ann, bob.id, other);
    expect({ status: mark.statusCode, body: mark.json() }).toEqual({ status: 404, body: { message: 'This message is not part of this conversation.' } });
    // Nothing of Bob and Cy's thread leaks into Ann's.
    expect((await thread(ann, bob.id)).json().messages).toEqual([]);
  });

  it('keeps a thread readable after the friendship ends, without a way to reply', async () => {
    const ann = await member('Ann');
    const bob = await member('Bob');
    await befriend(ann, bob);
    await send(ann, bob.id, 'See you');
    await app.inject({ method: 'DELETE', url: `/api/friendships/${bob.id}`, headers: bearer(ann) });
    const view = (await thread(bob, ann.id)).json();
    expect(view).toMatchObject({ relationship: 'none', canReply: false });
    expect(view.messages.map((m: { text: string }) => m.text)).toEqual(['See you']);
    const unknown = await thread(bob, 'NoSuchMember0001');
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { message: 'This member was not found.' } });
    expect((await app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
  });
});
