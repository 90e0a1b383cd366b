import type { Kysely, Migration } from 'kysely';

/** A writer's own templates. The ready-made ones live in code (services/drafts/system-templates.ts). */
export const draftTemplates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('draft_templates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('draft_templates_owner_idx').on('draft_templates').column('owner_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('draft_templates').execute();
  },
};
