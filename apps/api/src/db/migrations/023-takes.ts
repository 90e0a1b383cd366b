import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Recorded takes: several per line and session, at most one of them the pick used in playback.
 * (session, user, client_id) is unique: the browser names a recording before uploading it, so
 * a retried upload finds the take it already made instead of adding a second one.
 */
export const takes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('takes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      // A line the owner deletes from the script takes its recordings with it.
      .addColumn('line_id', 'text', (c) => c.notNull().references('script_lines.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      // No cascade: a recording in use cannot lose its bytes' metadata.
      .addColumn('audio_id', 'text', (c) => c.notNull().references('audio_files.id'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer')
      .addColumn('picked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('takes_client_idx').unique().on('takes').columns(['session_id', 'user_id', 'client_id']).execute();
    await db.schema.createIndex('takes_line_idx').on('takes').columns(['session_id', 'line_id', 'created_at']).execute();
    // One pick per line of a session, kept by the database even when two saves race.
    await db.schema
      .createIndex('takes_pick_idx')
      .unique()
      .on('takes')
      .columns(['session_id', 'line_id'])
      .where(sql.ref('picked'), '=', 1)
      .execute();
    await db.schema.createIndex('takes_audio_idx').on('takes').column('audio_id').execute();
    await db.schema.createIndex('takes_user_idx').on('takes').columns(['user_id', 'session_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('takes').execute();
  },
};
