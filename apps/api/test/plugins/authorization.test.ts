import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser } from '../helper';

describe('app.requirePrivilege', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build(
      {},
      {
        setup: (instance) => {
          // A throw-away route gated like every privileged route of the product.
          instance.get('/api/test-only/drafts', { preHandler: instance.requirePrivilege('draft') }, async () => ({ ok: true }));
        },
      },
    );
  });
  afterAll(async () => app.close());

  const call = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/api/test-only/drafts', headers });
  const subscribe = (userId: string, role: string, ms: number) =>
    app.subscriptionsRepository.create({ userId, role, expiresAt: new Date(Date.now() + ms), source: 'test' });

  it('answers 401 to anonymous callers', async () => {
    const res = await call();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
  });

  it('answers 403 with a clear text when the privilege is missing', async () => {
    const member = await createUser(app);
    const res = await call(bearer(member));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.missingPrivilege });
  });

  it("lets the privilege through from the user's own role", async () => {
    const writer = await createUser(app, { role: 'writer' });
    const res = await call(bearer(writer));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('lets it through from a running subscription, and no longer once the subscription has expired', async () => {
    const member = await createUser(app);
    await subscribe(member.id, 'premium', 60_000);
    expect((await call(bearer(member))).statusCode).toBe(200);

    const lapsed = await createUser(app);
    await subscribe(lapsed.id, 'premium', -1);
    expect((await call(bearer(lapsed))).statusCode).toBe(403);
  });
});
