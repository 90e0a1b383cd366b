import type { Kysely, Migration } from 'kysely';

/**
 * One sign-in across the sites of a deployment whose hosts share no parent domain: the host that
 * holds the sign-in gives another listed origin a one-time code (a minute, single use, bound to
 * that origin and to the state cookie the origin set), which that origin exchanges for a refresh
 * token of its own in the same session family. Only the code's sha256 is stored.
 */
export const signInHandoffs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sign_in_handoffs')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull().references('token_families.id').onDelete('cascade'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('state_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('sign_in_handoffs_expires_idx').on('sign_in_handoffs').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sign_in_handoffs').execute();
  },
};
