import type { FastifyInstance } from 'fastify';
import { MEMBERSHIP_MESSAGES as M, type Checkout, type Receipt, type SubscriptionDetail } from '@vox/contract/schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { ForbiddenError, NotFoundError } from '../../domain-errors';
import type { CheckoutRow, PlanRow, SubscriptionRecord } from '../../repositories/memberships';
import { createNotification } from '../../repositories/notifications';
import { createNoProvider, createStripeClient, createStripeProvider, createTestProvider, type PaymentProvider } from './payment-providers';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const REMINDER_DAYS = 3;
export const REMINDER_EVERY_MS = 60 * 60 * 1000;

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

export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Where a member sees their subscriptions and receipts. */
export const SUBSCRIPTION_LINK = { label: 'Your subscriptions and receipts', path: '/subscription' };

export const capital = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** What every part of the memberships service shares: the payment provider, mail, the answer shapes and the owner checks. */
export function createMembershipsContext(app: FastifyInstance, config: Config) {
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

  return { app, repo, provider, isStaff, mail, toCheckout, detailsOf, detailOf, ownSubscription, differs, notify, rolesRepository, subscriptionsRepository, db };
}

export type MembershipsContext = ReturnType<typeof createMembershipsContext>;
