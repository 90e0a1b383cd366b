import Stripe from 'stripe';
import type { Config } from '../../config';
import type { PlanRow } from '../../repositories/memberships';

/** What the memberships service asks of a payment provider; price and role come from the server's plan. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
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

/** Stripe Checkout in subscription mode: Stripe renews each period and tells us by webhook. */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout({ checkoutId, plan, email, origin }) {
      const session = await stripe.checkout.sessions.create(
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
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL.');
      return { url: session.url, providerRef: session.id };
    },
    async setCancelAtPeriodEnd(ref, cancel) {
      if (ref) await stripe.subscriptions.update(ref, { cancel_at_period_end: cancel });
    },
    async endNow(ref) {
      if (ref) await stripe.subscriptions.cancel(ref);
    },
    async refund(paymentRef, amountMinor) {
      if (!paymentRef) return;
      await stripe.refunds.create({ payment_intent: paymentRef, amount: amountMinor }, { idempotencyKey: `refund-${paymentRef}` });
    },
  };
}
