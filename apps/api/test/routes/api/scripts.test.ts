import type { FastifyInstance } from 'fastify';
import { acceptFriendship, requestFriendship } from '../../../src/repositories/friendships';
import { createScript } from '../../../src/repositories/scripts';
import { createSession, listParticipants } from '../../../src/repositories/sessions';
import { createShareLink } from '../../../src/repositories/share-links';
import { bearer, build, createUser, type TestUser } from '../../helper';

const NOT_FOUND = { message: 'This script was not found.' };

describe('GET /api/scripts/{scriptId}/session', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let friend: TestUser;
  let pendingFriend: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    app = await build();
    [owner, friend, pendingFriend, stranger] = await Promise.all([createUser(app), createUser(app), createUser(app), createUser(app)]);
    await requestFriendship(app.db, friend.id, owner.id);
    await acceptFriendship(app.db, friend.id, owner.id);
    await requestFriendship(app.db, owner.id, pendingFriend.id);
  });
  afterAll(async () => app.close());

  const open = (scriptId: string, user?: TestUser) =>
    app.inject({ method: 'GET', url: `/api/scripts/${scriptId}/session`, headers: user ? bearer(user) : {} });
  const sessionsOf = (scriptId: string) => app.db.selectFrom('reading_sessions').selectAll().where('script_id', '=', scriptId).execute();

  it('asks anonymous callers to log in', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'Public', visibility: 'public' });
    const res = await open(scriptId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
    expect(await sessionsOf(scriptId)).toHaveLength(0);
  });

  it('owner: starts a session once, then keeps answering the same one', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'Mine' });
    const first = await open(scriptId, owner);
    expect(first.statusCode).toBe(200);
    const { id } = first.json();
    expect(id).toEqual(expect.any(String));
    expect((await open(scriptId, owner)).json()).toEqual({ id });
    expect(await sessionsOf(scriptId)).toHaveLength(1);
    expect(await listParticipants(app.db, id)).toEqual([expect.objectContaining({ user_id: owner.id, role_name: null })]);
  });

  it('owner: concurrent opens (two tabs) land in one session', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'Race' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => open(scriptId, owner)));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await sessionsOf(scriptId)).toHaveLength(1);
  });

  it('friend: an accepted friend reads a friends-only script in a session of their own', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'For friends', visibility: 'friends' });
    const mine = (await open(scriptId, owner)).json().id;
    const res = await open(scriptId, friend);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).not.toBe(mine);
    expect(await listParticipants(app.db, res.json().id)).toEqual([expect.objectContaining({ user_id: friend.id })]);
  });

  it('friends-only: a pending request or a stranger gets 404, and nothing is created', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'For friends', visibility: 'friends' });
    for (const user of [pendingFriend, stranger]) {
      const res = await open(scriptId, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect(await sessionsOf(scriptId)).toHaveLength(0);
  });

  it('public: anyone logged in reads it', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'Open', visibility: 'public' });
    const res = await open(scriptId, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String) });
  });

  it('private: a friend and a stranger get the same 404 as for a script that does not exist', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'Secret', visibility: 'private' });
    for (const user of [friend, stranger]) {
      const res = await open(scriptId, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const missing = await open('NoSuchScript0000', stranger);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect(await sessionsOf(scriptId)).toHaveLength(0);
  });

  it('share link: someone who joined through a link resumes that session of a private script', async () => {
    const scriptId = await createScript(app.db, { ownerId: owner.id, title: 'Secret read', visibility: 'private' });
    const sessionId = await createSession(app.db, scriptId, owner.id);
    const linkId = await createShareLink(app.db, { sessionId, createdBy: owner.id });
    const joined = await app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/session`, headers: bearer(stranger) });
    expect(joined.statusCode).toBe(200);
    const res = await open(scriptId, stranger);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: sessionId });
  });

  it('rejects a malformed script id with a 400', async () => {
    const res = await open(encodeURIComponent("x' OR '1'='1"), owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
