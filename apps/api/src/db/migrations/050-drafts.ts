import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Drafts: a writer's Fountain text and its save counter (`revision`, moved on by
 * every accepted save; a save made on an older number is refused), and the snapshots kept of
 * it (`draft_revisions`: automatic, named, or made by a restore). Nothing is ever overwritten
 * without a snapshot of what it replaced.
 */
export const drafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('drafts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('word_count', 'integer', (c) => c.notNull())
      .addColumn('page_estimate', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('drafts_owner_updated_idx').on('drafts').columns(['owner_id', 'updated_at']).execute();

    await db.schema
      .createTable('draft_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('word_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('draft_revisions_kind_check', sql`kind in ('auto', 'named', 'restore')`)
      .execute();
    await db.schema.createIndex('draft_revisions_draft_idx').on('draft_revisions').columns(['draft_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('draft_revisions').execute();
    await db.schema.dropTable('drafts').execute();
  },
};
