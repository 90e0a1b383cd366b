import { sql, type Kysely, type Migration } from 'kysely';

/** Scripts, minimal for now: who owns one, who may read it, and whether it is free. */
export const scripts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scripts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
      .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('scripts_visibility_check', sql`visibility in ('private', 'friends', 'public')`)
      .execute();
    await db.schema.createIndex('scripts_owner_id_idx').on('scripts').column('owner_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('scripts').execute();
  },
};
