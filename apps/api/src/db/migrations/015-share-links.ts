import type { Kysely, Migration } from 'kysely';

/** Share links (/s/{linkId}): an invitation into a session, optionally to a role; revocable. */
export const shareLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('share_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('role_name', 'text')
      .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('share_links_session_id_idx').on('share_links').column('session_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('share_links').execute();
  },
};
