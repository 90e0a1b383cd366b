import type { Kysely, Migration } from 'kysely';

/**
 * The share link a participant joined by (null: the session's creator, or
 * joined before this column), so the joiners of a revoked link can be removed together.
 */
export const participantJoinedVia: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('session_participants').addColumn('joined_via', 'text').execute();
    await db.schema.createIndex('session_participants_joined_via_idx').on('session_participants').column('joined_via').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('session_participants_joined_via_idx').execute();
    await db.schema.alterTable('session_participants').dropColumn('joined_via').execute();
  },
};
