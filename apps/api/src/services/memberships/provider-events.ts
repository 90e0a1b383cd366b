import { newId } from '../../db/ids';
import * as q from '../../repositories/memberships';
import { formatPrice, longDate, SUBSCRIPTION_LINK, capital, type MembershipsContext } from './context';

/** What the payment provider reports after a purchase (its webhooks): renewals, ends, failures, each event once. */
export interface ProviderEventsService {
  /** A renewal the provider charged: moves the expiry to `periodEnd` once per payment. */
  renew(providerSubscriptionId: string, input: { paymentRef: string | null; periodEnd: Date; amountMinor: number; currency: string }): Promise<void>;
  /** The provider ended its subscription (cancelled at period end, or unpaid). */
  providerEnded(providerSubscriptionId: string): Promise<void>;
  providerCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  paymentFailed(providerSubscriptionId: string): Promise<void>;
  /** Runs `handle` only the first time the provider's event id is seen; false for a redelivery. */
  onceForEvent(provider: string, eventId: string, handle: () => Promise<void>): Promise<boolean>;
}

export function providerEventsService(ctx: MembershipsContext): ProviderEventsService {
  const { repo, provider, mail, differs, notify, db } = ctx;
  return {
    async renew(providerSubscriptionId, { paymentRef, periodEnd, amountMinor, currency }) {
      const subscription = await repo.findSubscriptionByProviderRef(providerSubscriptionId);
      if (!subscription) return;
      const now = new Date();
      const renewed = await db.transaction().execute(async (trx) => {
        if (paymentRef && (await q.findPaymentByProviderRef(trx, provider.name, paymentRef))) return false;
        const moved = await q.extendSubscription(trx, subscription.id, periodEnd);
        // A renewal should cost what the purchase's checkout fixed.
        const bought = subscription.checkout_id ? await q.findCheckout(trx, subscription.checkout_id) : undefined;
        const expected = bought ? differs({ amountMinor, currency }, bought, { subscriptionId: subscription.id, userId: subscription.user_id, kind: 'renewal' }) : null;
        await q.insertPayment(trx, {
          id: newId(),
          user_id: subscription.user_id,
          subscription_id: subscription.id,
          checkout_id: null,
          kind: 'renewal',
          amount_minor: amountMinor,
          currency: currency.toUpperCase(),
          provider: provider.name,
          provider_ref: paymentRef,
          refunded_at: null,
          created_at: now.toISOString(),
          expected_minor: expected,
        });
        if (moved) await notify(trx, subscription.user_id, subscription.role, periodEnd.toISOString(), 'granted');
        return true;
      });
      if (renewed) {
        await mail(subscription.user_id, 'Your VoxClub receipt: renewal', [
          `Your ${capital(subscription.role)} membership was renewed.`,
          `Paid: ${formatPrice(amountMinor, currency.toUpperCase())} on ${longDate(now.toISOString())}.`,
          `It is active until ${longDate(periodEnd.toISOString())}.`,
        ], SUBSCRIPTION_LINK);
      }
    },

    async providerEnded(providerSubscriptionId) {
      const subscription = await repo.findSubscriptionByProviderRef(providerSubscriptionId);
      if (!subscription) return;
      const now = new Date();
      // Cancelled at period end: Stripe ends it when the paid period is over, so it simply runs out.
      if (subscription.expires_at <= now.toISOString()) return;
      await db.transaction().execute(async (trx) => {
        if (await q.endSubscriptionNow(trx, subscription.id, now)) await notify(trx, subscription.user_id, subscription.role, null, 'revoked');
      });
    },

    async providerCancelAtPeriodEnd(providerSubscriptionId, cancel) {
      const subscription = await repo.findSubscriptionByProviderRef(providerSubscriptionId);
      if (subscription && Boolean(subscription.cancel_at_period_end) !== cancel) await repo.setCancelAtPeriodEnd(subscription.id, cancel);
    },

    async paymentFailed(providerSubscriptionId) {
      const subscription = await repo.findSubscriptionByProviderRef(providerSubscriptionId);
      if (!subscription) return;
      await mail(subscription.user_id, 'Your VoxClub payment failed', [
        `We could not charge the renewal of your ${capital(subscription.role)} membership.`,
        `It stays active until ${longDate(subscription.expires_at)}; update your card with the payment provider to keep it.`,
      ]);
    },

    async onceForEvent(providerName, eventId, handle) {
      // Recorded first, undone when the handler fails, so Stripe's retry runs it again.
      if (!(await repo.recordEvent(providerName, eventId, new Date()))) return false;
      try {
        await handle();
      } catch (err) {
        await repo.forgetEvent(providerName, eventId);
        throw err;
      }
      return true;
    },
  };
}
