import type { Kysely, Migration } from 'kysely';

/**
 * Refresh tokens, grouped into families: one family per sign-in, one row per rotation. Only
 * sha256 hashes are stored, so a leaked database cannot be replayed as sessions.
 */
export const refreshTokens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('token_families')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Absolute end of the family (first sign-in + 30 days); rotation never extends it.
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('token_families_user_idx').on('token_families').column('user_id').execute();
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull().references('token_families.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('rotated_at', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('token_families').execute();
  },
};
