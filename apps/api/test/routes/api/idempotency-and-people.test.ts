import type { FastifyInstance } from 'fastify';
import { HARDENING_MESSAGES, IDEMPOTENCY_KEY_TTL_MS, SCRIPT_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, claim, getSession, newClientId, openSession, postScript, uploadTake } from './scripts-kit';
import { wav } from '../../fixtures/audio';

/** POST /api/scripts with an Idempotency-Key; removing people from a session. */
describe('POST /api/scripts with an Idempotency-Key', () => {
  let app: FastifyInstance;
  let me: TestUser;
  const count = async (userId: string) =>
    Number((await app.db.selectFrom('scripts').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow()).n);
  const create = (user: TestUser, key: string | undefined, title = 'Once only') =>
    app.inject({ method: 'POST', url: '/api/scripts', headers: { ...bearer(user), ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload: balcony({ title }) });

  beforeAll(async () => {
    app = await build();
    me = await createUser(app);
  }, 60_000);
  afterAll(() => app.close());

  it('a retry with the same key and body answers the first script and makes no second', async () => {
    const first = await create(me, 'retry-after-a-lost-answer-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(me, 'retry-after-a-lost-answer-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().lines.map((l: { id: string }) => l.id)).toEqual(first.json().lines.map((l: { id: string }) => l.id));
    expect(await count(me.id)).toBe(1);
  });

  it('five retries sent at once make one script; the others answer it or say it is in progress', async () => {
    const user = await createUser(app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(user, 'burst-key')));
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((a) => a.json().id)).size).toBe(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(HARDENING_MESSAGES.idempotencyKeyInProgress);
    }
    expect(await count(user.id)).toBe(1);
  });

  it('the same key with another body is refused with a clear text, and nothing is made', async () => {
    const user = await createUser(app);
    expect((await create(user, 'k-1', 'First title')).statusCode).toBe(201);
    const other = await create(user, 'k-1', 'Another title');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: HARDENING_MESSAGES.idempotencyKeyReused });
    expect(await count(user.id)).toBe(1);
  });

  it('keys are per user, requests without a key are not deduplicated, and a bad key is a 400', async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    const [ra, rb] = [await create(a, 'shared-key'), await create(b, 'shared-key')];
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(ra.json().id).not.toBe(rb.json().id);
    expect((await create(a, undefined)).statusCode).toBe(201);
    expect((await create(a, undefined)).statusCode).toBe(201);
    expect(await count(a.id)).toBe(3);
    const bad = await create(a, 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: HARDENING_MESSAGES.idempotencyKeyInvalid });
    expect((await create(a, 'x'.repeat(256))).statusCode).toBe(400);
    expect(await count(a.id)).toBe(3);
  });

  it('a failed create frees its key: the corrected retry with the same key goes through', async () => {
    const user = await createUser(app);
    const broken = await app.inject({ method: 'POST', url: '/api/scripts', headers: { ...bearer(user), 'idempotency-key': 'fix-and-retry' }, payload: balcony({ title: '  ' }) });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(SCRIPT_MESSAGES.titleRequired);
    expect((await create(user, 'fix-and-retry')).statusCode).toBe(201);
  });

  it('keys expire after a day: the same key then makes a new script', async () => {
    const user = await createUser(app);
    const first = await create(user, 'old-key');
    await app.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const later = await create(user, 'old-key');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);
    expect(await count(user.id)).toBe(2);
  });
});

describe('removing people from a reading session', () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    app = await build();
    owner = await createUser(app);
  }, 60_000);
  afterAll(() => app.close());

  async function sessionWithLink() {
    const script = await postScript(app, owner);
    const session = await openSession(app, owner, script.id);
    const link = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: {} });
    expect(link.statusCode).toBe(201);
    return { script, session, linkId: link.json().id as string };
  }
  const join = async (user: TestUser, linkId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/session`, headers: bearer(user) });
    expect(res.statusCode).toBe(200);
  };
  const people = async (sessionId: string) => (await getSession(app, owner, sessionId)).participants.map((p) => p.user.id).sort();

  it('the creator removes a participant; their takes stay; they no longer see the session', async () => {
    const { script, session, linkId } = await sessionWithLink();
    const guest = await createUser(app);
    await join(guest, linkId);
    expect((await claim(app, guest, session.id, 'Juliet')).statusCode).toBe(200);
    const take = await uploadTake(app, guest, session.id, { lineId: script.lines[3].id, clientId: newClientId(), audio: { data: wav(400), type: 'audio/wav' } });
    expect(take.statusCode).toBe(201);

    const res = await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/participants/${guest.id}`, headers: bearer(owner) });
    expect(res.statusCode).toBe(204);
    expect(await people(session.id)).toEqual([owner.id]);
    const seen = await app.inject({ method: 'GET', url: `/api/sessions/${session.id}`, headers: bearer(guest) });
    expect(seen.statusCode).toBe(404);
    expect((await getSession(app, owner, session.id)).takes.map((t) => t.id)).toEqual([take.json().id]);
    // Removing again: not in it any more.
    const again = await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/participants/${guest.id}`, headers: bearer(owner) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: HARDENING_MESSAGES.notAParticipant });
  });

  it('only the creator removes; not themselves; outsiders get 404', async () => {
    const { session, linkId } = await sessionWithLink();
    const [a, b, outsider] = [await createUser(app), await createUser(app), await createUser(app)];
    await join(a, linkId);
    await join(b, linkId);
    const byGuest = await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/participants/${b.id}`, headers: bearer(a) });
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json()).toEqual({ message: HARDENING_MESSAGES.onlyCreatorRemoves });
    const self = await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/participants/${owner.id}`, headers: bearer(owner) });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: HARDENING_MESSAGES.cannotRemoveSelf });
    const byOutsider = await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/participants/${b.id}`, headers: bearer(outsider) });
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toEqual({ message: SCRIPT_MESSAGES.sessionNotFound });
    expect(await people(session.id)).toEqual([owner.id, a.id, b.id].sort());
  });

  it('the joiners of a revoked link are removed together; others stay', async () => {
    const { session, linkId } = await sessionWithLink();
    const other = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: {} });
    const [x, y, z] = [await createUser(app), await createUser(app), await createUser(app)];
    await join(x, linkId);
    await join(y, linkId);
    await join(z, other.json().id);
    // The creator opening their own link is no joiner of it.
    await join(owner, linkId);

    const early = await app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}/joiners`, headers: bearer(owner) });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: HARDENING_MESSAGES.revokeLinkFirst });
    expect((await app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}`, headers: bearer(owner) })).statusCode).toBe(204);
    const byJoiner = await app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}/joiners`, headers: bearer(z) });
    expect(byJoiner.statusCode).toBe(403);

    const res = await app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}/joiners`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: 2 });
    expect(await people(session.id)).toEqual([owner.id, z.id].sort());
    // The link is revoked: they cannot come back by it.
    expect((await app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/session`, headers: bearer(x) })).statusCode).toBe(404);
    const outsider = await createUser(app);
    expect((await app.inject({ method: 'DELETE', url: `/api/sharelinks/${linkId}/joiners`, headers: bearer(outsider) })).statusCode).toBe(404);
  });
});
