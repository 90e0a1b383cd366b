import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Conversations (item 5): direct messages become threads both sides see.
 * - direct_messages: one row per message, sender -> recipient, with the quoted message of a
 *   reply. Its id is the recipient's notification id (time-ordered, repositories/notifications.ts),
 *   so "newer than" is `id >` here too and the red dot keeps counting notifications.
 * - conversation_reads: per member and thread, the newest of the other's messages I have read;
 *   my unread count in a thread is their messages above it.
 * Messages sent before this migration were stored only as the recipient's notifications; they
 * are copied over, so old conversations show up as threads.
 */
export const conversations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('direct_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('reply_to_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('direct_messages_pair_idx').on('direct_messages').columns(['sender_id', 'recipient_id', 'id']).execute();
    await db.schema.createIndex('direct_messages_recipient_idx').on('direct_messages').columns(['recipient_id', 'sender_id', 'id']).execute();
    await db.schema
      .createTable('conversation_reads')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('other_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_read_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('conversation_reads_pk', ['user_id', 'other_id'])
      .execute();

    const { rows } = await sql<{ id: string; user_id: string; payload: string; created_at: string }>`
      select n.id, n.user_id, n.payload, n.created_at from notifications n where n.type = 'message'`.execute(db);
    const users = new Set((await sql<{ id: string }>`select id from users`.execute(db)).rows.map((r) => r.id));
    for (const row of rows) {
      let payload: { fromUserId?: unknown; text?: unknown };
      try {
        payload = JSON.parse(row.payload);
      } catch {
        continue;
      }
      if (typeof payload.fromUserId !== 'string' || typeof payload.text !== 'string' || !users.has(payload.fromUserId)) continue;
      await sql`insert into direct_messages (id, sender_id, recipient_id, text, reply_to_id, created_at)
        values (${row.id}, ${payload.fromUserId}, ${row.user_id}, ${payload.text}, ${null}, ${row.created_at})`.execute(db);
    }
    // What Messages already showed as seen counts as read, so old threads do not all turn unread.
    await sql`insert into conversation_reads (user_id, other_id, last_read_id)
      select dm.recipient_id, dm.sender_id, max(dm.id) from direct_messages dm
      join notification_marks m on m.user_id = dm.recipient_id and dm.id <= m.last_seen_id
      group by dm.recipient_id, dm.sender_id`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('conversation_reads').execute();
    await db.schema.dropTable('direct_messages').execute();
  },
};
