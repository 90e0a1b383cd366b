import { MEMBERSHIP_MESSAGES as M, type Checkout } from '@vox/contract/schemas';
import { newId } from '../../db/ids';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../domain-errors';
import * as q from '../../repositories/memberships';
import type { CheckoutRow, PlanRow, SubscriptionRecord } from '../../repositories/memberships';
import type { Completion } from './memberships';
import { addPeriod, formatPrice, longDate, SUBSCRIPTION_LINK, capital, type MembershipsContext } from './context';

/** Buying a plan: a checkout from start to its one subscription. */
export interface CheckoutService {
  startCheckout(me: string, planId: string, origin: string): Promise<Checkout>;
  checkout(me: string, checkoutId: string): Promise<Checkout>;
  /** The checkout by its id alone (the test provider's page: the id is the capability). */
  findOpenCheckout(checkoutId: string): Promise<{ checkout: CheckoutRow; plan: PlanRow } | undefined>;
  /**
   * Completes a paid checkout: exactly one subscription per checkout, however often it is called
   * and by whom (the success page, a webhook, its redelivery). Answers that subscription.
   */
  completeCheckout(checkoutId: string, completion?: Completion): Promise<SubscriptionRecord>;
  declineCheckout(checkoutId: string, failure: string): Promise<void>;
  cancelCheckout(checkoutId: string): Promise<void>;
}

