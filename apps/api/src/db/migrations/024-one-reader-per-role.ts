import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One participant per role in a session, kept by a unique index (NULL roles never collide on
 * either database). Seats doubled before this rule keep their earliest reader.
 */
export const oneReaderPerRole: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      UPDATE session_participants SET role_name = NULL
      WHERE role_name IS NOT NULL AND EXISTS (
        SELECT 1 FROM session_participants AS earlier
        WHERE earlier.session_id = session_participants.session_id
          AND earlier.role_name = session_participants.role_name
          AND (earlier.joined_at < session_participants.joined_at
            OR (earlier.joined_at = session_participants.joined_at AND earlier.user_id < session_participants.user_id)))
    `.execute(db);
    await db.schema
      .createIndex('session_participants_role_idx')
      .unique()
      .on('session_participants')
      .columns(['session_id', 'role_name'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('session_participants_role_idx').execute();
  },
};
