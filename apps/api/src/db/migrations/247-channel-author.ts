import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A channel names its author (what podcast apps show as itunes:author and the owner's name), so a
 * feed never falls back to a member's missing name. Existing channels take their owner's name.
 */
export const channelAuthor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('podcast_channels')
      .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`update podcast_channels set author = coalesce((select trim(name) from users where users.id = podcast_channels.owner_id), '')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('podcast_channels').dropColumn('author').execute();
  },
};
