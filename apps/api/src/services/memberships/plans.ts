import { AUTH_MESSAGES, MEMBERSHIP_MESSAGES as M, type Plan, type Subscription, type SubscriptionDetail } from '@vox/contract/schemas';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import * as q from '../../repositories/memberships';
import type { SubscriptionRecord } from '../../repositories/memberships';
import { DAY_MS, REMINDER_DAYS, formatPrice, longDate, SUBSCRIPTION_LINK, capital, type MembershipsContext } from './context';

/** Plans and subscriptions as members and staff see and change them, and the expiry reminders. */
export interface PlansService {
  /** A member's subscriptions (expired ones included): my own, or anyone's for staff. */
  subscriptions(me: string, userId?: string): Promise<Subscription[]>;
  plans(me: string | null): Promise<Plan[]>;
  details(me: string, userId?: string): Promise<SubscriptionDetail[]>;
  cancel(me: string, subscriptionId: string): Promise<SubscriptionDetail>;
  resume(me: string, subscriptionId: string): Promise<SubscriptionDetail>;
  end(me: string, subscriptionId: string): Promise<SubscriptionDetail>;
  refund(me: string, paymentId: string): Promise<SubscriptionDetail>;
  /** Mails a reminder for each subscription ending within REMINDER_DAYS; answers how many. */
  sendReminders(now?: Date): Promise<number>;
}

export function plansService(ctx: MembershipsContext): PlansService {
  const { repo, provider, isStaff, mail, detailsOf, detailOf, ownSubscription, notify, rolesRepository, subscriptionsRepository, db } = ctx;
  const plans: PlansService = {
    async subscriptions(me, userId = me) {
      if (userId !== me && !(await isStaff(me))) throw new ForbiddenError(AUTH_MESSAGES.othersSubscriptions);
      const rows = await subscriptionsRepository.listForUser(userId);
      const privileges = await rolesRepository.privilegesOf(rows.map((r) => r.role));
      return rows.map((row) => ({ role: { name: row.role, privileges: privileges.get(row.role) ?? [] }, expiry: row.expires_at }));
    },

    async plans(me) {
      const plans = await repo.listPlans({ activeOnly: true });
      const privileges = await rolesRepository.privilegesOf(plans.map((p) => p.role));
      const current = new Set<string>();
      if (me) {
        const now = new Date().toISOString();
        for (const row of await repo.listSubscriptionsWithPlan(me)) if (row.plan_id && row.expires_at > now) current.add(row.plan_id);
      }
      return plans.map((plan) => ({
        id: plan.id,
        name: plan.name,
        role: { name: plan.role, privileges: privileges.get(plan.role) ?? [] },
        periodUnit: plan.period_unit,
        periodCount: plan.period_count,
        priceMinor: plan.price_minor,
        currency: plan.currency,
        current: current.has(plan.id),
      }));
    },

    async details(me, userId = me) {
      if (userId !== me && !(await isStaff(me))) throw new ForbiddenError(M.staffOnly);
      return detailsOf(userId);
    },

    async cancel(me, id) {
      const subscription = await ownSubscription(me, id);
      const now = new Date();
      if (!subscription.plan_id || subscription.expires_at <= now.toISOString()) throw new ConflictError(M.notRenewable);
      if (!subscription.cancel_at_period_end) {
        await provider.setCancelAtPeriodEnd(subscription.provider_subscription_id, true);
        await db.transaction().execute(async (trx) => {
          await q.setCancelAtPeriodEnd(trx, subscription.id, true);
          await notify(trx, subscription.user_id, subscription.role, subscription.expires_at, 'cancelled');
        });
        await mail(subscription.user_id, 'Your VoxClub membership is cancelled', [
          `Your ${capital(subscription.role)} membership is cancelled and will not renew.`,
          `You keep it until ${longDate(subscription.expires_at)}. You can resume it on the Subscription page until then.`,
        ], SUBSCRIPTION_LINK);
      }
      return detailOf({ ...subscription, cancel_at_period_end: 1 });
    },

    async resume(me, id) {
      const subscription = await ownSubscription(me, id);
      if (!subscription.plan_id || subscription.expires_at <= new Date().toISOString()) throw new ConflictError(M.notRenewable);
      if (subscription.cancel_at_period_end) {
        await provider.setCancelAtPeriodEnd(subscription.provider_subscription_id, false);
        await repo.setCancelAtPeriodEnd(subscription.id, false);
      }
      return detailOf(subscription);
    },

    async end(me, id) {
      const subscription = await ownSubscription(me, id, { staffOnly: true });
      if (subscription.expires_at > new Date().toISOString()) {
        await provider.endNow(subscription.provider_subscription_id);
        await db.transaction().execute(async (trx) => {
          if (await q.endSubscriptionNow(trx, subscription.id, new Date())) await notify(trx, subscription.user_id, subscription.role, null, 'revoked');
        });
      }
      return detailOf(subscription);
    },

    async refund(me, paymentId) {
      if (!(await isStaff(me))) throw new ForbiddenError(M.staffOnly);
      const payment = await repo.findPayment(paymentId);
      if (!payment) throw new NotFoundError(M.paymentNotFound);
      if (payment.refunded_at) throw new ConflictError(M.alreadyRefunded);
      const subscription = (await repo.findSubscription(payment.subscription_id)) as SubscriptionRecord;
      await provider.refund(payment.provider_ref, payment.amount_minor);
      if (subscription.expires_at > new Date().toISOString()) await provider.endNow(subscription.provider_subscription_id);
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        if (!(await q.markRefunded(trx, payment.id, now))) throw new ConflictError(M.alreadyRefunded);
        if (await q.endSubscriptionNow(trx, subscription.id, now)) await notify(trx, subscription.user_id, subscription.role, null, 'revoked');
      });
      await mail(subscription.user_id, 'Your VoxClub refund', [
        `We refunded ${formatPrice(payment.amount_minor, payment.currency)} for your ${capital(subscription.role)} membership.`,
        'The membership has ended.',
      ]);
      return detailOf(subscription);
    },

    async sendReminders(now = new Date()) {
      const due = await repo.dueReminders(now, new Date(now.getTime() + REMINDER_DAYS * DAY_MS));
      let sent = 0;
      for (const subscription of due) {
        if (!(await repo.claimReminder(subscription.id, now))) continue;
        sent++;
        await mail(subscription.user_id, 'Your VoxClub membership ends soon', [
          `Your ${capital(subscription.role)} membership ends on ${longDate(subscription.expires_at)}.`,
          'To keep it, choose a plan on the membership page before then.',
        ], { label: 'Choose a plan', path: '/membership' });
      }
      return sent;
    },
  };
  return plans;
}
