import type { Kysely, Migration } from 'kysely';

/**
 * Each user's last-seen message, kept on the server so every device and tab shows the same red
 * dot. A row of its own (not a users column): the poll never reads it, the Messages page does.
 */
export const notificationMarks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_marks')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('last_seen_id', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notification_marks').execute();
  },
};
