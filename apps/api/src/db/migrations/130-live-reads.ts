import type { Kysely, Migration } from 'kysely';

/**
 * Live table reads (docs/live.md):
 * - live_presence: one row per open live connection (any API instance), refreshed every
 *   heartbeat; a row not refreshed for LIVE_TIMING.presenceTtlMs no longer counts (a crashed
 *   instance's connections drop out by themselves).
 * - live_link_admissions: the share link that first let a reader into a session, so revoking
 *   that link ends their live channel.
 * - live_bursts: the owner's current "Grace recorded 4 lines" message per session and person,
 *   updated while the burst lasts instead of one message per take.
 */
export const liveReads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('live_presence')
      .addColumn('connection_id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recording_line_id', 'text')
      .addColumn('connected_at', 'text', (c) => c.notNull())
      .addColumn('seen_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('live_presence_session_idx').on('live_presence').columns(['session_id', 'seen_at']).execute();
    await db.schema
      .createTable('live_link_admissions')
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('link_id', 'text', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('live_link_admissions_pk', ['session_id', 'user_id'])
      .execute();
    await db.schema.createIndex('live_link_admissions_link_idx').on('live_link_admissions').column('link_id').execute();
    await db.schema
      .createTable('live_bursts')
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('notification_id', 'text', (c) => c.notNull())
      /** JSON array of the line ids recorded in this burst. */
      .addColumn('line_ids', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('live_bursts_pk', ['session_id', 'user_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('live_bursts').execute();
    await db.schema.dropTable('live_link_admissions').execute();
    await db.schema.dropTable('live_presence').execute();
  },
};
