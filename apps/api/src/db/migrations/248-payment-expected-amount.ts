import type { Kysely, Migration } from 'kysely';

/**
 * A payment whose amount differs from the price the checkout fixed (a coupon or tax added at the
 * provider, a changed price on renewal) keeps that price beside it, so staff see the difference.
 * Null: the payment matched.
 */
export const paymentExpectedAmount: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payments').addColumn('expected_minor', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('payments').dropColumn('expected_minor').execute();
  },
};
