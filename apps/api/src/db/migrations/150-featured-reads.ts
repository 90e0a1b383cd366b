import type { Kysely, Migration } from 'kysely';

/**
 * The finished reads the front door offers to listen to. Staff choose them
 * (`npm run admin -- feature-read <sessionId>`), one per demo scene at most; a read is only
 * offered while every spoken line still has its picked take.
 */
export const featuredReads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('featured_reads')
      .addColumn('script_id', 'text', (c) => c.primaryKey().references('scripts.id').onDelete('cascade'))
      .addColumn('session_id', 'text', (c) => c.notNull().references('reading_sessions.id').onDelete('cascade'))
      .addColumn('featured_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('featured_reads').execute();
  },
};
