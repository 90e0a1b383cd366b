import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  MEMBERSHIP_MESSAGES as M,
  type Checkout,
  type Plan,
  type Receipt,
  type Subscription,
  type SubscriptionDetail,
} from '@vox/contract/schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { newId } from '../../db/ids';
import { ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../domain-errors';
import * as q from '../../repositories/memberships';
import type { CheckoutRow, PlanRow, SubscriptionRecord } from '../../repositories/memberships';
import { createNotification } from '../../repositories/notifications';
import { createNoProvider, createStripeClient, createStripeProvider, createTestProvider, type PaymentProvider } from './payment-providers';

declare module 'fastify' {
  interface FastifyInstance {
    memberships: MembershipsService;
  }
}

/** What completing a checkout may carry from the provider. */
export interface Completion {
  /** The provider's subscription (Stripe renews it); null for the test provider. */
  providerSubscriptionId?: string | null;
  /** The provider's payment reference (what a refund names). */
  paymentRef?: string | null;
  /** Where the provider says the paid period ends; otherwise the plan's period from now. */
  periodEnd?: Date | null;
  /** What the provider says was paid; the checkout's price when it does not say. */
  paid?: { amountMinor: number; currency: string } | null;
}

export interface MembershipsService {
  readonly provider: PaymentProvider;
  /** A member's subscriptions (expired ones included): my own, or anyone's for staff. */
  subscriptions(me: string, userId?: string): Promise<Subscription[]>;
  plans(me: string | null): Promise<Plan[]>;
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
  /** A renewal the provider charged: moves the expiry to `periodEnd` once per payment. */
  renew(providerSubscriptionId: string, input: { paymentRef: string | null; periodEnd: Date; amountMinor: number; currency: string }): Promise<void>;
  /** The provider ended its subscription (cancelled at period end, or unpaid). */
  providerEnded(providerSubscriptionId: string): Promise<void>;
  providerCancelAtPeriodEnd(providerSubscriptionId: string, cancel: boolean): Promise<void>;
  paymentFailed(providerSubscriptionId: string): Promise<void>;
  /** Runs `handle` only the first time the provider's event id is seen; false for a redelivery. */
  onceForEvent(provider: string, eventId: string, handle: () => Promise<void>): Promise<boolean>;
  details(me: string, userId?: string): Promise<SubscriptionDetail[]>;
  cancel(me: string, subscriptionId: string): Promise<SubscriptionDetail>;
  resume(me: string, subscriptionId: string): Promise<SubscriptionDetail>;
  end(me: string, subscriptionId: string): Promise<SubscriptionDetail>;
  refund(me: string, paymentId: string): Promise<SubscriptionDetail>;
  /** Mails a reminder for each subscription ending within REMINDER_DAYS; answers how many. */
  sendReminders(now?: Date): Promise<number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const REMINDER_DAYS = 3;
const REMINDER_EVERY_MS = 60 * 60 * 1000;

/** The end of one period of the plan started at `from` (months keep the day of the month where it exists). */
export function addPeriod(from: Date, unit: 'day' | 'month', count: number): Date {
  if (unit === 'day') return new Date(from.getTime() + count * DAY_MS);
  const end = new Date(from);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export function formatPrice(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Where a member sees their subscriptions and receipts. */
const SUBSCRIPTION_LINK = { label: 'Your subscriptions and receipts', path: '/subscription' };

const capital = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

async function memberships(app: FastifyInstance, { config }: { config: Config }) {
  const { rolesRepository, subscriptionsRepository, db } = app;
  const repo = app.membershipsRepository;
  const provider: PaymentProvider =
    config.paymentsProvider === 'stripe' && config.stripe
      ? createStripeProvider(createStripeClient(config.stripe))
      : config.paymentsProvider === 'test'
        ? createTestProvider()
        : createNoProvider();
  const isStaff = (me: string) => app.hasRole(me, 'staff');

  /** A membership mail; `link` ends it with a link to a page of the site (`path` such as /subscription). */
  const mail = async (userId: string, subject: string, lines: string[], link?: { label: string; path: string }) => {
    const user = await app.usersRepository.findById(userId);
    if (!user?.email) return;
    const url = link ? `${config.publicUrl}${link.path}` : '';
    const text = `${[...lines, ...(link ? [`${link.label}: ${url}`] : [])].join('\n\n')}\n\nVoxClub`;
    const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${link ? `<p><a href="${escapeHtml(url)}">${escapeHtml(link.label)}</a></p>` : ''}<p>VoxClub</p>`;
    app.mailer.sendLater({ to: user.email, subject, text, html }, { mail: 'membership', userId });
  };

  const toCheckout = (row: CheckoutRow, plan: PlanRow, subscription?: SubscriptionRecord): Checkout => ({
    id: row.id,
    planId: row.plan_id,
    planName: plan.name,
    status: row.status,
    url: row.url,
    failure: row.failure,
    subscriptionId: subscription?.id ?? row.subscription_id,
    expiry: subscription?.expires_at ?? null,
  });

  async function detailsOf(userId: string, now = new Date()): Promise<SubscriptionDetail[]> {
    const rows = await repo.listSubscriptionsWithPlan(userId);
    const privileges = await rolesRepository.privilegesOf(rows.map((r) => r.role));
    const payments = await repo.listPayments(rows.map((r) => r.id));
    return rows.map((row) => {
      const running = row.expires_at > now.toISOString();
      const receipts: Receipt[] = payments
        .filter((p) => p.subscription_id === row.id)
        .flatMap((p) => [
          { id: p.id, kind: p.kind, amountMinor: p.amount_minor, currency: p.currency, createdAt: p.created_at, expectedMinor: p.expected_minor },
          ...(p.refunded_at ? [{ id: `${p.id}-refund`, kind: 'refund' as const, amountMinor: -p.amount_minor, currency: p.currency, createdAt: p.refunded_at, expectedMinor: null }] : []),
        ]);
      return {
        id: row.id,
        planName: row.plan_name ?? null,
        role: { name: row.role, privileges: privileges.get(row.role) ?? [] },
        startedAt: row.started_at ?? row.created_at,
        expiry: row.expires_at,
        status: !running ? 'expired' : row.cancel_at_period_end ? 'cancelled' : 'active',
        source: row.source,
        renewable: running && row.plan_id !== null,
        receipts,
      };
    });
  }

  async function detailOf(subscription: SubscriptionRecord): Promise<SubscriptionDetail> {
    const all = await detailsOf(subscription.user_id);
    return all.find((d) => d.id === subscription.id) as SubscriptionDetail;
  }

  /** My own subscription (404 for anyone else's, so ids reveal nothing), or anyone's for staff. */
  async function ownSubscription(me: string, id: string, { staffOnly = false } = {}): Promise<SubscriptionRecord> {
    const subscription = await repo.findSubscription(id);
    if (staffOnly) {
      if (!(await isStaff(me))) throw new ForbiddenError(M.staffOnly);
      if (!subscription) throw new NotFoundError(M.subscriptionNotFound);
      return subscription;
    }
    if (!subscription || (subscription.user_id !== me && !(await isStaff(me)))) throw new NotFoundError(M.subscriptionNotFound);
    return subscription;
  }

  /**
   * The checkout's price when the provider's paid amount differs from it (else null). The membership
   * is still granted (the provider has taken the money), but never silently: a warning in the log,
   * and the receipt shows staff both amounts.
   */
  function differs(paid: { amountMinor: number; currency: string }, checkout: Pick<CheckoutRow, 'amount_minor' | 'currency'>, context: Record<string, string>): number | null {
    if (paid.amountMinor === checkout.amount_minor && paid.currency.toUpperCase() === checkout.currency.toUpperCase()) return null;
    app.log.warn(
      { ...context, paidMinor: paid.amountMinor, paidCurrency: paid.currency.toUpperCase(), expectedMinor: checkout.amount_minor, expectedCurrency: checkout.currency },
      'memberships: the amount paid differs from the price',
    );
    return checkout.amount_minor;
  }

  async function notify(trx: Db, userId: string, role: string, expiry: string | null, event: 'granted' | 'revoked' | 'cancelled') {
    await createNotification(trx, { userId, type: 'membership', payload: { role, expiry, event } });
  }

  const service: MembershipsService = {
    provider,

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
  app.decorate('memberships', service);

  // The expiry reminder: a scheduled sweep (each instance may run it; claiming a reminder is one
  // conditional UPDATE, so each subscription is reminded once).
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => {
    service.sendReminders().catch((err: unknown) => app.log.warn({ err }, 'memberships: reminder sweep failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, REMINDER_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export default fp(memberships, {
  name: 'memberships',
  dependencies: ['authorization', 'roles-repository', 'subscriptions-repository', 'memberships-repository', 'users-repository', 'mailer'],
});
