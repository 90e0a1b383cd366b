import type { Kysely, Migration } from 'kysely';

/**
 * Messages for a user. Ids sort by creation time (see repositories/notifications.ts), so the
 * new-message poll is one range scan of (user_id, id).
 */
export const notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notifications_user_id_idx').on('notifications').columns(['user_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notifications').execute();
  },
};
