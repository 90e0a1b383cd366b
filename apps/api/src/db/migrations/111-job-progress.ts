import type { Kysely, Migration } from 'kysely';

/**
 * How far a running job is (0 to 1), for the UI. The PostgreSQL queue (pg-boss) keeps states,
 * attempts and errors but no progress, and the in-process queue keeps it in memory; this row is
 * shared by every instance. Removed with the job's other traces by the queue's clean-up.
 */
export const jobProgress: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_progress')
      .addColumn('job_id', 'text', (c) => c.primaryKey())
      .addColumn('fraction', 'real', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_progress').execute();
  },
};
