import type { Db } from '../db/database';
import { isUniqueViolation } from './db-errors';

/** Idempotency keys (migration 121). SQL only; the rules are in plugins/app/idempotency.ts. */

type KeyClaim = { claimed: true } | { claimed: false; requestHash: string; resultId: string | null };

/**
 * Claims (user, key) for a request whose body hashes to `requestHash`: answers claimed when no
 * live row holds the key (an expired row, or one left in progress before `staleBefore` by a
 * request that never finished, is replaced), else the row that holds it. Two requests racing
 * for one key: the primary key lets one insert win; the other reads the winner's row.
 */
export async function claimKey(db: Db, row: { userId: string; key: string; requestHash: string; now: string; expiredBefore: string; staleBefore: string }): Promise<KeyClaim> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', row.userId)
    .where('key', '=', row.key)
    .where((eb) => eb.or([eb('created_at', '<', row.expiredBefore), eb.and([eb('result_id', 'is', null), eb('created_at', '<', row.staleBefore)])]))
    .execute();
  try {
    await db.insertInto('idempotency_keys').values({ user_id: row.userId, key: row.key, request_hash: row.requestHash, result_id: null, created_at: row.now }).execute();
    return { claimed: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const held = await db.selectFrom('idempotency_keys').select(['request_hash', 'result_id']).where('user_id', '=', row.userId).where('key', '=', row.key).executeTakeFirst();
  // Gone between the insert and the read (expired and swept): treat as still in progress.
  return { claimed: false, requestHash: held?.request_hash ?? '', resultId: held?.result_id ?? null };
}

export async function completeKey(db: Db, userId: string, key: string, resultId: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ result_id: resultId }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/** The request failed: the key is free again (a corrected retry may use it). */
export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('result_id', 'is', null).execute();
}

export async function sweepKeys(db: Db, expiredBefore: string): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).executeTakeFirst();
  return Number(res.numDeletedRows);
}
