import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Handles are unique regardless of case ("Ada" and "ada" are one handle), and /members/{handle}
 * finds them in any case: an index on lower(handle) serves both. Both databases support
 * expression indexes, and NULLs (members without a handle) never collide.
 */
export const handlesAnyCase: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('users_handle_lower_idx').on('users').unique().expression(sql`lower(handle)`).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_handle_lower_idx').execute();
  },
};
