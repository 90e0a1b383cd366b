import type { Kysely, Migration } from 'kysely';

/**
 * Comments on a range of a draft's lines.
 * - draft_comment_threads: one per range commented on; `quote` is the text of lines
 *   from_line..to_line when the thread was started, so the editor finds them again after lines
 *   above them moved; resolved_at/resolved_by are null while the thread is open.
 * - draft_comments: the thread's comments, the first one started it.
 * Both go with their draft (and a member's comments with the member).
 */
export const draftComments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('draft_comment_threads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('from_line', 'integer', (c) => c.notNull())
      .addColumn('to_line', 'integer', (c) => c.notNull())
      .addColumn('quote', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_comment_threads_draft_idx').on('draft_comment_threads').columns(['draft_id', 'created_at']).execute();

    await db.schema
      .createTable('draft_comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('thread_id', 'text', (c) => c.notNull().references('draft_comment_threads.id').onDelete('cascade'))
      .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_comments_thread_idx').on('draft_comments').columns(['thread_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('draft_comments').execute();
    await db.schema.dropTable('draft_comment_threads').execute();
  },
};