export function checkoutService(ctx: MembershipsContext): CheckoutService {
  const { app, repo, provider, mail, toCheckout, differs, notify, db } = ctx;
  const checkout: CheckoutService = {
    async startCheckout(me, planId, origin) {
      if (provider.name === 'none') throw new ServiceUnavailableError(M.paymentsNotSetUp);
      const plan = await repo.findPlan(planId);
      if (!plan || !plan.active) throw new NotFoundError(M.planNotFound);
      // A plan the provider renews by itself is not bought twice (two charges each period); a
      // one-off plan bought again extends the one held (completeCheckout).
      const held = await repo.findRunningOfPlan(me, plan.id, new Date());
      if (held?.provider_subscription_id) throw new ConflictError(M.planRenewsItself);
      const user = await app.usersRepository.findById(me);
      const row: CheckoutRow = {
        id: newId(24),
        user_id: me,
        plan_id: plan.id,
        provider: provider.name,
        provider_ref: null,
        url: '',
        status: 'open',
        // The price is the server's plan's, fixed when the checkout starts.
        amount_minor: plan.price_minor,
        currency: plan.currency,
        failure: null,
        subscription_id: null,
        created_at: new Date().toISOString(),
        completed_at: null,
      };
      await repo.insertCheckout(row);
      const link = await provider.createCheckout({ checkoutId: row.id, plan, email: user?.email ?? null, origin }).catch(async (err: unknown) => {
        // No link: the checkout can never be paid; it stays as a failed one, with the reason.
        await repo.failCheckout(row.id, err instanceof ServiceUnavailableError ? err.message : 'The checkout could not be opened.');
        throw err;
      });
      await repo.setCheckoutLink(row.id, link);
      return toCheckout({ ...row, url: link.url, provider_ref: link.providerRef }, plan);
    },

    async checkout(me, checkoutId) {
      const row = await repo.findCheckout(checkoutId);
      if (!row || row.user_id !== me) throw new NotFoundError(M.checkoutNotFound);
      const plan = (await repo.findPlan(row.plan_id)) as PlanRow;
      const subscription = row.status === 'completed' ? await repo.findSubscriptionOfCheckout(row.id) : undefined;
      return toCheckout(row, plan, subscription);
    },

    async findOpenCheckout(checkoutId) {
      const checkout = await repo.findCheckout(checkoutId);
      if (!checkout) return undefined;
      const plan = (await repo.findPlan(checkout.plan_id)) as PlanRow;
      return { checkout, plan };
    },

    async completeCheckout(checkoutId, completion = {}) {
      const now = new Date();
      const result = await db.transaction().execute(async (trx) => {
        const checkout = await q.findCheckout(trx, checkoutId);
        if (!checkout) throw new NotFoundError(M.checkoutNotFound);
        if (!(await q.claimCheckout(trx, checkoutId, now))) {
          // Completed before (a second click, a reloaded page, a redelivered webhook): the same subscription.
          const existing = await q.findSubscriptionOfCheckout(trx, checkoutId);
          if (!existing) throw new ConflictError(M.checkoutNotFound);
          if (completion.providerSubscriptionId && !existing.provider_subscription_id) {
            await q.setProviderSubscription(trx, existing.id, completion.providerSubscriptionId);
          }
          return { subscription: existing, created: false };
        }
        const plan = (await q.findPlan(trx, checkout.plan_id)) as PlanRow;
        // Buying again a one-off plan already held extends it by one period: still one membership,
        // with one more receipt (and a cancellation undone: the member has just paid to keep it).
        const held = completion.providerSubscriptionId ? undefined : await q.findRunningOfPlan(trx, checkout.user_id, plan.id, now);
        let subscription: SubscriptionRecord;
        if (held && !held.provider_subscription_id) {
          const expiresAt = addPeriod(new Date(held.expires_at), plan.period_unit, plan.period_count);
          await q.extendSubscription(trx, held.id, expiresAt);
          if (held.cancel_at_period_end) await q.setCancelAtPeriodEnd(trx, held.id, false);
          subscription = { ...held, expires_at: expiresAt.toISOString(), cancel_at_period_end: 0, reminded_at: null };
        } else {
          // Another plan of a role already held adds its time after what is left.
          const running = await q.latestExpiry(trx, checkout.user_id, plan.role, now);
          const start = running ? new Date(running) : now;
          const expiresAt = completion.periodEnd && !running ? completion.periodEnd : addPeriod(start, plan.period_unit, plan.period_count);
          subscription = {
            id: newId(),
            user_id: checkout.user_id,
            role: plan.role,
            expires_at: expiresAt.toISOString(),
            created_at: now.toISOString(),
            source: checkout.provider,
            plan_id: plan.id,
            checkout_id: checkout.id,
            provider_subscription_id: completion.providerSubscriptionId ?? null,
            started_at: now.toISOString(),
            reminded_at: null,
            cancel_at_period_end: 0,
          };
          await q.insertSubscription(trx, subscription);
        }
        await q.setCheckoutSubscription(trx, checkout.id, subscription.id);
        const paid = completion.paid ?? { amountMinor: checkout.amount_minor, currency: checkout.currency };
        const expected = differs(paid, checkout, { checkoutId, userId: checkout.user_id, kind: 'purchase' });
        await q.insertPayment(trx, {
          id: newId(),
          user_id: checkout.user_id,
          subscription_id: subscription.id,
          checkout_id: checkout.id,
          kind: 'purchase',
          amount_minor: paid.amountMinor,
          currency: paid.currency.toUpperCase(),
          provider: checkout.provider,
          provider_ref: completion.paymentRef ?? null,
          refunded_at: null,
          created_at: now.toISOString(),
          expected_minor: expected,
        });
        await notify(trx, checkout.user_id, plan.role, subscription.expires_at, 'granted');
        return { subscription, created: true, plan, checkout, paid };
      });
      if (result.created && result.plan && result.checkout && result.paid) {
        await mail(result.subscription.user_id, `Your VoxClub receipt: ${result.plan.name}`, [
          `Thank you for buying ${result.plan.name}.`,
          `Paid: ${formatPrice(result.paid.amountMinor, result.paid.currency.toUpperCase())} on ${longDate(result.subscription.created_at)}.`,
          `Your ${capital(result.plan.role)} membership is active until ${longDate(result.subscription.expires_at)}.`,
        ], SUBSCRIPTION_LINK);
      }
      return result.subscription;
    },

    async declineCheckout(checkoutId, failure) {
      await repo.failCheckout(checkoutId, failure);
    },

    async cancelCheckout(checkoutId) {
      await repo.cancelCheckout(checkoutId);
    },
  };
  return checkout;
}
