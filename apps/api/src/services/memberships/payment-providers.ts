import Stripe from 'stripe';
import { MEMBERSHIP_MESSAGES } from '@vox/contract/schemas';
import type { Config } from '../../config';
import { ServiceUnavailableError } from '../../domain-errors';
import type { PlanRow } from '../../repositories/memberships';

/** What the memberships service asks of a payment provider; price and role come from the server's plan. */
export interface PaymentProvider {
  /** `none`: no provider is set up (production without PAYMENTS_PROVIDER); nothing can be bought. */
  readonly name: 'test' | 'stripe' | 'none';
  /** Opens the provider's checkout for one plan; answers where to send the buyer. */
  createCheckout(input: {
    checkoutId: string;
    plan: PlanRow;
    email: string | null;
    /** The app's origin (scheme, host, port) the provider sends the buyer back to. */
    origin: string;
  }): Promise<{ url: string; providerRef: string | null }>;
  /** Cancel at period end (or undo it) where the provider renews by itself. */
  setCancelAtPeriodEnd(providerSubscriptionId: string | null, cancel: boolean): Promise<void>;
  /** Ends the provider's subscription now (staff ending one). */
  endNow(providerSubscriptionId: string | null): Promise<void>;
  /** Returns one payment's money. */
  refund(paymentRef: string | null, amountMinor: number): Promise<void>;
}

/** Where the provider sends the buyer back: success to /subscription, cancel to /membership. */
export const successPath = (checkoutId: string) => `/subscription?checkout=${encodeURIComponent(checkoutId)}`;
export const CANCEL_PATH = '/membership?checkout=cancelled';

/** The built-in provider: a checkout page served by this API; nothing renews by itself, refunds are noted only. */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async createCheckout({ checkoutId }) {
      return { url: `/api/membership/test-checkout/${encodeURIComponent(checkoutId)}`, providerRef: null };
    },
    async setCancelAtPeriodEnd() {},
    async endNow() {},
    async refund() {},
  };
}

/**
 * No provider: a purchase answers that payments are not set up, and so does anything that would
 * have to reach a provider's subscription (one bought while a provider was set up).
 */
export function createNoProvider(): PaymentProvider {
  const refuse = (ref: string | null) => {
    if (ref) throw new ServiceUnavailableError(MEMBERSHIP_MESSAGES.paymentsNotSetUp);
  };
  return {
    name: 'none',
    async createCheckout() {
      throw new ServiceUnavailableError(MEMBERSHIP_MESSAGES.paymentsNotSetUp);
    },
    async setCancelAtPeriodEnd(ref) {
      refuse(ref);
    },
    async endNow(ref) {
      refuse(ref);
    },
    async refund(ref) {
      refuse(ref);
    },
  };
}

/** The built-in provider's test cards (Stripe's own test numbers, so the habit carries over). */
export const TEST_CARDS = {
  accepted: '4242424242424242',
  declined: '4000000000000002',
} as const;
export const TEST_CARD_DECLINED = 'Your card was declined.';
export const TEST_CARD_UNKNOWN = 'Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).';

export function createStripeClient(settings: NonNullable<Config['stripe']>): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base && { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
  });
}

/**
 * Stripe out of reach (the network, or Stripe's own servers failing) is a 503 the buyer can read,
 * not a 500; Stripe's answers about the request itself stay errors of ours.
 */
async function reachStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
      throw new ServiceUnavailableError(MEMBERSHIP_MESSAGES.providerUnreachable);
    }
    throw err;
  }
}

/** Stripe Checkout in subscription mode: Stripe renews each period and tells us by webhook. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout({ checkoutId, plan, email, origin }) {
      const session = await reachStripe(() => stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: checkoutId,
          ...(email && { customer_email: email }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: plan.currency.toLowerCase(),
                unit_amount: plan.price_minor,
                product_data: { name: plan.name },
                recurring: { interval: plan.period_unit, interval_count: plan.period_count },
              },
            },
          ],
          metadata: { checkoutId, planId: plan.id },
          subscription_data: { metadata: { checkoutId, planId: plan.id } },
          success_url: `${origin}${successPath(checkoutId)}`,
          cancel_url: `${origin}${CANCEL_PATH}`,
        },
        // A retried create (a double click reaching two instances) makes one session.
        { idempotencyKey: `checkout-${checkoutId}` },
      ));
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL.');
      return { url: session.url, providerRef: session.id };
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      if (ref) await reachStripe(() => stripe.subscriptions.update(ref, { cancel_at_period_end: cancel }));
    },
    async endNow(ref) {
      if (ref) await reachStripe(() => stripe.subscriptions.cancel(ref));
    },
    async refund(paymentRef, amountMinor) {
      if (!paymentRef) return;
      await reachStripe(() => stripe.refunds.create({ payment_intent: paymentRef, amount: amountMinor }, { idempotencyKey: `refund-${paymentRef}` }));
    },
  };
}
