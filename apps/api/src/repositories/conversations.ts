import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { DirectMessagesTable } from '../db/schema';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Conversations: direct messages between two members, read as a thread from either
 * side, and each member's read mark per thread. SQL only; the service shapes the answers.
 */
export type DirectMessageRow = DirectMessagesTable;

export async function insertDirectMessage(db: Db, row: DirectMessageRow): Promise<void> {
  await db.insertInto('direct_messages').values(row).execute();
}

const betweenPair = (a: string, b: string) =>
  sql<boolean>`((sender_id = ${a} and recipient_id = ${b}) or (sender_id = ${b} and recipient_id = ${a}))`;

/** A message of the pair's thread by id, or undefined (another thread's id reads the same as none). */
async function findMessageInThread(db: Db, id: string, a: string, b: string): Promise<DirectMessageRow | undefined> {
  return db.selectFrom('direct_messages').selectAll().where('id', '=', id).where(betweenPair(a, b)).executeTakeFirst();
}

/** The pair's newest `limit` messages, oldest first. */
async function threadMessages(db: Db, a: string, b: string, limit: number): Promise<DirectMessageRow[]> {
  const rows = await db.selectFrom('direct_messages').selectAll().where(betweenPair(a, b)).orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse();
}

async function messagesById(db: Db, ids: string[]): Promise<Map<string, DirectMessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('direct_messages').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every thread I am in: the other member and the newest message's id, newest thread first. */
async function threadsOf(db: Db, me: string): Promise<{ otherId: string; lastId: string }[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('direct_messages')
        .select(['id', sql<string>`case when sender_id = ${me} then recipient_id else sender_id end`.as('other_id')])
        .where((w) => w.or([w('sender_id', '=', me), w('recipient_id', '=', me)]))
        .as('m'),
    )
    .select(['m.other_id', (eb) => eb.fn.max('m.id').as('last_id')])
    .groupBy('m.other_id')
    .orderBy('last_id', 'desc')
    .execute();
  return rows.map((row) => ({ otherId: row.other_id, lastId: String(row.last_id) }));
}

/** How many of each sender's messages to me are above my read mark in their thread. */
async function unreadCounts(db: Db, me: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('direct_messages as dm')
    .leftJoin('conversation_reads as r', (join) => join.on('r.user_id', '=', me).onRef('r.other_id', '=', 'dm.sender_id'))
    .select(['dm.sender_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('dm.recipient_id', '=', me)
    .where((eb) => eb('dm.id', '>', eb.fn.coalesce('r.last_read_id', eb.val(''))))
    .groupBy('dm.sender_id')
    .execute();
  return new Map(rows.map((row) => [row.sender_id, Number(row.count)]));
}

/** Moves my read mark in the thread with `other` forward to `upTo` (never back). */
async function markThreadRead(db: Db, me: string, other: string, upTo: string): Promise<void> {
  const moved = await db
    .updateTable('conversation_reads')
    .set({ last_read_id: upTo })
    .where('user_id', '=', me)
    .where('other_id', '=', other)
    .where('last_read_id', '<', upTo)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) return;
  await db
    .insertInto('conversation_reads')
    .values({ user_id: me, other_id: other, last_read_id: upTo })
    .onConflict((oc) => oc.columns(['user_id', 'other_id']).doNothing())
    .execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    conversationsRepository: ConversationsRepository;
  }
}

const queries = { insertDirectMessage, findMessageInThread, threadMessages, messagesById, threadsOf, unreadCounts, markThreadRead };
type ConversationsRepository = Repository<typeof queries>;

export default repositoryPlugin('conversationsRepository', 'conversations-repository', queries);
