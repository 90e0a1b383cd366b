// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * Membership purchase: plans, checkouts (and the test provider's and Stripe's server-only
 * routes), subscriptions and refunds. Web: @vox/contract/membership.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const membershipEndpoints = named({
  /** The active plans, each with the role it grants; `current` marks the caller's running plan. */
  plans: { method: 'GET', path: '/api/membership/plans', auth: 'optional' },
  /** Starts a checkout of one plan; price and role come from the server's plan. Answers where to send the buyer. */
  startCheckout: { method: 'POST', path: '/api/membership/checkouts', auth: 'user' },
  checkout: { method: 'GET', path: '/api/membership/checkouts/:checkoutId', auth: 'user' },
  /** The built-in test provider's checkout page (HTML); the checkout id is the capability. */
  testCheckoutPage: { method: 'GET', path: '/api/membership/test-checkout/:checkoutId', auth: 'public' },
  /** Its form post (pay with a test card, or cancel); answers a redirect or the page again. */
  testCheckoutSubmit: { method: 'POST', path: '/api/membership/test-checkout/:checkoutId', auth: 'public' },
  /** Stripe's webhook; the signature is checked with the Stripe SDK before anything is read. */
  stripeWebhook: { method: 'POST', path: '/api/membership/stripe/webhook', auth: 'public' },
  /** My subscriptions with plan, status and receipts (another user's for staff). */
  membershipSubscriptions: { method: 'GET', path: '/api/membership/subscriptions', auth: 'user' },
  cancelSubscription: { method: 'POST', path: '/api/membership/subscriptions/:subscriptionId/cancel', auth: 'user' },
  resumeSubscription: { method: 'POST', path: '/api/membership/subscriptions/:subscriptionId/resume', auth: 'user' },
  /** Staff: end a subscription now. */
  endSubscription: { method: 'POST', path: '/api/membership/subscriptions/:subscriptionId/end', auth: 'user' },
  /** Staff: refund a payment through its provider (ends the subscription it paid for). */
  refundPayment: { method: 'POST', path: '/api/membership/payments/:paymentId/refund', auth: 'user' },
});
