import type { Kysely, Migration } from 'kysely';

/**
 * POST /api/scripts with an `Idempotency-Key` header. One row per (user, key):
 * the body's hash (a different body under the same key is refused) and, once created, the
 * script's id (a retry answers that script instead of making another). Rows expire after a day
 * (routes/api/idempotency.ts); `created_at` is indexed for the sweep.
 */
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('result_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
