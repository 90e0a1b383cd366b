import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { DECLINED_ADVICE } from '@vox/contract/membership';
import { MEMBERSHIP_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { formatPrice } from '../../services/memberships/context';
import { CANCEL_PATH, createStripeClient, successPath, TEST_CARD_DECLINED, TEST_CARD_UNKNOWN, TEST_CARDS } from '../../services/memberships/payment-providers';
import { handleStripeEvent } from '../../services/memberships/stripe-events';
import type { CheckoutRow, PlanRow } from '../../repositories/memberships';
import { fromContract } from './from-contract';

const tags = ['membership'];
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
/** How far a webhook's signed time may be from ours, either way (Stripe's SDK's own default). */
const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/** Open membership routes: the plans, the test provider's checkout page, Stripe's webhook. */
export const membershipOpenRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { memberships } = app;

  app.route({
    ...fromContract('plans', { tags, summary: 'The plans on sale, each with the role it grants; `current` marks mine' }),
    handler: async (request) => memberships.plans(request.userId),
  });

  // The test provider's page posts an ordinary form (no script: the page's policy allows none).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.route({
    ...fromContract('testCheckoutPage', { tags, summary: "The built-in test provider's checkout page (HTML)" }),
    handler: async (request, reply) => {
      const found = memberships.provider.name === 'test' ? await memberships.findOpenCheckout(request.params.checkoutId) : undefined;
      if (!found) throw new NotFoundError(MEMBERSHIP_MESSAGES.checkoutNotFound);
      if (found.checkout.status === 'completed') return reply.redirect(successPath(found.checkout.id), 303);
      if (found.checkout.status === 'cancelled') return reply.redirect(CANCEL_PATH, 303);
      return sendCheckoutPage(reply, 200, checkoutPage(found.checkout, found.plan, found.checkout.failure));
    },
  });

  app.route({
    ...fromContract('testCheckoutSubmit', { tags, summary: 'Pay with a test card, or cancel' }),
    handler: async (request, reply) => {
      const found = memberships.provider.name === 'test' ? await memberships.findOpenCheckout(request.params.checkoutId) : undefined;
      if (!found) throw new NotFoundError(MEMBERSHIP_MESSAGES.checkoutNotFound);
      const { checkout, plan } = found;
      // Paid already (a second click, the back button): straight to the same success page.
      if (checkout.status === 'completed') return reply.redirect(successPath(checkout.id), 303);
      if (checkout.status === 'cancelled' || request.body.action === 'cancel') {
        await memberships.cancelCheckout(checkout.id);
        return reply.redirect(CANCEL_PATH, 303);
      }
      const card = (request.body.card ?? '').replace(/[\s-]/g, '');
      if (card === TEST_CARDS.accepted) {
        await memberships.completeCheckout(checkout.id);
        return reply.redirect(successPath(checkout.id), 303);
      }
      const failure = card === TEST_CARDS.declined ? TEST_CARD_DECLINED : TEST_CARD_UNKNOWN;
      if (card === TEST_CARDS.declined) await memberships.declineCheckout(checkout.id, failure);
      // The page again, with the card's failure on it: the buyer's browser shows HTML, not { message }.
      return sendCheckoutPage(reply, 402, checkoutPage(checkout, plan, failure));
    },
  });

  // Stripe signs the exact bytes it sent: this scope keeps the JSON body raw for the check.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
    webhook.route({
      ...fromContract('stripeWebhook', { tags, summary: "Stripe's events (signature checked with the Stripe SDK)" }),
      handler: async (request) => {
        if (!stripe || !config.stripe) throw new NotFoundError('Stripe is not configured.');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
          event = stripe.webhooks.constructEvent(request.body, signature, config.stripe.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
        } catch {
          throw new BadRequestError(MEMBERSHIP_MESSAGES.badSignature);
        }
        // The SDK refuses a signature older than its tolerance but not one dated ahead of it
        // (a clock far off, or a signature made to be replayed later): refused the same way.
        const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
        if (signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) throw new BadRequestError(MEMBERSHIP_MESSAGES.futureTimestamp);
        await handleStripeEvent(memberships, event);
        return { received: true };
      },
    });
  });
};

