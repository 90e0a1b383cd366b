import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { MEMBERSHIP_MESSAGES } from '@vox/contract/schemas';
import { bearer, build, createUser, logSink, type TestUser } from '../../helper';

const WEBHOOK_SECRET = 'whsec_test_voxclub';


/** A local stand-in for Stripe's API: records each request and answers the few calls the provider makes. */
function stripeStandIn() {
  const requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }> = [];
  let sessions = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        sessions++;
        return send(200, { id: `cs_test_${sessions}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/cs_test_${sessions}` });
      }
      const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (sub && req.method === 'POST') return send(200, { id: sub[1], object: 'subscription', cancel_at_period_end: body.get('cancel_at_period_end') === 'true' });
      if (sub && req.method === 'DELETE') return send(200, { id: sub[1], object: 'subscription', status: 'canceled' });
      if (req.method === 'POST' && path === '/v1/refunds') return send(200, { id: 're_1', object: 'refund', status: 'succeeded' });
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${req.method} ${path}` } });
    });
  });
  return { server, requests };
}

describe('membership purchase through Stripe Checkout (a local stand-in for the Stripe API)', () => {
  let app: FastifyInstance;
  const standIn = stripeStandIn();
  const stripe = new Stripe('sk_test_signing_only');
  const logs = logSink();
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.server.address() as AddressInfo;
    app = await build(
      { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_voxclub', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: `http://127.0.0.1:${port}` },
      { logger: { level: 'warn', stream: logs.stream } },
    );
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => standIn.server.close(resolve));
  });

  let eventSeq = 0;
  const event = (type: string, object: object, id = `evt_${++eventSeq}_${Date.now()}`) => ({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object } });
  const deliver = (body: object, secret = WEBHOOK_SECRET, timestamp?: number) => {
    const payload = JSON.stringify(body);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined && { timestamp }) });
    return app.inject({ method: 'POST', url: '/api/membership/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };
  const start = async (user: TestUser, planId = 'writer-monthly') => {
    const res = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(user), payload: { planId } });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; url: string };
  };
  const details = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: '/api/membership/subscriptions', headers: bearer(user) })).json() as Array<{ id: string; status: string; expiry: string; receipts: Array<{ id: string; kind: string; amountMinor: number }> }>;
  const completed = (checkoutId: string, subscription: string) => ({ id: `cs_${checkoutId}`, object: 'checkout.session', client_reference_id: checkoutId, payment_status: 'paid', subscription, payment_intent: null, invoice: `in_${checkoutId}` });

  it("creates a Checkout Session with the server plan's price, period and return URLs", async () => {
    const me = await createUser(app);
    const checkout = await start(me, 'premium-yearly');
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const request = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.idempotencyKey).toBe(`checkout-${checkout.id}`);
    const body = Object.fromEntries(request.body);
    expect(body).toMatchObject({
      mode: 'subscription',
      client_reference_id: checkout.id,
      customer_email: me.email,
      'line_items[0][price_data][unit_amount]': '12000',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '12',
      'line_items[0][price_data][product_data][name]': 'Premium yearly',
      'subscription_data[metadata][checkoutId]': checkout.id,
    });
    expect(body.success_url).toMatch(new RegExp(`^http://[^/]+/subscription\\?checkout=${checkout.id}$`));
    expect(body.cancel_url).toMatch(/^http:\/\/[^/]+\/membership\?checkout=cancelled$/);
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const res = await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_bad')), 'whsec_wrong');
    expect([res.statusCode, res.json()]).toEqual([400, { message: MEMBERSHIP_MESSAGES.badSignature }]);
    const unsigned = await app.inject({ method: 'POST', url: '/api/membership/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event('checkout.session.completed', completed(checkout.id, 'sub_bad'))) });
    expect(unsigned.statusCode).toBe(400);
    expect(await details(me)).toEqual([]);
    expect(await app.db.selectFrom('payment_events').selectAll().execute()).not.toContainEqual(expect.objectContaining({ event_id: expect.stringContaining('bad') }));
  });

  it('refuses an event signed further in the future than the tolerance (five minutes), and takes one within it', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const now = Math.floor(Date.now() / 1000);
    const ahead = await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_future')), WEBHOOK_SECRET, now + 3600);
    expect([ahead.statusCode, ahead.json()]).toEqual([400, { message: MEMBERSHIP_MESSAGES.futureTimestamp }]);
    expect(await details(me)).toEqual([]);
    const old = await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_future')), WEBHOOK_SECRET, now - 3600);
    expect([old.statusCode, old.json()]).toEqual([400, { message: MEMBERSHIP_MESSAGES.badSignature }]);
    expect(await details(me)).toEqual([]);
    const skewed = await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_future')), WEBHOOK_SECRET, now + 60);
    expect(skewed.statusCode).toBe(200);
    expect(await details(me)).toHaveLength(1);
  });

  it('grants a purchase paid at another amount than the price, but logs it and keeps the price on the receipt for staff', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    expect((await deliver(event('checkout.session.completed', { ...completed(checkout.id, 'sub_odd'), amount_total: 400, currency: 'usd' }))).statusCode).toBe(200);
    const [bought] = await details(me);
    expect(bought.status).toBe('active');
    expect(bought.receipts).toEqual([expect.objectContaining({ kind: 'purchase', amountMinor: 400, currency: 'USD', expectedMinor: 500 })]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'memberships: the amount paid differs from the price', checkoutId: checkout.id, userId: me.id, paidMinor: 400, expectedMinor: 500 }),
    );

    // A renewal charged at another amount: the same.
    const nextEnd = Math.floor(Date.parse(bought.expiry) / 1000) + 31 * 86400;
    const renewal = { id: 'in_odd_2', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 700, currency: 'usd', payment_intent: 'pi_odd_2', parent: { subscription_details: { subscription: 'sub_odd' } }, lines: { data: [{ period: { end: nextEnd } }] } };
    expect((await deliver(event('invoice.paid', renewal))).statusCode).toBe(200);
    const [renewed] = await details(me);
    expect(renewed.receipts.map((r) => [r.kind, r.amountMinor, r.expectedMinor])).toEqual([
      ['purchase', 400, 500],
      ['renewal', 700, 500],
    ]);
    expect(logs.lines).toContainEqual(expect.objectContaining({ msg: 'memberships: the amount paid differs from the price', subscriptionId: renewed.id, kind: 'renewal', paidMinor: 700 }));

    // Paid at the price: nothing to flag.
    const other = await createUser(app);
    const fine = await start(other);
    await deliver(event('checkout.session.completed', { ...completed(fine.id, 'sub_fine'), amount_total: 500, currency: 'usd' }));
    expect((await details(other))[0].receipts).toEqual([expect.objectContaining({ amountMinor: 500, expectedMinor: null })]);
  });

  it('completes on checkout.session.completed once, however often it is delivered (a closed tab, redeliveries)', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const body = event('checkout.session.completed', completed(checkout.id, 'sub_once'));
    const answers = await Promise.all([deliver(body), deliver(body)]);
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [200, { received: true }],
      [200, { received: true }],
    ]);
    expect((await deliver(body)).statusCode).toBe(200);
    // The same completion under another event id (Stripe retries a new event sometimes).
    expect((await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_once')))).statusCode).toBe(200);
    const list = await details(me);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'active', receipts: [{ kind: 'purchase', amountMinor: 500 }] });
    const status = await app.inject({ method: 'GET', url: `/api/membership/checkouts/${checkout.id}`, headers: bearer(me) });
    expect(status.json()).toMatchObject({ status: 'completed', subscriptionId: list[0].id });
  });

  it('ends in one subscription when the first invoice arrives before the completed session (out of order)', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    const invoice = {
      id: `in_first_${checkout.id}`,
      object: 'invoice',
      billing_reason: 'subscription_create',
      amount_paid: 500,
      currency: 'usd',
      parent: { subscription_details: { subscription: 'sub_ooo', metadata: { checkoutId: checkout.id } } },
      lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 30 * 86400 } }] },
    };
    expect((await deliver(event('invoice.paid', invoice))).statusCode).toBe(200);
    expect((await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_ooo')))).statusCode).toBe(200);
    expect(await details(me)).toHaveLength(1);
  });

  it('renews on a cycle invoice (once per invoice), mirrors cancel at period end, and ends on deletion', async () => {
    const me = await createUser(app);
    const checkout = await start(me);
    await deliver(event('checkout.session.completed', completed(checkout.id, 'sub_cycle')));
    const [bought] = await details(me);
    const nextEnd = Math.floor(Date.parse(bought.expiry) / 1000) + 31 * 86400;
    const renewal = {
      id: 'in_cycle_2',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 500,
      currency: 'usd',
      payment_intent: 'pi_cycle_2',
      parent: { subscription_details: { subscription: 'sub_cycle', metadata: { checkoutId: checkout.id } } },
      lines: { data: [{ period: { end: nextEnd } }] },
    };
    expect((await deliver(event('invoice.paid', renewal))).statusCode).toBe(200);
    expect((await deliver(event('invoice.paid', renewal))).statusCode).toBe(200);
    // Stripe renews it: buying the same plan again (a second charge each month) is refused.
    const twice = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(me), payload: { planId: 'writer-monthly' } });
    expect([twice.statusCode, twice.json()]).toEqual([409, { message: MEMBERSHIP_MESSAGES.planRenewsItself }]);
    let [renewed] = await details(me);
    expect(renewed.expiry).toBe(new Date(nextEnd * 1000).toISOString());
    expect(renewed.receipts.map((r) => r.kind)).toEqual(['purchase', 'renewal']);

    // Cancel from the app: Stripe is told, the subscription says so.
    const cancelled = await app.inject({ method: 'POST', url: `/api/membership/subscriptions/${renewed.id}/cancel`, headers: bearer(me) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const update = standIn.requests.filter((r) => r.path === '/v1/subscriptions/sub_cycle').at(-1)!;
    expect([update.method, update.body.get('cancel_at_period_end')]).toEqual(['POST', 'true']);
    // Resumed in Stripe's portal: the webhook mirrors it.
    await deliver(event('customer.subscription.updated', { id: 'sub_cycle', object: 'subscription', cancel_at_period_end: false }));
    [renewed] = await details(me);
    expect(renewed.status).toBe('active');

    await deliver(event('customer.subscription.deleted', { id: 'sub_cycle', object: 'subscription', status: 'canceled' }));
    [renewed] = await details(me);
    expect(renewed.status).toBe('expired');
  });

  it('refunds through Stripe for staff', async () => {
    const me = await createUser(app);
    const staff = await createUser(app, { role: 'staff' });
    const checkout = await start(me);
    await deliver(event('checkout.session.completed', { ...completed(checkout.id, 'sub_refund'), payment_intent: 'pi_refund_1' }));
    const [subscription] = await details(me);
    const res = await app.inject({ method: 'POST', url: `/api/membership/payments/${subscription.receipts[0].id}/refund`, headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const refund = standIn.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(Object.fromEntries(refund.body)).toEqual({ payment_intent: 'pi_refund_1', amount: '500' });
    expect(standIn.requests.some((r) => r.method === 'DELETE' && r.path === '/v1/subscriptions/sub_refund')).toBe(true);
  });
});

describe('Stripe out of reach', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A port nobody listens on: every call to Stripe fails to connect.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    app = await build({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_voxclub', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: `http://127.0.0.1:${port}` });
  });
  afterAll(() => app.close());

  it('answers a purchase with 503 and a text the buyer can act on, and the checkout is marked failed', async () => {
    const me = await createUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/membership/checkouts', headers: bearer(me), payload: { planId: 'writer-monthly' } });
    expect([res.statusCode, res.json()]).toEqual([503, { message: MEMBERSHIP_MESSAGES.providerUnreachable }]);
    expect(MEMBERSHIP_MESSAGES.providerUnreachable).toBe('The payment provider cannot be reached right now. Nothing was charged; please try again in a few minutes.');
    const rows = await app.db.selectFrom('checkouts').select(['status', 'failure']).where('user_id', '=', me.id).execute();
    expect(rows).toEqual([{ status: 'failed', failure: MEMBERSHIP_MESSAGES.providerUnreachable }]);
  });
});
