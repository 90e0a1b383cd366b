import type { Kysely, Migration } from 'kysely';

/**
 * Secrets the app makes for itself when the settings give none (JWT key, reset-code pepper, job
 * data key): in the database, so every API instance signs and checks with the same key, rather
 * than in a file of one process's disk.
 */
export const appSecrets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_secrets').execute();
  },
};
