import type { FastifyInstance } from 'fastify';
import { build, createUser } from '../../../helper';
import { MESSAGE_SESSION_EXPIRED } from '../../../../src/plugins/app/authentication';

/**
 * The check an open tab sends every few seconds answers what the member may do now, so a tab
 * renews its session when a membership was bought or ended in another tab, site or device.
 */
describe('GET /api/users/session', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  const check = (token?: string) => app.inject({ method: 'GET', url: '/api/users/session', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("answers the member's privileges now, their role's and their running subscriptions', uncached", async () => {
    const member = await createUser(app);
    const before = await check(member.token);
    expect({ status: before.statusCode, body: before.json(), cache: before.headers['cache-control'] }).toEqual({ status: 200, body: { privileges: [] }, cache: 'no-store' });

    const sub = await app.subscriptionsRepository.create({ userId: member.id, role: 'writer', expiresAt: new Date(Date.now() + 86_400_000), source: 'admin' });
    const bought = (await check(member.token)).json() as { privileges: string[] };
    expect(bought.privileges.length).toBeGreaterThan(0);
    expect(bought.privileges).toEqual([...bought.privileges].sort());
    expect(bought.privileges).toEqual((await app.rolesRepository.effectivePrivileges([member.id])).get(member.id));
    expect(bought.privileges).toContain('draft');

    // Ended elsewhere (staff, a refund, the last day): the next check says so.
    await app.subscriptionsRepository.endActive(member.id, sub.role);
    expect((await check(member.token)).json()).toEqual({ privileges: [] });
  });

  it('answers 401 without a session', async () => {
    const res = await check();
    expect(res.statusCode).toBe(401);
    expect((await check('not-a-token')).json()).toEqual({ message: MESSAGE_SESSION_EXPIRED });
  });
});
