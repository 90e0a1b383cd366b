import type { Kysely, Migration } from 'kysely';

/**
 * Remote load failures: one row per failure the shell reported as it turned to the manifest's
 * fallback (a remote version whose entry or `./App` did not load), with its tags only (no user,
 * path or query), kept VITALS_RETENTION_DAYS like the raw vitals.
 */
export const remoteLoadFailures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('remote_load_failures')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('fallback_version', 'text', (c) => c.notNull())
      .addColumn('recovered', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('remote_load_failures_received_at_idx').on('remote_load_failures').column('received_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('remote_load_failures').execute();
  },
};
