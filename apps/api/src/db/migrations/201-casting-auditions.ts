import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Auditions as drafts, reports and profile credits.
 * - casting_auditions.sent_at: null while the audition is a draft (takes being recorded), the
 *   time it was sent after; an audition sent before this step was sent when it was last changed.
 *   audio_duration_ms: the whole-audition file's length, as the browser measured it.
 * - casting_call_reports: one report per member and call (reporting again updates the reason),
 *   what staff read before hiding a call.
 * - casting_member_settings: a member's casting choices (whether their profile lists the roles
 *   they were cast in; a member without a row shows them).
 * - casting_roles_cast_member_idx: a profile's credits; the created_at and sent_at indexes: the
 *   metrics' calls posted and auditions sent per day.
 */
export const castingAuditions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('casting_auditions').addColumn('sent_at', 'text').execute();
    await db.schema.alterTable('casting_auditions').addColumn('audio_duration_ms', 'integer').execute();
    await sql`UPDATE casting_auditions SET sent_at = updated_at WHERE status = 'sent'`.execute(db);

    await db.schema
      .createTable('casting_call_reports')
      .addColumn('call_id', 'text', (c) => c.notNull().references('casting_calls.id').onDelete('cascade'))
      .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('casting_call_reports_pk', ['call_id', 'reporter_id'])
      .execute();
    await db.schema.createIndex('casting_call_reports_created_idx').on('casting_call_reports').column('created_at').execute();

    await db.schema
      .createTable('casting_member_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('show_credits', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await db.schema.createIndex('casting_roles_cast_member_idx').on('casting_roles').column('cast_member_id').execute();
    await db.schema.createIndex('casting_calls_created_idx').on('casting_calls').column('created_at').execute();
    await db.schema.createIndex('casting_auditions_sent_idx').on('casting_auditions').column('sent_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('casting_auditions_sent_idx').execute();
    await db.schema.dropIndex('casting_calls_created_idx').execute();
    await db.schema.dropIndex('casting_roles_cast_member_idx').execute();
    await db.schema.dropTable('casting_member_settings').execute();
    await db.schema.dropTable('casting_call_reports').execute();
    // Drafts did not exist before: they go with their takes (the audio rows stay for prune).
    await sql`DELETE FROM casting_auditions WHERE sent_at IS NULL AND status = 'sent'`.execute(db);
    await db.schema.alterTable('casting_auditions').dropColumn('audio_duration_ms').execute();
    await db.schema.alterTable('casting_auditions').dropColumn('sent_at').execute();
  },
};
