import type { FastifyInstance } from 'fastify';
import { bearer, build, createUser } from '../helper';
import { adminCli } from '../fixtures/admin-cli';

describe('admin CLI: membership plans', () => {
  let app: FastifyInstance;
  let admin: ReturnType<typeof adminCli>;
  beforeAll(async () => {
    app = await build();
    admin = adminCli(app);
  });
  afterAll(async () => app.close());
  const onSale = async () => ((await app.inject({ method: 'GET', url: '/api/membership/plans' })).json() as Array<{ id: string }>).map((p) => p.id);

  it('lists the seeded plans', async () => {
    const { code, out } = await admin('plans', 'list');
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'writer-monthly\tWriter monthly\trole writer\t1 month\t$5.00\ton sale',
      'premium-monthly\tPremium monthly\trole premium\t1 month\t$12.00\ton sale',
      'premium-yearly\tPremium yearly\trole premium\t12 months\t$120.00\ton sale',
    ]);
  });

  it('adds a plan that the site sells at once, and refuses bad input with the reason', async () => {
    const added = await admin('plans', 'add', '--id', 'writer-week', '--name', 'Writer for a week', '--role', 'writer', '--period', '7d', '--price', '150');
    expect(added).toEqual({ code: 0, out: 'writer-week is on sale: Writer for a week, role writer, $1.50 per 7 days.', err: '' });
    expect(await onSale()).toEqual(['writer-week', 'writer-monthly', 'premium-monthly', 'premium-yearly']);

    const buyer = await createUser(app);
    const checkout = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(buyer), payload: { planId: 'writer-week' } });
    expect(checkout.statusCode).toBe(201);

    expect((await admin('plans', 'add', '--id', 'writer-week', '--name', 'Again', '--role', 'writer', '--period', '7d', '--price', '150')).err).toContain('exists already');
    expect((await admin('plans', 'add', '--id', 'x', '--name', 'X', '--role', 'wizard', '--period', '1m', '--price', '1')).err).toBe(
      'Failed: Unknown role "wizard". Roles: member, premium, staff, teacher, writer.',
    );
    const badPeriod = await admin('plans', 'add', '--id', 'y', '--name', 'Y', '--role', 'writer', '--period', 'forever', '--price', '1');
    expect(badPeriod.code).toBe(2);
    expect(badPeriod.err).toContain('--period must be a number of days or months');
    expect((await admin('plans', 'add', '--id', 'z', '--name', 'Z', '--role', 'writer', '--period', '1m', '--price', '4.99')).err).toContain('--price must be a whole number');
  });

  it('retires a plan: no longer listed or sold, bought time keeps running', async () => {
    const buyer = await createUser(app);
    const checkout = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(buyer), payload: { planId: 'premium-monthly' } });
    await app.memberships.completeCheckout(checkout.json().id);
    const retired = await admin('plans', 'retire', '--id', 'premium-monthly');
    expect(retired).toEqual({ code: 0, out: 'premium-monthly is retired: no longer on sale; running subscriptions keep their time.', err: '' });
    expect(await onSale()).not.toContain('premium-monthly');
    const refused = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(buyer), payload: { planId: 'premium-monthly' } });
    expect(refused.statusCode).toBe(404);
    expect((await app.rolesRepository.effectivePrivileges([buyer.id])).get(buyer.id)).toEqual(['audio_library', 'draft', 'read_free_script']);
    expect((await admin('plans', 'list')).out).toContain('premium-monthly\tPremium monthly\trole premium\t1 month\t$12.00\tretired');
    expect((await admin('plans', 'retire', '--id', 'nope')).err).toBe('Failed: No plan "nope".');
  });

  it('keeps grant --days working beside bought plans', async () => {
    const user = await createUser(app);
    const res = await admin('grant', '--user', user.email, '--role', 'writer', '--days', '3');
    expect(res.code).toBe(0);
    const list = await app.inject({ method: 'GET', url: '/api/membership/subscriptions', headers: bearer(user) });
    expect(list.json()).toEqual([expect.objectContaining({ planName: null, source: 'admin', status: 'active', renewable: false, receipts: [] })]);
  });
});
