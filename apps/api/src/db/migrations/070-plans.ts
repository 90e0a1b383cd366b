import type { Kysely, Migration } from 'kysely';

/** The plans on sale at launch (the admin CLI adds and retires plans later: `plans add|retire`). */
const LAUNCH_PLANS = [
  { id: 'writer-monthly', name: 'Writer monthly', role: 'writer', period_unit: 'month', period_count: 1, price_minor: 500, currency: 'USD' },
  { id: 'premium-monthly', name: 'Premium monthly', role: 'premium', period_unit: 'month', period_count: 1, price_minor: 1200, currency: 'USD' },
  { id: 'premium-yearly', name: 'Premium yearly', role: 'premium', period_unit: 'month', period_count: 12, price_minor: 12000, currency: 'USD' },
] as const;

/**
 * Membership plans: each grants a role for a period (days or months) at a price in
 * minor units. Retired plans stay (subscriptions and receipts name them) but are no longer sold.
 */
export const plans: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('plans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().references('roles.name'))
      .addColumn('period_unit', 'text', (c) => c.notNull())
      .addColumn('period_count', 'integer', (c) => c.notNull())
      .addColumn('price_minor', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    const anyDb = db as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    for (const plan of LAUNCH_PLANS) await anyDb.insertInto('plans').values({ ...plan, active: 1, created_at: now }).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('plans').execute();
  },
};
