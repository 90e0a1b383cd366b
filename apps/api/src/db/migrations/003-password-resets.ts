import type { Kysely, Migration } from 'kysely';

/**
 * Password-reset codes. Keyed by the normalized email, not the user, so a request for an
 * unknown email leaves the same trace (and hits the same limits) as one for a real account.
 */
export const passwordResets: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('used_at', 'text')
      .addColumn('voided_at', 'text')
      .execute();
    await db.schema
      .createIndex('password_resets_email_idx')
      .on('password_resets')
      .columns(['email', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('password_resets').execute();
  },
};
