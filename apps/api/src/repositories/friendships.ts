import type { Expression, ExpressionBuilder } from 'kysely';
import type { Relationship } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { isUniqueViolation } from './db-errors';
import { createNotification } from './notifications';
import type { UserRow } from './users';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Friendships: one row per pair, requester -> addressee, 'pending' until accepted. Whoever asks
 * second accepts the open request instead of adding a mirror row, so a pair keeps one row
 * and "are A and B friends" is one lookup in either direction. `pair_key` (the sorted ids) is
 * unique, so two members asking each other at the same moment cannot make two rows either.
 */

const pairKey = (a: string, b: string): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

type FriendshipRow = { requester_id: string; addressee_id: string; status: 'pending' | 'accepted' };

/** A member: an id, or a column of the outer query (the script owner in `readableBy`). */
type Member = string | Expression<string>;

/**
 * The friendship pair predicate: the row `f` (a `friendships as f`) joins `a` and `b`, whichever
 * way it points. Every query about "the pair" uses it, so the rule is written once.
 */
export function isPairOf<DB extends Database & { f: Database['friendships'] }, TB extends 'f'>(
  eb: ExpressionBuilder<DB, TB>,
  a: Member,
  b: Member,
) {
  const e = eb as unknown as ExpressionBuilder<Database & { f: Database['friendships'] }, 'f'>;
  return e.or([
    e.and([e('f.requester_id', '=', a), e('f.addressee_id', '=', b)]),
    e.and([e('f.requester_id', '=', b), e('f.addressee_id', '=', a)]),
  ]);
}

/** The pair's row, whichever way it points. */
async function findPair(db: Db, a: string, b: string): Promise<FriendshipRow | undefined> {
  return db
    .selectFrom('friendships as f')
    .select(['f.requester_id', 'f.addressee_id', 'f.status'])
    .where((eb) => isPairOf(eb, a, b))
    .executeTakeFirst();
}

async function insertRequest(db: Db, requesterId: string, addresseeId: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('friendships')
    .values({
      requester_id: requesterId,
      addressee_id: addresseeId,
      status: 'pending',
      created_at: now,
      updated_at: now,
      pair_key: pairKey(requesterId, addresseeId),
    })
    .execute();
}

/** Sends a friend request, or accepts the other side's open request. Idempotent. */
export async function requestFriendship(db: Db, requesterId: string, addresseeId: string): Promise<'pending' | 'accepted'> {
  const outcome = await sendFriendRequest(db, requesterId, addresseeId, { notify: false });
  return outcome === 'requested' || outcome === 'already_requested' ? 'pending' : 'accepted';
}

type FriendRequestOutcome = 'requested' | 'accepted' | 'already_requested' | 'already_friends';

/**
 * What "add friend" does: a new request (the addressee gets a friend_request message), or, when
 * they had already asked me, an acceptance (they get friend_accepted). Asking twice changes
 * nothing. The caller refuses requests to oneself (the table forbids them too).
 */
async function sendFriendRequest(
  db: Db,
  fromId: string,
  toId: string,
  { notify = true } = {},
): Promise<FriendRequestOutcome> {
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<FriendRequestOutcome> => {
      const row = await findPair(trx, fromId, toId);
      if (row?.status === 'accepted') return 'already_friends';
      if (row && row.requester_id === fromId) return 'already_requested';
      if (row) {
        await setAccepted(trx, toId, fromId);
        if (notify) await createNotification(trx, { userId: toId, type: 'friend_accepted', payload: { userId: fromId } });
        return 'accepted';
      }
      await insertRequest(trx, fromId, toId);
      if (notify) await createNotification(trx, { userId: toId, type: 'friend_request', payload: { fromUserId: fromId } });
      return 'requested';
    });
  try {
    return await attempt();
  } catch (err) {
    // The other side's request landed between our look and our insert: look again, and this
    // time it is an acceptance.
    if (isUniqueViolation(err)) return attempt();
    throw err;
  }
}

