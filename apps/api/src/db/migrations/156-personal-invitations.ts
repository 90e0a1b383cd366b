import type { Kysely, Migration } from 'kysely';

/**
 * Inviting a friend from Share makes a link for that friend, marked as such
 * (`invited_user_id`), so the Share dialog lists it as their invitation rather than as one more
 * "any role" link whose revoke silently cancelled the invitation. Links made before stay plain.
 */
export const personalInvitations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('share_links')
      .addColumn('invited_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('share_links').dropColumn('invited_user_id').execute();
  },
};
