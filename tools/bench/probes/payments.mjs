// Payments in production: no provider named, the test provider only when named, Stripe unreachable,
// webhooks signed in the future, and an amount paid that differs from the price.
import http from 'node:http';
import Stripe from 'stripe';
import { call } from '../lib/http.mjs';
import { freePort } from '../lib/server.mjs';
import { bearer, grant, nextIp, signUp, verdict } from './kit.mjs';

const WEBHOOK_SECRET = 'whsec_probe_voxclub';

/** A local stand-in for the few Stripe API calls a purchase makes (as the API's Stripe tests use one). */
async function stripeStandIn() {
  let sessions = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (status, json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${sessions}` });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url.split('?')[0] === '/v1/checkout/sessions') {
        sessions++;
        return send(200, { id: `cs_probe_${sessions}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/cs_probe_${sessions}` });
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${req.method} ${req.url}` } });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const stripeEnv = (base) => ({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_probe', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: base });

async function firstPlan(url) {
  const plans = await call(`${url}/api/membership/plans`, 'GET');
  if (!plans.json?.[0]) throw new Error(`no plan to buy (${plans.status})`);
  return plans.json[0];
}
const buy = (url, user, plan) => call(`${url}/api/membership/checkouts`, 'POST', { planId: plan.id }, { ...bearer(user), 'x-forwarded-for': nextIp() });

export const paymentProbes = {
  async payments({ url, spawn }) {
    console.log('\nPayments in production: no provider named, then PAYMENTS_PROVIDER=test');
    const user = await signUp(url);
    const plan = await firstPlan(url);
    const r = await buy(url, user, plan);
    console.log(`  no provider named, buying "${plan.name}": ${r.status} "${r.json?.message ?? r.text.slice(0, 80)}"`);
    verdict(r.status === 503 && /not set up/.test(r.json?.message ?? ''), 'nothing is sold, and the buyer is told payments are not set up');
    const named = await spawn({ PAYMENTS_PROVIDER: 'test' });
    const buyer = await signUp(named.url);
    const t = await buy(named.url, buyer, plan);
    console.log(`  PAYMENTS_PROVIDER=test, buying: ${t.status} ${t.json?.url ? `(checkout page ${new URL(t.json.url, named.url).pathname.replace(/[^/]+$/, '…')})` : t.text.slice(0, 80)}`);
    verdict(t.status === 201, `the test provider runs when the setting names it (${t.status})`);
  },

  async stripeUnreachable({ spawn }) {
    console.log('\nStripe unreachable (STRIPE_API_BASE a port nobody listens on)');
    const server = await spawn(stripeEnv(`http://127.0.0.1:${await freePort()}`));
    const user = await signUp(server.url);
    const r = await buy(server.url, user, await firstPlan(server.url));
    console.log(`  buying: ${r.status} "${r.json?.message}"`);
    verdict(r.status === 503 && r.json?.message === 'The payment provider cannot be reached right now. Nothing was charged; please try again in a few minutes.', `503 with a text the buyer can act on (${r.status})`);
  },

  async webhooks({ spawn }) {
    console.log('\nStripe webhooks: signed in the future; paid another amount than the price');
    const standIn = await stripeStandIn();
    try {
      const server = await spawn(stripeEnv(standIn.base));
      const url = server.url;
      const plan = await firstPlan(url);
      const signer = new Stripe('sk_test_signing_only');
      let seq = 0;
      const deliver = (object, timestamp) => {
        const payload = JSON.stringify({ id: `evt_probe_${++seq}_${Date.now()}`, object: 'event', type: 'checkout.session.completed', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object } });
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp !== undefined && { timestamp }) });
        return call(`${url}/api/membership/stripe/webhook`, 'POST', payload, { 'content-type': 'application/json', 'stripe-signature': signature });
      };
      const completed = (checkoutId, subscription, amount) => ({ id: `cs_${checkoutId}`, object: 'checkout.session', client_reference_id: checkoutId, payment_status: 'paid', subscription, payment_intent: null, invoice: `in_${checkoutId}`, amount_total: amount, currency: plan.currency.toLowerCase() });
      const mine = async (user, query = '') => (await call(`${url}/api/membership/subscriptions${query}`, 'GET', undefined, bearer(user))).json;

      const early = await signUp(url);
      const checkout = (await buy(url, early, plan)).json;
      const ahead = await deliver(completed(checkout.id, 'sub_probe_future', plan.priceMinor), Math.floor(Date.now() / 1000) + 3600);
      const held = await mine(early);
      console.log(`  a completed checkout signed an hour ahead: ${ahead.status} "${ahead.json?.message}"; subscriptions granted: ${held.length}`);
      verdict(ahead.status === 400 && held.length === 0, `an event signed beyond the tolerance in the future is refused and grants nothing (${ahead.status})`);

      const odd = await signUp(url);
      const oddCheckout = (await buy(url, odd, plan)).json;
      const paid = await deliver(completed(oddCheckout.id, 'sub_probe_odd', plan.priceMinor - 1));
      const staff = await grant(server, await signUp(url), 'staff');
      const [seen] = await mine(staff, `?user=${odd.id}`);
      const receipt = seen?.receipts?.[0];
      const logged = server.log().includes('the amount paid differs from the price');
      console.log(`  paid ${plan.priceMinor - 1} for a price of ${plan.priceMinor}: ${paid.status}; staff see receipt ${receipt?.amountMinor} with expectedMinor ${receipt?.expectedMinor}; in the log: ${logged}`);
      verdict(receipt?.expectedMinor === plan.priceMinor && logged, 'an amount that differs from the price is logged and shown to staff, not granted silently');
    } finally {
      await standIn.close();
    }
  },
};