async function setAccepted(db: Db, requesterId: string, addresseeId: string): Promise<boolean> {
  const result = await db
    .updateTable('friendships')
    .set({ status: 'accepted', updated_at: new Date().toISOString() })
    .where('requester_id', '=', requesterId)
    .where('addressee_id', '=', addresseeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Accepts the request requesterId sent to addresseeId; false when there is no such request. */
export async function acceptFriendship(db: Db, requesterId: string, addresseeId: string): Promise<boolean> {
  return setAccepted(db, requesterId, addresseeId);
}

/** I accept the open request `requesterId` sent me; they get a friend_accepted message. */
async function acceptFriendRequest(db: Db, meId: string, requesterId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await setAccepted(trx, requesterId, meId))) return false;
    await createNotification(trx, { userId: requesterId, type: 'friend_accepted', payload: { userId: meId } });
    return true;
  });
}

async function deletePending(db: Db, requesterId: string, addresseeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships')
    .where('requester_id', '=', requesterId)
    .where('addressee_id', '=', addresseeId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** I decline the open request `requesterId` sent me (they are not told); false when there is none. */
const declineFriendRequest = (db: Db, meId: string, requesterId: string) => deletePending(db, requesterId, meId);

/** I take back the request I sent `addresseeId`; false when there is none. */
const cancelFriendRequest = (db: Db, meId: string, addresseeId: string) => deletePending(db, meId, addresseeId);

/** Ends an accepted friendship, whoever asked first; false when we are not friends. */
async function removeFriend(db: Db, meId: string, otherId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships as f')
    .where('f.status', '=', 'accepted')
    .where((eb) => isPairOf(eb, meId, otherId))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  return (await findPair(db, a, b))?.status === 'accepted';
}

/** How `meId` stands to each of `otherIds` (none when there is no row). */
async function relationshipsWith(db: Db, meId: string, otherIds: string[]): Promise<Map<string, Relationship>> {
  const ids = [...new Set(otherIds)].filter((id) => id !== meId);
  const out = new Map<string, Relationship>(otherIds.map((id) => [id, id === meId ? 'self' : 'none']));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('friendships')
    .select(['requester_id', 'addressee_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('requester_id', '=', meId), eb('addressee_id', 'in', ids)]),
        eb.and([eb('addressee_id', '=', meId), eb('requester_id', 'in', ids)]),
      ]),
    )
    .execute();
  for (const row of rows) {
    const other = row.requester_id === meId ? row.addressee_id : row.requester_id;
    out.set(other, row.status === 'accepted' ? 'friends' : row.requester_id === meId ? 'outgoing' : 'incoming');
  }
  return out;
}

async function relationshipOf(db: Db, meId: string | null, otherId: string): Promise<Relationship> {
  if (!meId) return 'none';
  return (await relationshipsWith(db, meId, [otherId])).get(otherId) ?? 'none';
}

/** The user's accepted friends (their user rows), by name. */
async function listFriends(db: Db, userId: string): Promise<UserRow[]> {
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

interface PendingRequest {
  user: UserRow;
  createdAt: string;
}

/** Open requests to me (incoming) and from me (outgoing), newest first. */
async function listFriendRequests(db: Db, userId: string): Promise<{ incoming: PendingRequest[]; outgoing: PendingRequest[] }> {
  const [incoming, outgoing] = await Promise.all([
    db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.requester_id')
      .selectAll('users')
      .select('friendships.created_at as requested_at')
      .where('friendships.addressee_id', '=', userId)
      .where('friendships.status', '=', 'pending')
      .orderBy('friendships.created_at', 'desc')
      .execute(),
    db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.addressee_id')
      .selectAll('users')
      .select('friendships.created_at as requested_at')
      .where('friendships.requester_id', '=', userId)
      .where('friendships.status', '=', 'pending')
      .orderBy('friendships.created_at', 'desc')
      .execute(),
  ]);
  const toPending = ({ requested_at, ...user }: UserRow & { requested_at: string }): PendingRequest => ({ user, createdAt: requested_at });
  return { incoming: incoming.map(toPending), outgoing: outgoing.map(toPending) };
}

declare module 'fastify' {
  interface FastifyInstance {
    friendshipsRepository: FriendshipsRepository;
  }
}

const queries = {
  sendFriendRequest,
  acceptFriendRequest,
  declineFriendRequest,
  cancelFriendRequest,
  removeFriend,
  areFriends,
  relationshipsWith,
  relationshipOf,
  listFriends,
  listFriendRequests,
};
type FriendshipsRepository = Repository<typeof queries>;

export default repositoryPlugin('friendshipsRepository', 'friendships-repository', queries);
