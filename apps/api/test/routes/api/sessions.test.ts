import type { FastifyInstance } from 'fastify';
import type { Script, ShareLink } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, befriend, claim, getSession, openSession, postScript } from './scripts-kit';

const SESSION_NOT_FOUND = { message: 'This reading session was not found.' };

describe('reading sessions: detail, roles, share links, invitations', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let guest: TestUser;
  let friend: TestUser;
  let stranger: TestUser;
  let script: Script;
  beforeAll(async () => {
    app = await build();
    [owner, guest, friend, stranger] = await Promise.all([createUser(app, { handle: 'ownerhandle' }), createUser(app), createUser(app), createUser(app)]);
    await befriend(app, owner, friend);
    script = await postScript(app, owner, balcony({ visibility: 'private' }));
  }, 30_000);
  afterAll(async () => app.close());

  /** A new session of the private script with the owner in it, plus a guest joined by link. */
  async function sessionWithGuest() {
    const session = await openSession(app, owner, (await postScript(app, owner, balcony())).id);
    const link = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: {} });
    await app.inject({ method: 'GET', url: `/api/sharelinks/${link.json().id}/session`, headers: bearer(guest) });
    return session;
  }

  describe('GET /api/sessions/{id}', () => {
    it('gives a participant the script, participants, my seat and the takes', async () => {
      const session = await openSession(app, owner, script.id);
      expect(session).toMatchObject({
        createdBy: owner.id,
        script: { ...script, canEdit: true },
        participants: [{ user: { id: owner.id, handle: 'ownerhandle', name: null, photo: null }, role: null }],
        me: { userId: owner.id, role: null },
        takes: [],
      });
      expect(session.createdAt).toEqual(expect.any(String));
    });

    it('non-participants (even ones who may read the script) and unknown ids get the same 404', async () => {
      const pub = await postScript(app, owner, balcony({ visibility: 'public' }));
      const session = await openSession(app, owner, pub.id);
      for (const [user, id] of [
        [stranger, session.id],
        [friend, session.id],
        [stranger, 'NoSuchSession000'],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: bearer(user) });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: SESSION_NOT_FOUND });
      }
      const anonymous = await app.inject({ method: 'GET', url: `/api/sessions/${session.id}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('a guest joined by link sees the script without edit rights', async () => {
      const session = await sessionWithGuest();
      const seen = await getSession(app, guest, session.id);
      expect(seen.script.canEdit).toBe(false);
      expect(seen.me).toEqual({ userId: guest.id, role: null });
      expect(seen.participants.map((p) => p.user.id)).toEqual([owner.id, guest.id]);
    });
  });

  describe('PUT /api/sessions/{id}/role', () => {
    it('claims a role, answers my seat, and gives it up with null', async () => {
      const session = await sessionWithGuest();
      const res = await claim(app, guest, session.id, 'Juliet');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: guest.id }, role: 'Juliet' });
      expect((await getSession(app, guest, session.id)).me.role).toBe('Juliet');
      expect((await claim(app, guest, session.id, 'Juliet')).statusCode).toBe(200);
      expect((await claim(app, guest, session.id, 'Romeo')).json().role).toBe('Romeo');
      expect((await claim(app, guest, session.id, null)).json().role).toBeNull();
      expect((await getSession(app, owner, session.id)).participants.map((p) => p.role)).toEqual([null, null]);
    });

    it('one reader per role: 409 with its text while someone reads it', async () => {
      const session = await sessionWithGuest();
      expect((await claim(app, owner, session.id, 'Romeo')).statusCode).toBe(200);
      const res = await claim(app, guest, session.id, 'Romeo');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Someone else is already reading this role.' });
      expect((await getSession(app, guest, session.id)).me.role).toBeNull();
      await claim(app, owner, session.id, null);
      expect((await claim(app, guest, session.id, 'Romeo')).statusCode).toBe(200);
    });

    it('two readers claiming one role at once: exactly one gets it', async () => {
      const session = await sessionWithGuest();
      const answers = await Promise.all([claim(app, owner, session.id, 'Juliet'), claim(app, guest, session.id, 'Juliet')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const seats = (await getSession(app, owner, session.id)).participants.filter((p) => p.role === 'Juliet');
      expect(seats).toHaveLength(1);
    });

    it('a role the script does not have: 400 with its text (names match exactly)', async () => {
      const session = await sessionWithGuest();
      for (const role of ['Mercutio', 'romeo']) {
        const res = await claim(app, guest, session.id, role);
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'This script has no such role.' } });
      }
    });

    it('non-participants: 404', async () => {
      const session = await sessionWithGuest();
      const res = await claim(app, stranger, session.id, 'Romeo');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SESSION_NOT_FOUND);
    });

    it('renaming a role in the script unseats its reader', async () => {
      const own = await postScript(app, owner, balcony());
      const session = await openSession(app, owner, own.id);
      await claim(app, owner, session.id, 'Romeo');
      const renamed = balcony({
        roles: [
          { name: 'Romeo Montague', description: '' },
          { name: 'Juliet', description: '' },
        ],
        lines: [{ kind: 'dialogue', role: 'Romeo Montague', text: 'Hello.' }],
      });
      expect((await app.inject({ method: 'PUT', url: `/api/scripts/${own.id}`, headers: bearer(owner), payload: renamed })).statusCode).toBe(200);
      expect((await getSession(app, owner, session.id)).me.role).toBeNull();
    });
  });

  describe('share links', () => {
    const create = (user: TestUser, sessionId: string, payload: object = {}) =>
      app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/sharelinks`, headers: bearer(user), payload });
    const listLinks = (user: TestUser, sessionId: string) => app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/sharelinks`, headers: bearer(user) });
    const revoke = (user: TestUser, linkId: string) => app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}`, headers: bearer(user) });
    const follow = (user: TestUser, linkId: string) => app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/session`, headers: bearer(user) });

    it('a participant creates links (optionally for a role) and lists them newest first', async () => {
      const session = await openSession(app, owner, script.id);
      const plain = await create(owner, session.id);
      expect(plain.statusCode).toBe(201);
      expect(plain.json()).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{22}$/), sessionId: session.id, role: null, createdBy: owner.id, createdAt: expect.any(String), revokedAt: null, invitedUser: null });
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times
      const forJuliet = (await create(owner, session.id, { role: 'Juliet' })).json() as ShareLink;
      expect(forJuliet.role).toBe('Juliet');
      const listed = await listLinks(owner, session.id);
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as ShareLink[]).slice(0, 2).map((l) => l.id)).toEqual([forJuliet.id, plain.json().id]);
    });

    it('a link’s role must be one of the script’s; non-participants can neither list nor create', async () => {
      const session = await openSession(app, owner, script.id);
      const bad = await create(owner, session.id, { role: 'Nurse' });
      expect({ status: bad.statusCode, body: bad.json() }).toEqual({ status: 400, body: { message: 'This script has no such role.' } });
      for (const res of [await create(stranger, session.id), await listLinks(stranger, session.id), await listLinks(friend, session.id)]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: SESSION_NOT_FOUND });
      }
    });

    it('following a role link seats me in its role when free, else without a role', async () => {
      const session = await openSession(app, owner, (await postScript(app, owner, balcony())).id);
      const romeoLink = (await create(owner, session.id, { role: 'Romeo' })).json().id as string;
      const first = await createUser(app);
      const second = await createUser(app);
      expect((await follow(first, romeoLink)).json()).toEqual({ id: session.id, scriptId: session.script.id });
      expect((await getSession(app, first, session.id)).me.role).toBe('Romeo');
      expect((await follow(second, romeoLink)).statusCode).toBe(200);
      expect((await getSession(app, second, session.id)).me.role).toBeNull();
      // A later role link fills a missing seat only.
      const julietLink = (await create(owner, session.id, { role: 'Juliet' })).json().id as string;
      await follow(first, julietLink);
      expect((await getSession(app, first, session.id)).me.role).toBe('Romeo');
      await follow(second, julietLink);
      expect((await getSession(app, second, session.id)).me.role).toBe('Juliet');
    });

    it('revoked: its creator or the session’s creator may revoke; then the link is invalid and joins no one', async () => {
      const session = await sessionWithGuest();
      const guestLink = (await create(guest, session.id)).json().id as string;
      const ownerLink = (await create(owner, session.id)).json().id as string;
      // The guest made guestLink; the owner created the session: both may revoke it.
      const notMine = await revoke(guest, ownerLink);
      expect({ status: notMine.statusCode, body: notMine.json() }).toEqual({ status: 403, body: { message: 'Only the person who made this link can revoke it.' } });
      const strangerTry = await revoke(stranger, guestLink);
      expect(strangerTry.statusCode).toBe(403);
      expect((await revoke(guest, guestLink)).statusCode).toBe(204);
      expect((await revoke(owner, ownerLink)).statusCode).toBe(204);
      expect((await revoke(owner, ownerLink)).statusCode).toBe(204);

      const late = await createUser(app);
      for (const linkId of [guestLink, ownerLink]) {
        const res = await follow(late, linkId);
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'This link is invalid.' } });
      }
      expect((await getSession(app, owner, session.id)).participants.map((p) => p.user.id)).not.toContain(late.id);
      const links = (await listLinks(owner, session.id)).json() as ShareLink[];
      expect(links.filter((l) => [guestLink, ownerLink].includes(l.id)).every((l) => l.revokedAt !== null)).toBe(true);
    });

    it('revoking an unknown link: 404 with its text', async () => {
      const res = await revoke(owner, 'NoSuchLink000000000000');
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'This share link was not found.' } });
    });
  });

  describe('POST /api/sessions/{id}/invitations', () => {
    const invite = (user: TestUser, sessionId: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/sessions/${sessionId}/invitations`, headers: bearer(user), payload });

    it('invites an accepted friend: a share link and a session_invite message with exactly the agreed payload', async () => {
      const session = await openSession(app, owner, script.id);
      const res = await invite(owner, session.id, { userId: friend.id, role: 'Juliet' });
      expect(res.statusCode).toBe(201);
      const link: ShareLink = res.json();
      expect(link).toMatchObject({ sessionId: session.id, role: 'Juliet', createdBy: owner.id, revokedAt: null });
      const messages = await app.db.selectFrom('notifications').selectAll().where('user_id', '=', friend.id).where('type', '=', 'session_invite').execute();
      expect(messages).toHaveLength(1);
      expect(JSON.parse(messages[0].payload)).toEqual({
        sessionId: session.id,
        scriptId: script.id,
        scriptTitle: 'Romeo and Juliet, II.2',
        linkId: link.id,
        role: 'Juliet',
        fromUserId: owner.id,
      });
      // The friend follows it into the private script's session, in the role.
      expect((await app.inject({ method: 'GET', url: `/api/sharelinks/${link.id}/session`, headers: bearer(friend) })).statusCode).toBe(200);
      expect((await getSession(app, friend, session.id)).me.role).toBe('Juliet');
    });

    it('lists an invitation as the friend\'s, not as one more plain "any role" link', async () => {
      const session = await openSession(app, owner, script.id);
      const plain = (await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: {} })).json().id;
      const invited = (await invite(owner, session.id, { userId: friend.id })).json();
      expect(invited.invitedUser).toEqual(expect.objectContaining({ id: friend.id, photo: null }));
      const links = (await app.inject({ method: 'GET', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner) })).json() as ShareLink[];
      expect(links.find((l) => l.id === plain)?.invitedUser).toBeNull();
      expect(links.find((l) => l.id === invited.id)?.invitedUser?.id).toBe(friend.id);
    });

    it('refuses anyone who is not an accepted friend (and myself), creating nothing', async () => {
      const session = await openSession(app, owner, script.id);
      const linksBefore = (await app.db.selectFrom('share_links').select('id').execute()).length;
      const messagesBefore = (await app.db.selectFrom('notifications').select('id').execute()).length;
      for (const userId of [stranger.id, owner.id, 'NoSuchUser000000']) {
        const res = await invite(owner, session.id, { userId });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message: 'You can invite only your friends.' } });
      }
      const badRole = await invite(owner, session.id, { userId: friend.id, role: 'Tybalt' });
      expect({ status: badRole.statusCode, body: badRole.json() }).toEqual({ status: 400, body: { message: 'This script has no such role.' } });
      const outsider = await invite(stranger, session.id, { userId: friend.id });
      expect(outsider.json()).toEqual(SESSION_NOT_FOUND);
      expect((await app.db.selectFrom('share_links').select('id').execute()).length).toBe(linksBefore);
      expect((await app.db.selectFrom('notifications').select('id').execute()).length).toBe(messagesBefore);
    });
  });
});
