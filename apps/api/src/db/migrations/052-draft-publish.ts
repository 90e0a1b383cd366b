import type { Kysely, Migration } from 'kysely';

/**
 * Publishing drafts as scripts without losing a take:
 * - `draft_publications`: which script a draft was published as (the next publish updates it);
 * - `script_lines.retired_at`: a line taken out of a script that has takes is kept, retired, so
 *   its takes stay (and are listed) instead of going with it;
 * - `takes.recorded_text`: when a line's text changes, its takes keep the text they were
 *   recorded on (null: recorded on the line's current text).
 */
export const draftPublish: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('draft_publications')
      .addColumn('draft_id', 'text', (c) => c.primaryKey().references('drafts.id').onDelete('cascade'))
      .addColumn('script_id', 'text', (c) => c.notNull().references('scripts.id').onDelete('cascade'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_publications_script_idx').on('draft_publications').column('script_id').execute();
    await db.schema.alterTable('script_lines').addColumn('retired_at', 'text').execute();
    await db.schema.alterTable('takes').addColumn('recorded_text', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('takes').dropColumn('recorded_text').execute();
    await db.schema.alterTable('script_lines').dropColumn('retired_at').execute();
    await db.schema.dropTable('draft_publications').execute();
  },
};
