import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Friend requests and friendships in one row per pair: requester -> addressee, 'pending' until
 * the addressee accepts. The repository keeps one row per pair whichever side asked first.
 */
export const friendships: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('friendships')
      .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('addressee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('friendships_pk', ['requester_id', 'addressee_id'])
      .addCheckConstraint('friendships_status_check', sql`status in ('pending', 'accepted')`)
      .addCheckConstraint('friendships_not_self_check', sql`requester_id <> addressee_id`)
      .execute();
    // The primary key serves "friends I asked"; this serves "friends who asked me".
    await db.schema.createIndex('friendships_addressee_idx').on('friendships').columns(['addressee_id', 'status']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('friendships').execute();
  },
};
