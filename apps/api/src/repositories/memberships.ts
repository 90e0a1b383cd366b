import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CheckoutsTable, PaymentsTable, PlansTable, SubscriptionsTable } from '../db/schema';
import { repositoryPlugin, type Repository } from './repository-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    membershipsRepository: Repository<typeof membershipQueries>;
  }
}

export type PlanRow = Selectable<PlansTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;
type PaymentRow = Selectable<PaymentsTable>;
export type SubscriptionRecord = Selectable<SubscriptionsTable>;

// --- Plans ---

export async function listPlans(db: Db, { activeOnly }: { activeOnly: boolean }): Promise<PlanRow[]> {
  let query = db.selectFrom('plans').selectAll().orderBy('price_minor').orderBy('id');
  if (activeOnly) query = query.where('active', '=', 1);
  return query.execute();
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPlan(db: Db, plan: Insertable<PlansTable>): Promise<void> {
  await db.insertInto('plans').values(plan).execute();
}

/** Stops selling a plan; answers whether it was on sale. */
export async function retirePlan(db: Db, id: string): Promise<boolean> {
  const result = await db.updateTable('plans').set({ active: 0 }).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// --- Checkouts ---

async function insertCheckout(db: Db, row: CheckoutRow): Promise<void> {
  await db.insertInto('checkouts').values(row).execute();
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

async function setCheckoutLink(db: Db, id: string, link: { url: string; providerRef: string | null }): Promise<void> {
  await db.updateTable('checkouts').set({ url: link.url, provider_ref: link.providerRef }).where('id', '=', id).execute();
}

/**
 * Takes an open (or declined, then paid) checkout to `completed`; answers false when it was
 * already completed or cancelled. The one statement that makes completion happen exactly once:
 * of two concurrent calls only one sees the row still open.
 */
export async function claimCheckout(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('checkouts')
    .set({ status: 'completed', completed_at: now.toISOString(), failure: null })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setCheckoutSubscription(db: Db, id: string, subscriptionId: string): Promise<void> {
  await db.updateTable('checkouts').set({ subscription_id: subscriptionId }).where('id', '=', id).execute();
}

/** Records a refusal (declined card) on a checkout that is still open; answers whether it was. */
async function failCheckout(db: Db, id: string, failure: string): Promise<boolean> {
  const result = await db.updateTable('checkouts').set({ status: 'failed', failure }).where('id', '=', id).where('status', 'in', ['open', 'failed']).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function cancelCheckout(db: Db, id: string): Promise<boolean> {
  const result = await db.updateTable('checkouts').set({ status: 'cancelled' }).where('id', '=', id).where('status', 'in', ['open', 'failed']).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// --- Subscriptions bought through a checkout ---

export async function insertSubscription(db: Db, row: SubscriptionRecord): Promise<void> {
  await db.insertInto('subscriptions').values(row).execute();
}

async function findSubscription(db: Db, id: string): Promise<SubscriptionRecord | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The subscription a completed checkout started or extended. */
export async function findSubscriptionOfCheckout(db: Db, checkoutId: string): Promise<SubscriptionRecord | undefined> {
  return db
    .selectFrom('checkouts')
    .innerJoin('subscriptions', 'subscriptions.id', 'checkouts.subscription_id')
    .selectAll('subscriptions')
    .where('checkouts.id', '=', checkoutId)
    .executeTakeFirst();
}

/** The user's running subscription of the plan that ends last, if any. */
export async function findRunningOfPlan(db: Db, userId: string, planId: string, now: Date): Promise<SubscriptionRecord | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('plan_id', '=', planId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
}

async function findSubscriptionByProviderRef(db: Db, ref: string): Promise<SubscriptionRecord | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', ref).executeTakeFirst();
}

export async function setProviderSubscription(db: Db, id: string, ref: string): Promise<void> {
  await db.updateTable('subscriptions').set({ provider_subscription_id: ref }).where('id', '=', id).execute();
}

/** Subscriptions of the user, newest expiry first, with their plan's name. */
async function listSubscriptionsWithPlan(db: Db, userId: string) {
  return db
    .selectFrom('subscriptions')
    .leftJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .selectAll('subscriptions')
    .select('plans.name as plan_name')
    .where('subscriptions.user_id', '=', userId)
    .orderBy('subscriptions.expires_at', 'desc')
    .execute();
}

export async function setCancelAtPeriodEnd(db: Db, id: string, cancel: boolean): Promise<void> {
  await db.updateTable('subscriptions').set({ cancel_at_period_end: cancel ? 1 : 0 }).where('id', '=', id).execute();
}

/** Moves the expiry (a renewal) forward only: an older renewal arriving late changes nothing. */
export async function extendSubscription(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ expires_at: expiresAt.toISOString(), reminded_at: null })
    .where('id', '=', id)
    .where('expires_at', '<', expiresAt.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a running subscription now; answers whether it was running. */
export async function endSubscriptionNow(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ expires_at: now.toISOString() })
    .where('id', '=', id)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The latest expiry among the user's running subscriptions to a role (a new purchase starts after it). */
export async function latestExpiry(db: Db, userId: string, role: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .where('expires_at', '>', now.toISOString())
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row?.expires_at;
}

/** Running subscriptions that end (no automatic renewal) within the window and were not reminded yet. */
async function dueReminders(db: Db, now: Date, until: Date): Promise<SubscriptionRecord[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('expires_at', '>', now.toISOString())
    .where('expires_at', '<=', until.toISOString())
    .where('reminded_at', 'is', null)
    .where((eb) => eb.or([eb('provider_subscription_id', 'is', null), eb('cancel_at_period_end', '=', 1)]))
    .execute();
}

/** Claims one reminder (several instances may run the job): answers whether this call got it. */
async function claimReminder(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('subscriptions').set({ reminded_at: now.toISOString() }).where('id', '=', id).where('reminded_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// --- Payments (receipts) and provider events ---

export async function insertPayment(db: Db, row: PaymentRow): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByProviderRef(db: Db, provider: string, ref: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
}

async function listPayments(db: Db, subscriptionIds: string[]): Promise<PaymentRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db.selectFrom('payments').selectAll().where('subscription_id', 'in', subscriptionIds).orderBy('created_at').orderBy('id').execute();
}

export async function markRefunded(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('payments').set({ refunded_at: now.toISOString() }).where('id', '=', id).where('refunded_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Notes a provider event as handled; false when it was handled before (a redelivery). */
async function recordEvent(db: Db, provider: string, eventId: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ provider, event_id: eventId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets a provider event, so its redelivery is handled again (its handler failed). */
async function forgetEvent(db: Db, provider: string, eventId: string): Promise<void> {
  await db.deleteFrom('payment_events').where('provider', '=', provider).where('event_id', '=', eventId).execute();
}

const membershipQueries = {
  forgetEvent,
  listPlans,
  findPlan,
  insertPlan,
  retirePlan,
  insertCheckout,
  findCheckout,
  setCheckoutLink,
  claimCheckout,
  setCheckoutSubscription,
  failCheckout,
  cancelCheckout,
  insertSubscription,
  findSubscription,
  findSubscriptionOfCheckout,
  findRunningOfPlan,
  findSubscriptionByProviderRef,
  setProviderSubscription,
  listSubscriptionsWithPlan,
  setCancelAtPeriodEnd,
  extendSubscription,
  endSubscriptionNow,
  latestExpiry,
  dueReminders,
  claimReminder,
  insertPayment,
  findPayment,
  findPaymentByProviderRef,
  listPayments,
  markRefunded,
  recordEvent,
};

export default repositoryPlugin('membershipsRepository', 'memberships-repository', membershipQueries);
