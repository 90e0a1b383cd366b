import type Stripe from 'stripe';
import type { MembershipsService } from './memberships';

type Loose = Record<string, unknown> & { id?: string };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : value && typeof value === 'object' && typeof (value as Loose).id === 'string' ? ((value as Loose).id as string) : null);

/** The subscription an invoice belongs to, across Stripe API versions (parent.subscription_details, or subscription). */
function invoiceSubscription(invoice: Loose): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return str(parent?.subscription_details?.subscription) ?? str(invoice.subscription);
}

function invoiceCheckoutId(invoice: Loose): string | null {
  const parent = invoice.parent as { subscription_details?: { metadata?: Record<string, string> } } | null | undefined;
  return parent?.subscription_details?.metadata?.checkoutId ?? (invoice.subscription_details as { metadata?: Record<string, string> } | undefined)?.metadata?.checkoutId ?? null;
}

/** What Stripe says was paid (`amount_total` of a session, `amount_paid` of an invoice), if it says. */
function paidOf(object: Loose, field: 'amount_total' | 'amount_paid'): { amountMinor: number; currency: string } | null {
  const amount = object[field];
  return typeof amount === 'number' && typeof object.currency === 'string' ? { amountMinor: amount, currency: object.currency } : null;
}

function invoicePeriodEnd(invoice: Loose): Date | null {
  const lines = (invoice.lines as { data?: Array<{ period?: { end?: number } }> } | undefined)?.data ?? [];
  const end = Math.max(0, ...lines.map((l) => l.period?.end ?? 0));
  return end > 0 ? new Date(end * 1000) : null;
}

/**
 * One verified Stripe event, handled at most once per event id: a completed checkout (or the first
 * invoice paid, whichever comes first: both complete the same checkout, once), a renewal, a
 * cancellation at period end or its undoing, the end of a subscription, a failed payment.
 * Answers whether it was new.
 */
export async function handleStripeEvent(memberships: MembershipsService, event: Stripe.Event): Promise<boolean> {
  return memberships.onceForEvent('stripe', event.id, async () => {
    const object = event.data.object as unknown as Loose;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (object.payment_status === 'unpaid') return;
        const checkoutId = str(object.client_reference_id);
        if (!checkoutId) return;
        await memberships.completeCheckout(checkoutId, {
          providerSubscriptionId: str(object.subscription),
          paymentRef: str(object.payment_intent) ?? str(object.invoice),
          paid: paidOf(object, 'amount_total'),
        });
        return;
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const checkoutId = str(object.client_reference_id);
        if (checkoutId) await memberships.declineCheckout(checkoutId, event.type === 'checkout.session.expired' ? 'The checkout expired.' : 'The payment failed.');
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const subscriptionId = invoiceSubscription(object);
        if (!subscriptionId) return;
        if (object.billing_reason === 'subscription_create') {
          // May arrive before checkout.session.completed: it completes the same checkout.
          const checkoutId = invoiceCheckoutId(object);
          if (checkoutId) {
            await memberships.completeCheckout(checkoutId, { providerSubscriptionId: subscriptionId, paymentRef: str(object.payment_intent) ?? str(object.id), paid: paidOf(object, 'amount_paid') });
          }
          return;
        }
        const periodEnd = invoicePeriodEnd(object);
        if (!periodEnd) return;
        await memberships.renew(subscriptionId, {
          paymentRef: str(object.payment_intent) ?? str(object.id),
          periodEnd,
          amountMinor: Number(object.amount_paid ?? 0),
          currency: String(object.currency ?? 'usd'),
        });
        return;
      }
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscription(object);
        if (subscriptionId) await memberships.paymentFailed(subscriptionId);
        return;
      }
      case 'customer.subscription.updated': {
        if (object.id) await memberships.providerCancelAtPeriodEnd(object.id, Boolean(object.cancel_at_period_end));
        return;
      }
      case 'customer.subscription.deleted': {
        if (object.id) await memberships.providerEnded(object.id);
        return;
      }
      default:
        return;
    }
  });
}
