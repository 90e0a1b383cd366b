import type { Kysely, Migration } from 'kysely';

/** Requests sent through the contact and pilot-programme forms, kept for staff. */
export const formRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('form_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // contact | pilot
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      // The other fields as JSON text (topic, message; school, role, students).
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('form_requests_kind_created_idx').on('form_requests').columns(['kind', 'created_at']).execute();
    await db.schema.createIndex('form_requests_created_idx').on('form_requests').column('created_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('form_requests').execute();
  },
};
