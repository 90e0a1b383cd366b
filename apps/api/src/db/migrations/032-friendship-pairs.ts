import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One row per pair of members, whoever asked: `pair_key` is the two ids in sorted order, unique.
 * Without it, two members asking each other at the same moment could each insert a request
 * (the primary key only forbids the same direction twice).
 */
export const friendshipPairs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('friendships').addColumn('pair_key', 'text').execute();
    await sql`update friendships set pair_key = case when requester_id < addressee_id
      then requester_id || ':' || addressee_id else addressee_id || ':' || requester_id end`.execute(db);
    await db.schema.createIndex('friendships_pair_key_idx').on('friendships').column('pair_key').unique().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('friendships_pair_key_idx').execute();
    await db.schema.alterTable('friendships').dropColumn('pair_key').execute();
  },
};
