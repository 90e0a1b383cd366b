import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser } from '../../helper';

describe('GET /api/subscriptions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const subscribe = (userId: string, role: string, days: number) =>
    app.subscriptionsRepository.create({ userId, role, expiresAt: new Date(Date.now() + days * 86_400_000), source: 'test' });

  it('answers 401 when anonymous', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/subscriptions' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
  });

  it('lists my subscriptions, expired ones included, with their role privileges and expiry', async () => {
    const me = await createUser(app);
    const active = await subscribe(me.id, 'premium', 30);
    const expired = await subscribe(me.id, 'writer', -1);
    const res = await app.inject({ method: 'GET', url: '/api/subscriptions/', headers: bearer(me) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { role: { name: 'premium', privileges: ['audio_library', 'draft', 'read_free_script'] }, expiry: active.expires_at },
      { role: { name: 'writer', privileges: ['draft'] }, expiry: expired.expires_at },
    ]);
    // Only the running one counts towards my privileges.
    const user = await app.usersRepository.toPublicUser(await app.usersRepository.findById(me.id).then((u) => u!));
    expect(user.role).toEqual({ name: 'member', privileges: ['audio_library', 'draft', 'read_free_script'] });
  });

  it("answers [] for a user without subscriptions and allows ?user=<my id>", async () => {
    const me = await createUser(app);
    const res = await app.inject({ method: 'GET', url: `/api/subscriptions?user=${me.id}`, headers: bearer(me) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("refuses another user's list to non-staff with 403, and shows it to staff (own role or subscription)", async () => {
    const other = await createUser(app);
    await subscribe(other.id, 'writer', 10);
    const member = await createUser(app);
    const denied = await app.inject({ method: 'GET', url: `/api/subscriptions?user=${other.id}`, headers: bearer(member) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: AUTH_MESSAGES.othersSubscriptions });

    const staff = await createUser(app, { role: 'staff' });
    const seen = await app.inject({ method: 'GET', url: `/api/subscriptions?user=${other.id}`, headers: bearer(staff) });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toHaveLength(1);

    const staffBySubscription = await createUser(app);
    await subscribe(staffBySubscription.id, 'staff', 1);
    expect((await app.inject({ method: 'GET', url: `/api/subscriptions?user=${other.id}`, headers: bearer(staffBySubscription) })).statusCode).toBe(200);
    const lapsedStaff = await createUser(app);
    await subscribe(lapsedStaff.id, 'staff', -1);
    expect((await app.inject({ method: 'GET', url: `/api/subscriptions?user=${other.id}`, headers: bearer(lapsedStaff) })).statusCode).toBe(403);
  });
});
