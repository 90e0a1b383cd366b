import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, MEMBERSHIP_MESSAGES } from '@vox/contract/schemas';
import { loadConfig } from '../../../src/config';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { readOutbox as readMails } from '../../fixtures/outbox';

/** The outbox's mails as text, the narrow no-break space of dates as a space. */
const readOutbox = (outbox: string) => readMails(outbox).map((m) => m.replace(/=E2=80=AF/g, ' '));

const DAY = 86_400_000;

describe('membership purchase with the built-in test provider', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let outbox: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-membership-'));
    outbox = path.join(dataDir, 'mail');
    app = await build(
      { DATA_DIR: dataDir, PUBLIC_URL: 'https://vox.example' },
      { setup: (instance) => void instance.get('/api/test-only/drafts', { preHandler: instance.requirePrivilege('draft') }, async () => ({ ok: true })) },
    );
  });
  afterAll(async () => {
    jest.useRealTimers();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => jest.useRealTimers());

  const start = async (user: TestUser, planId = 'writer-monthly') => {
    const res = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(user), payload: { planId } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; url: string; status: string; planName: string };
  };
  const pay = (checkoutId: string, card: string, action = 'pay') =>
    app.inject({
      method: 'POST',
      url: `/api/membership/test-checkout/${checkoutId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action, card }).toString(),
    });
  const details = async (user: TestUser) => {
    const res = await app.inject({ method: 'GET', url: '/api/membership/subscriptions', headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<{ id: string; status: string; expiry: string; planName: string; renewable: boolean; receipts: Array<{ id: string; kind: string; amountMinor: number }> }>;
  };
  const drafts = (user: TestUser) => app.inject({ method: 'GET', url: '/api/test-only/drafts', headers: bearer(user) });
  const buyWriter = async (user: TestUser) => {
    const checkout = await start(user);
    expect((await pay(checkout.id, '4242 4242 4242 4242')).statusCode).toBe(303);
    return checkout;
  };

  it('lists the seeded plans with their roles, privileges, prices and periods', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/membership/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'writer-monthly', name: 'Writer monthly', role: { name: 'writer', privileges: ['draft'] }, periodUnit: 'month', periodCount: 1, priceMinor: 500, currency: 'USD', current: false },
      {
        id: 'premium-monthly',
        name: 'Premium monthly',
        role: { name: 'premium', privileges: ['audio_library', 'draft', 'read_free_script'] },
        periodUnit: 'month',
        periodCount: 1,
        priceMinor: 1200,
        currency: 'USD',
        current: false,
      },
      {
        id: 'premium-yearly',
        name: 'Premium yearly',
        role: { name: 'premium', privileges: ['audio_library', 'draft', 'read_free_script'] },
        periodUnit: 'month',
        periodCount: 12,
        priceMinor: 12000,
        currency: 'USD',
        current: false,
      },
    ]);
  });

  it('starts a checkout from the server plan only: unknown plans are 404, a client price is ignored', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    expect(checkout).toMatchObject({ planName: 'Writer monthly', status: 'open', url: `/api/membership/test-checkout/${checkout.id}` });
    const unknown = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(me), payload: { planId: 'gold-forever' } });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: MEMBERSHIP_MESSAGES.planNotFound }]);
    const priced = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(me), payload: { planId: 'writer-monthly', priceMinor: 1 } });
    // A price sent by the client is dropped: the checkout charges the plan's price.
    expect(priced.statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: priced.json().url })).body).toContain('Pay $5.00');
    const page = await app.inject({ method: 'GET', url: checkout.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Writer monthly</h1>');
    expect(page.body).toContain('$5.00');
    expect((await app.inject({ method: 'GET', url: '/api/membership/test-checkout/Nosuchcheckout123' })).statusCode).toBe(404);
  });

  it('serves the checkout page so that its form posts carry its origin, and with a policy that allows no script or framing', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const policy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
    const page = await app.inject({ method: 'GET', url: checkout.url });
    const declined = await pay(checkout.id, '4000 0000 0000 0002');
    for (const [name, res, status] of [['page', page, 200], ['declined', declined, 402]] as const) {
      // Under the app's Referrer-Policy (no-referrer) a browser posts the form with Origin: null, which the origin check refuses.
      expect({ name, status: res.statusCode, referrer: res.headers['referrer-policy'], csp: res.headers['content-security-policy'] }).toEqual({ name, status, referrer: 'same-origin', csp: policy });
    }
    // Every other answer keeps the app's own.
    const plans = await app.inject({ method: 'GET', url: '/api/membership/plans' });
    expect(plans.headers['referrer-policy']).toBe('no-referrer');
    expect(plans.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('declines 4000 0000 0000 0002 with the provider text and grants nothing', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const declined = await pay(checkout.id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<p class="error" role="alert">Your card was declined. Nothing was charged. Try another card.</p>');
    // The page opened again (a reload) says the same.
    expect((await app.inject({ method: 'GET', url: checkout.url })).body).toContain('<p class="error" role="alert">Your card was declined. Nothing was charged. Try another card.</p>');
    expect(await details(me)).toEqual([]);
    expect((await drafts(me)).statusCode).toBe(403);
    const status = await app.inject({ method: 'GET', url: `/api/membership/checkouts/${checkout.id}`, headers: bearer(me) });
    expect(status.json()).toMatchObject({ status: 'failed', failure: 'Your card was declined.', subscriptionId: null });
    // Another card after a decline still pays.
    expect((await pay(checkout.id, '4242424242424242')).statusCode).toBe(303);
    expect(await details(me)).toHaveLength(1);
  });

  it('pays with 4242 4242 4242 4242: one subscription for a month, a receipt, a mail and a Messages entry', async () => {
    const me = await createUser(app);
    const before = Date.now();
    const checkout = await start(me);
    const paid = await pay(checkout.id, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/subscription?checkout=${checkout.id}`);

    const [subscription] = await details(me);
    expect(subscription).toMatchObject({ planName: 'Writer monthly', status: 'active', renewable: true, source: 'test' });
    expect(subscription.receipts).toEqual([expect.objectContaining({ kind: 'purchase', amountMinor: 500 })]);
    const expiry = Date.parse(subscription.expiry);
    expect(expiry).toBeGreaterThan(before + 27 * DAY);
    expect(expiry).toBeLessThan(Date.now() + 32 * DAY);
    expect((await drafts(me)).statusCode).toBe(200);

    // The seed's shape is unchanged.
    const seed = await app.inject({ method: 'GET', url: '/api/subscriptions', headers: bearer(me) });
    expect(seed.json()).toEqual([{ role: { name: 'writer', privileges: ['draft'] }, expiry: subscription.expiry }]);
    const status = await app.inject({ method: 'GET', url: `/api/membership/checkouts/${checkout.id}`, headers: bearer(me) });
    expect(status.json()).toMatchObject({ status: 'completed', subscriptionId: subscription.id, expiry: subscription.expiry });
    const plans = await app.inject({ method: 'GET', url: '/api/membership/plans', headers: bearer(me) });
    expect((plans.json() as Array<{ id: string; current: boolean }>).filter((p) => p.current).map((p) => p.id)).toEqual(['writer-monthly']);

    const messages = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(me) });
    expect(messages.json().items[0]).toMatchObject({ type: 'membership', membership: { role: 'writer', expiry: subscription.expiry, event: 'granted' } });
    await app.mailer.idle();
    const mails = readOutbox(outbox).filter((m) => m.includes(`To: ${me.email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Your VoxClub receipt: Writer monthly');
    expect(mails[0]).toContain('Paid: $5.00');
    expect(mails[0]).toContain('Your subscriptions and receipts: https://vox.example/subscription\n');
  });

  it('ends in exactly one subscription after a double click, a reloaded success page and concurrent completions', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const clicks = await Promise.all([pay(checkout.id, '4242424242424242'), pay(checkout.id, '4242424242424242')]);
    expect(clicks.map((r) => [r.statusCode, r.headers.location])).toEqual([
      [303, `/subscription?checkout=${checkout.id}`],
      [303, `/subscription?checkout=${checkout.id}`],
    ]);
    // The back button to the checkout page, then the success page reloaded.
    const page = await app.inject({ method: 'GET', url: checkout.url });
    expect([page.statusCode, page.headers.location]).toEqual([303, `/subscription?checkout=${checkout.id}`]);
    await Promise.all([1, 2, 3, 4].map(() => app.memberships.completeCheckout(checkout.id)));
    const list = await details(me);
    expect(list).toHaveLength(1);
    expect(list[0].receipts).toHaveLength(1);
  });

  it('cancel on the checkout page goes back to /membership and the checkout can no longer be paid', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const cancelled = await pay(checkout.id, '', 'cancel');
    expect([cancelled.statusCode, cancelled.headers.location]).toEqual([303, '/membership?checkout=cancelled']);
    const late = await pay(checkout.id, '4242424242424242');
    expect([late.statusCode, late.headers.location]).toEqual([303, '/membership?checkout=cancelled']);
    expect(await details(me)).toEqual([]);
  });

  it('extends the plan I already hold when I buy it again: one subscription, one more month, two receipts, cancellation undone', async () => {
    const me = await createUser(app);
    await buyWriter(me);
    const [first] = await details(me);
    const cancelled = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${first.id}/cancel`, headers: bearer(me) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await buyWriter(me);
    const list = await details(me);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: first.id, status: 'active', planName: 'Writer monthly' });
    expect(Date.parse(list[0].expiry)).toBeGreaterThan(Date.parse(first.expiry) + 27 * DAY);
    expect(Date.parse(list[0].expiry)).toBeLessThan(Date.parse(first.expiry) + 32 * DAY);
    expect(list[0].receipts.map((r) => [r.kind, r.amountMinor])).toEqual([
      ['purchase', 500],
      ['purchase', 500],
    ]);
    const status = await app.inject({ method: 'GET', url: `/api/membership/checkouts/${again.id}`, headers: bearer(me) });
    expect(status.json()).toMatchObject({ status: 'completed', subscriptionId: first.id, expiry: list[0].expiry });
    // A reloaded success page or a second completion changes nothing more.
    await app.memberships.completeCheckout(again.id);
    expect((await details(me))[0]).toMatchObject({ expiry: list[0].expiry, receipts: [expect.anything(), expect.anything()] });
    const plans = await app.inject({ method: 'GET', url: '/api/membership/plans', headers: bearer(me) });
    expect((plans.json() as Array<{ id: string; current: boolean }>).filter((p) => p.current).map((p) => p.id)).toEqual(['writer-monthly']);
  });

  it('adds another plan of a role I hold after the time left', async () => {
    const me = await createUser(app);
    await buyWriter(me);
    const [monthly] = await details(me);
    expect((await pay((await start(me, 'premium-monthly')).id, '4242424242424242')).statusCode).toBe(303);
    expect((await pay((await start(me, 'premium-yearly')).id, '4242424242424242')).statusCode).toBe(303);
    const list = await details(me);
    expect(list.map((d) => d.planName)).toEqual(['Premium yearly', 'Premium monthly', 'Writer monthly']);
    expect(Date.parse(list[0].expiry)).toBeGreaterThan(Date.parse(list[1].expiry) + 364 * DAY);
    expect(list[2].expiry).toBe(monthly.expiry);
  });

  it('cancels at period end and resumes: status, Messages entry and mail; never for someone else', async () => {
    const me = await createUser(app);
    await buyWriter(me);
    const [subscription] = await details(me);
    const other = await createUser(app);
    const foreign = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${subscription.id}/cancel`, headers: bearer(other) });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: MEMBERSHIP_MESSAGES.subscriptionNotFound }]);

    const cancelled = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${subscription.id}/cancel`, headers: bearer(me) });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: subscription.id, status: 'cancelled', expiry: subscription.expiry });
    // Still granted until the period ends.
    expect((await drafts(me)).statusCode).toBe(200);
    const messages = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(me) });
    expect(messages.json().items[0]).toMatchObject({ membership: { role: 'writer', expiry: subscription.expiry, event: 'cancelled' } });
    await app.mailer.idle();
    expect(readOutbox(outbox).filter((m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Your VoxClub membership is cancelled'))).toHaveLength(1);

    const resumed = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${subscription.id}/resume`, headers: bearer(me) });
    expect(resumed.json()).toMatchObject({ status: 'active' });
  });

  it('stops granting at the exact expiry (a controlled clock) and lists it as expired', async () => {
    const me = await createUser(app);
    await buyWriter(me);
    const [subscription] = await details(me);
    const expiry = Date.parse(subscription.expiry);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    jest.setSystemTime(expiry - 1000);
    me.token = await app.signAccessToken(me.id);
    expect((await drafts(me)).statusCode).toBe(200);
    jest.setSystemTime(expiry);
    me.token = await app.signAccessToken(me.id);
    const refused = await drafts(me);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: AUTH_MESSAGES.missingPrivilege }]);
    expect((await details(me))[0]).toMatchObject({ status: 'expired', renewable: false });
    const cancel = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${subscription.id}/cancel`, headers: bearer(me) });
    expect([cancel.statusCode, cancel.json()]).toEqual([409, { message: MEMBERSHIP_MESSAGES.notRenewable }]);
  });

  it('mails one reminder a few days before expiry (the scheduled sweep), and only once', async () => {
    const me = await createUser(app);
    await buyWriter(me);
    const [subscription] = await details(me);
    const expiry = Date.parse(subscription.expiry);
    expect(await app.memberships.sendReminders(new Date(expiry - 5 * DAY))).toBe(0);
    const sent = await app.memberships.sendReminders(new Date(expiry - 2 * DAY));
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await app.memberships.sendReminders(new Date(expiry - 1 * DAY))).toBe(0);
    await app.mailer.idle();
    const reminders = readOutbox(outbox).filter((m) => m.includes(`To: ${me.email}`) && m.includes('Subject: Your VoxClub membership ends soon'));
    expect(reminders).toHaveLength(1);
  });

  it('lets staff see, end and refund a member subscription; members may not', async () => {
    const buyer = await createUser(app);
    await buyWriter(buyer);
    const [subscription] = await details(buyer);
    const member = await createUser(app);
    const staff = await createUser(app, { role: 'staff' });

    const peek = await app.inject({ method: 'GET', url: `/api/membership/subscriptions?user=${buyer.id}`, headers: bearer(member) });
    expect([peek.statusCode, peek.json()]).toEqual([403, { message: MEMBERSHIP_MESSAGES.staffOnly }]);
    const seen = await app.inject({ method: 'GET', url: `/api/membership/subscriptions?user=${buyer.id}`, headers: bearer(staff) });
    expect(seen.json()).toHaveLength(1);
    const seedSeen = await app.inject({ method: 'GET', url: `/api/subscriptions?user=${buyer.id}`, headers: bearer(staff) });
    expect(seedSeen.json()).toEqual([{ role: { name: 'writer', privileges: ['draft'] }, expiry: subscription.expiry }]);

    const paymentId = subscription.receipts[0].id;
    const refusedRefund = await app.inject({ method: 'POST', url: `/api/membership/payments/${paymentId}/refund`, headers: bearer(buyer) });
    expect([refusedRefund.statusCode, refusedRefund.json()]).toEqual([403, { message: MEMBERSHIP_MESSAGES.staffOnly }]);
    const refunded = await app.inject({ method: 'POST', url: `/api/membership/payments/${paymentId}/refund`, headers: bearer(staff) });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'expired', receipts: [{ kind: 'purchase', amountMinor: 500 }, { kind: 'refund', amountMinor: -500 }] });
    expect((await drafts(buyer)).statusCode).toBe(403);
    const again = await app.inject({ method: 'POST', url: `/api/membership/payments/${paymentId}/refund`, headers: bearer(staff) });
    expect([again.statusCode, again.json()]).toEqual([409, { message: MEMBERSHIP_MESSAGES.alreadyRefunded }]);

    const second = await createUser(app);
    await buyWriter(second);
    const [running] = await details(second);
    expect((await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${running.id}/end`, headers: bearer(second) })).statusCode).toBe(403);
    const ended = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${running.id}/end`, headers: bearer(staff) });
    expect(ended.json()).toMatchObject({ status: 'expired' });
    expect((await drafts(second)).statusCode).toBe(403);
  });

  it('answers 404 for the Stripe webhook when Stripe is not configured', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/membership/stripe/webhook', payload: { id: 'evt_1' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('which payment provider runs (PAYMENTS_PROVIDER)', () => {
  it('runs the test provider outside production when unset, and in production only when named', () => {
    expect(loadConfig({}).paymentsProvider).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production' }).paymentsProvider).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test' }).paymentsProvider).toBe('test');
    expect(loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toMatchObject({
      paymentsProvider: 'stripe',
      stripe: { secretKey: 'sk_x', webhookSecret: 'whsec_x' },
    });
  });

  it('refuses settings that would not take payments the way they read', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'free' })).toThrow('PAYMENTS_PROVIDER must be test or stripe, got "free"');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    // A key alone (the old way of choosing Stripe) must not leave the site on the test provider.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow('STRIPE_SECRET_KEY is set: set PAYMENTS_PROVIDER=stripe to take payments through Stripe');
  });

  describe('in production without the setting', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await build({ NODE_ENV: 'production' });
    });
    afterAll(() => app.close());

    it('sells nothing: a purchase says payments are not set up, and the test checkout page does not exist', async () => {
      const me = await createUser(app);
      const res = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(me), payload: { planId: 'writer-monthly' } });
      expect([res.statusCode, res.json()]).toEqual([503, { message: 'Payments are not set up on this site, so memberships cannot be bought yet.' }]);
      expect(await app.db.selectFrom('checkouts').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
      expect(await app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', me.id).execute()).toEqual([]);
      // The plans still show (what membership offers), and nothing can be paid through the test page.
      expect((await app.inject({ method: 'GET', url: '/api/membership/plans' })).json()).not.toEqual([]);
      expect((await app.inject({ method: 'POST', url: '/api/membership/test-checkout/Nosuchcheckout123', payload: 'action=pay&card=4242424242424242', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    });
  });

  describe('in production with PAYMENTS_PROVIDER=test', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await build({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test' });
    });
    afterAll(() => app.close());

    it('opens the test checkout', async () => {
      const me = await createUser(app);
      const res = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(me), payload: { planId: 'writer-monthly' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().url).toMatch(/^\/api\/membership\/test-checkout\//);
    });
  });
});
