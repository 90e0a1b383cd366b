import type { Kysely, Migration } from 'kysely';

/**
 * Co-writing (docs/drafts.md): a draft's shared document as the Yjs updates it is made of
 * (merged into one past a threshold), the co-writers its owner invited, and the invite links.
 */
export const draftCoWriting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('draft_doc_updates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
      // A Yjs update, base64: the same text column on both databases.
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_doc_updates_draft').on('draft_doc_updates').column('draft_id').execute();

    await db.schema
      .createTable('draft_collaborators')
      .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('draft_collaborators_pk', ['draft_id', 'user_id'])
      .execute();
    await db.schema.createIndex('draft_collaborators_user').on('draft_collaborators').column('user_id').execute();

    await db.schema
      .createTable('draft_invite_links')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('draft_id', 'text', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_invite_links_draft').on('draft_invite_links').column('draft_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('draft_invite_links').execute();
    await db.schema.dropTable('draft_collaborators').execute();
    await db.schema.dropTable('draft_doc_updates').execute();
  },
};
