import type { Kysely, Migration } from 'kysely';

/**
 * Sessions revoked since a moment, read every second by each API instance so access tokens of
 * a revoked session stop working at once (plugins/app/authentication.ts): an index keeps that
 * read a range scan however many sessions there are.
 */
export const revokedSessionsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('token_families_revoked_at_idx').on('token_families').column('revoked_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('token_families_revoked_at_idx').execute();
  },
};
