import type { Kysely, Migration } from 'kysely';

/**
 * Buying a plan. A checkout is one attempt to buy a plan through a payment provider;
 * it completes at most once (a conditional UPDATE), and the subscription it creates carries its id
 * under a unique index, so a double click, a reloaded success page or a webhook delivered twice
 * end in one subscription. payment_events holds every provider event id handled, for the same
 * reason. payments are the receipts: purchases, renewals and refunds.
 */
export const checkoutsAndPayments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('checkouts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'text')
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('failure', 'text')
      .addColumn('subscription_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();
    await db.schema.createIndex('checkouts_user_idx').on('checkouts').columns(['user_id', 'created_at']).execute();

    for (const column of ['plan_id', 'checkout_id', 'provider_subscription_id', 'started_at', 'reminded_at'] as const) {
      await db.schema.alterTable('subscriptions').addColumn(column, 'text').execute();
    }
    await db.schema
      .alterTable('subscriptions')
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // One subscription per checkout (NULLs, the CLI's grants, are distinct on both databases).
    await db.schema.createIndex('subscriptions_checkout_idx').on('subscriptions').column('checkout_id').unique().execute();
    await db.schema.createIndex('subscriptions_provider_idx').on('subscriptions').column('provider_subscription_id').execute();

    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subscription_id', 'text', (c) => c.notNull())
      .addColumn('checkout_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_ref', 'text')
      .addColumn('refunded_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payments_subscription_idx').on('payments').column('subscription_id').execute();

    await db.schema
      .createTable('payment_events')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('payment_events').execute();
    await db.schema.dropTable('payments').execute();
    await db.schema.dropIndex('subscriptions_provider_idx').execute();
    await db.schema.dropIndex('subscriptions_checkout_idx').execute();
    for (const column of ['cancel_at_period_end', 'reminded_at', 'started_at', 'provider_subscription_id', 'checkout_id', 'plan_id']) {
      await db.schema.alterTable('subscriptions').dropColumn(column).execute();
    }
    await db.schema.dropTable('checkouts').execute();
  },
};
