import type { Kysely, Migration } from 'kysely';

/** Reading sessions (table reads of a script) and who takes part, optionally in which role. */
export const readingSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reading_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      // A session outlives its creator's account: the other participants keep their reads.
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reading_sessions_script_id_idx').on('reading_sessions').column('script_id').execute();
    await db.schema
      .createTable('session_participants')
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_name', 'text')
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_participants_pk', ['session_id', 'user_id'])
      .execute();
    // "My sessions, newest first" (history, current session of a script).
    await db.schema
      .createIndex('session_participants_user_idx')
      .on('session_participants')
      .columns(['user_id', 'joined_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('session_participants').execute();
    await db.schema.dropTable('reading_sessions').execute();
  },
};
