import type { Kysely, Migration } from 'kysely';

/**
 * casting_audition_takes.client_id: the browser's id of the recording (as takes.client_id), so a
 * retried upload of a take that already arrived answers that take instead of storing it again.
 * Null for takes stored before uploads carried it.
 */
export const auditionTakeClientId: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('casting_audition_takes').addColumn('client_id', 'text').execute();
    await db.schema.createIndex('casting_audition_takes_client_idx').on('casting_audition_takes').columns(['audition_id', 'client_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('casting_audition_takes_client_idx').execute();
    await db.schema.alterTable('casting_audition_takes').dropColumn('client_id').execute();
  },
};
