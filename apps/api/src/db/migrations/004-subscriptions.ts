import type { Kysely, Migration } from 'kysely';

/** Time-limited memberships: each grants a role's privileges until it expires. */
export const subscriptions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull().references('roles.name'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Where it came from: 'admin' (CLI), a payment provider's name, ...
      .addColumn('source', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('subscriptions_user_idx')
      .on('subscriptions')
      .columns(['user_id', 'expires_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('subscriptions').execute();
  },
};