/** Signed-in membership routes: checkouts and my subscriptions; staff actions check staff in the service. */
export const membershipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { memberships } = app;

  app.route({
    ...fromContract('startCheckout', { tags, summary: 'Start buying a plan; answers where to send the buyer' }),
    handler: async (request, reply) => reply.code(201).send(await memberships.startCheckout(request.user.id, request.body.planId, originOf(request))),
  });

  app.route({
    ...fromContract('checkout', { tags, summary: 'How my checkout stands' }),
    handler: async (request) => memberships.checkout(request.user.id, request.params.checkoutId),
  });

  app.route({
    ...fromContract('membershipSubscriptions', { tags, summary: 'My subscriptions with plan, status and receipts (staff: ?user=)' }),
    handler: async (request) => memberships.details(request.user.id, request.query.user),
  });

  app.route({
    ...fromContract('cancelSubscription', { tags, summary: 'Cancel at period end' }),
    handler: async (request) => memberships.cancel(request.user.id, request.params.subscriptionId),
  });

  app.route({
    ...fromContract('resumeSubscription', { tags, summary: 'Undo a cancellation before the period ends' }),
    handler: async (request) => memberships.resume(request.user.id, request.params.subscriptionId),
  });

  app.route({
    ...fromContract('endSubscription', { tags, summary: 'Staff: end a subscription now' }),
    handler: async (request) => memberships.end(request.user.id, request.params.subscriptionId),
  });

  app.route({
    ...fromContract('refundPayment', { tags, summary: 'Staff: refund a payment and end its subscription' }),
    handler: async (request) => memberships.refund(request.user.id, request.params.paymentId),
  });
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function period(plan: PlanRow): string {
  if (plan.period_unit === 'month' && plan.period_count === 12) return 'per year';
  if (plan.period_count === 1) return `per ${plan.period_unit}`;
  return `per ${plan.period_count} ${plan.period_unit}s`;
}

/**
 * The checkout page's own headers, stricter than the app's where it can be and looser in one:
 * - Referrer-Policy `same-origin` instead of the app's `no-referrer`: under `no-referrer` a
 *   browser sends a form's POST with `Origin: null` (Fetch, "append a request Origin header"),
 *   which the site-origin check rightly refuses. `same-origin` gives the POST its real origin and
 *   still sends the page's address (the checkout id is its capability) to no other site.
 * - A policy of its own: no script, frame, fetch or font at all (the page has none), inline
 *   styles and this origin's images (the favicon), forms posted back here only, and no framing
 *   (a payment page is not clickjacked).
 */
const CHECKOUT_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function sendCheckoutPage(reply: FastifyReply, status: 200 | 402, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('content-security-policy', CHECKOUT_PAGE_POLICY)
    .send(html);
}

/** The test provider's checkout page: plain HTML, no script, styled inline in the app's colours. */
function checkoutPage(checkout: CheckoutRow, plan: PlanRow, failure: string | null): string {
  const action = `/api/membership/test-checkout/${encodeURIComponent(checkout.id)}`;
  const price = formatPrice(checkout.amount_minor, checkout.currency);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout: ${escapeHtml(plan.name)} · VoxClub test payments</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f1fa;color:#221b28}
main{max-width:420px;margin:48px auto;padding:28px;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(60,20,80,.12)}
@media (max-width:480px){main{margin:0;min-height:100vh;border-radius:0;box-sizing:border-box}}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#7a2fa0;background:#f1e2fa;padding:4px 10px;border-radius:999px}
h1{font-size:22px;margin:14px 0 4px}.price{font-size:30px;font-weight:700;margin:8px 0 2px}.period{color:#5d5366;margin:0 0 20px}
label{display:block;font-weight:600;margin-bottom:6px}input{width:100%;box-sizing:border-box;font-size:18px;padding:12px;border:1px solid #cbbfd6;border-radius:10px;letter-spacing:.06em}
input:focus{outline:3px solid #e3c2f5;border-color:#BA58E9}.hint{color:#5d5366;font-size:14px;margin:8px 0 20px}
.error{background:#fdecec;color:#8a1c1c;border:1px solid #f3b7b7;border-radius:10px;padding:10px 12px;margin:0 0 16px}
button{font:inherit;font-size:16px;font-weight:600;border-radius:10px;padding:12px 18px;cursor:pointer;width:100%}
.pay{background:#BA58E9;color:#fff;border:0}.pay:hover{background:#a43fd4}.cancel{background:transparent;color:#5d5366;border:1px solid #cbbfd6;margin-top:10px}
</style></head>
<body><main>
<span class="badge">Test payment · no money moves</span>
<h1>${escapeHtml(plan.name)}</h1>
<p class="price">${escapeHtml(price)}</p><p class="period">${escapeHtml(period(plan))}</p>
${failure ? `<p class="error" role="alert">${escapeHtml(failure === TEST_CARD_UNKNOWN ? failure : `${failure} ${DECLINED_ADVICE}`)}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="action" value="pay">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
<p class="hint">Test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<button class="pay" type="submit">Pay ${escapeHtml(price)}</button>
</form>
<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">Cancel and go back</button></form>
</main></body></html>`;
}
