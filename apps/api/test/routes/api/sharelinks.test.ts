import type { FastifyInstance } from 'fastify';
import { saveScript } from '../../../src/repositories/scripts';
import { createSession, listParticipants } from '../../../src/repositories/sessions';
import { createShareLink, revokeShareLink } from '../../../src/repositories/share-links';
import { bearer, build, createUser, type TestUser } from '../../helper';

const INVALID = { message: 'This link is invalid.' };

describe('GET /api/sharelinks/{linkId}/session', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let guest: TestUser;
  let scriptId: string;
  let sessionId: string;
  beforeAll(async () => {
    app = await build();
    [owner, guest] = await Promise.all([createUser(app), createUser(app)]);
    ({ id: scriptId } = await saveScript(app.db, owner.id, {
      title: 'Hamlet, III.1',
      synopsis: '',
      genre: '',
      language: 'en',
      visibility: 'private',
      isFree: false,
      roles: [
        { name: 'Hamlet', description: '' },
        { name: 'Ophelia', description: '' },
      ],
      lines: [],
    }));
    sessionId = await createSession(app.db, scriptId, owner.id);
  });
  afterAll(async () => app.close());

  const follow = (linkId: string, user?: TestUser) =>
    app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/session`, headers: user ? bearer(user) : {} });

  it('asks anonymous callers to log in, without joining anyone', async () => {
    const linkId = await createShareLink(app.db, { sessionId, createdBy: owner.id });
    const res = await follow(linkId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
    expect(await listParticipants(app.db, sessionId)).toHaveLength(1);
  });

  it('answers the session and its script and joins the caller, once however often it is opened', async () => {
    const linkId = await createShareLink(app.db, { sessionId, createdBy: owner.id });
    const first = await follow(linkId, guest);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: sessionId, scriptId });
    expect((await follow(linkId, guest)).json()).toEqual({ id: sessionId, scriptId });
    const people = await listParticipants(app.db, sessionId);
    expect(people.map((p) => p.user_id).sort()).toEqual([owner.id, guest.id].sort());
  });

  it('seats the caller in the link’s role, a later role link fills a missing role only, a taken or unknown role seats no one', async () => {
    const reader = await createUser(app);
    const plain = await createShareLink(app.db, { sessionId, createdBy: owner.id });
    const asHamlet = await createShareLink(app.db, { sessionId, createdBy: owner.id, roleName: 'Hamlet' });
    const asOphelia = await createShareLink(app.db, { sessionId, createdBy: owner.id, roleName: 'Ophelia' });
    const roleOf = async () => (await listParticipants(app.db, sessionId)).find((p) => p.user_id === reader.id)?.role_name;

    expect((await follow(plain, reader)).statusCode).toBe(200);
    expect(await roleOf()).toBeNull();
    expect((await follow(asHamlet, reader)).statusCode).toBe(200);
    expect(await roleOf()).toBe('Hamlet');
    expect((await follow(asOphelia, reader)).statusCode).toBe(200);
    expect(await roleOf()).toBe('Hamlet');

    const second = await createUser(app);
    const asNobody = await createShareLink(app.db, { sessionId, createdBy: owner.id, roleName: 'Polonius' });
    expect((await follow(asHamlet, second)).statusCode).toBe(200);
    expect((await follow(asNobody, second)).statusCode).toBe(200);
    expect((await listParticipants(app.db, sessionId)).find((p) => p.user_id === second.id)?.role_name).toBeNull();
  });

  it('revoked: answers 404 "This link is invalid." and joins no one', async () => {
    const late = await createUser(app);
    const linkId = await createShareLink(app.db, { sessionId, createdBy: owner.id });
    await revokeShareLink(app.db, linkId);
    const res = await follow(linkId, late);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(INVALID);
    expect((await listParticipants(app.db, sessionId)).some((p) => p.user_id === late.id)).toBe(false);
  });

  it('unknown: answers 404 "This link is invalid."', async () => {
    const res = await follow('NoSuchLink000000000000', guest);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(INVALID);
  });

  it('malformed: answers 400 with a message', async () => {
    const res = await follow(encodeURIComponent('<script>alert(1)</script>'), guest);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
