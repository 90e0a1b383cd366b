import type { Kysely, Migration } from 'kysely';

/** The activity log (visits and actions) that the metrics dashboard charts. */
export const activities: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('activities')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Anonymous visits have no user; a deleted account keeps its history for the metrics.
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('local_time', 'text', (c) => c.notNull())
      .addColumn('session', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('context', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The dashboard reads by date range, optionally per action.
    await db.schema.createIndex('activities_created_at_idx').on('activities').columns(['created_at', 'action']).execute();
    await db.schema.createIndex('activities_user_id_idx').on('activities').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('activities').execute();
  },
};
