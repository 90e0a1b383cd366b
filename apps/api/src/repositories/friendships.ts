import type { Db } from '../db/database';
import type { UserRow } from './users-repository';

/**
 * Friendships: one row per pair, requester -> addressee, 'pending' until accepted. Whoever asks
 * second accepts the open request instead of adding a mirror row, so a pair keeps one row
 * and "are A and B friends" is one lookup in either direction.
 */

/** Sends a friend request, or accepts the other side's open request. Idempotent. */
export async function requestFriendship(db: Db, requesterId: string, addresseeId: string): Promise<'pending' | 'accepted'> {
  return db.transaction().execute(async (trx) => {
    const reverse = await trx
      .selectFrom('friendships')
      .select('status')
      .where('requester_id', '=', addresseeId)
      .where('addressee_id', '=', requesterId)
      .executeTakeFirst();
    if (reverse) {
      if (reverse.status === 'pending') await acceptFriendship(trx, addresseeId, requesterId);
      return 'accepted';
    }
    const now = new Date().toISOString();
    await trx
      .insertInto('friendships')
      .values({ requester_id: requesterId, addressee_id: addresseeId, status: 'pending', created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['requester_id', 'addressee_id']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('friendships')
      .select('status')
      .where('requester_id', '=', requesterId)
      .where('addressee_id', '=', addresseeId)
      .executeTakeFirstOrThrow();
    return row.status;
  });
}

/** Accepts the request requesterId sent to addresseeId; false when there is no such request. */
export async function acceptFriendship(db: Db, requesterId: string, addresseeId: string): Promise<boolean> {
  const result = await db
    .updateTable('friendships')
    .set({ status: 'accepted', updated_at: new Date().toISOString() })
    .where('requester_id', '=', requesterId)
    .where('addressee_id', '=', addresseeId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's accepted friends (their user rows), by name. */
export async function listFriends(db: Db, userId: string): Promise<UserRow[]> {
  // Two index range scans (primary key and addressee index) instead of an OR over both columns.
  const friendIds = db
    .selectFrom('friendships')
    .select('addressee_id as friend_id')
    .where('requester_id', '=', userId)
    .where('status', '=', 'accepted')
    .unionAll(
      db
        .selectFrom('friendships')
        .select('requester_id as friend_id')
        .where('addressee_id', '=', userId)
        .where('status', '=', 'accepted'),
    );
  return db
    .selectFrom(friendIds.as('f'))
    .innerJoin('users', 'users.id', 'f.friend_id')
    .selectAll('users')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}
