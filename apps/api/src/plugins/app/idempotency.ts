import { createHash } from 'node:crypto';
import { HARDENING_MESSAGES, IDEMPOTENCY_KEY_TTL_MS } from '@vox/contract/schemas';
import type { Db } from '../../db/database';
import { BadRequestError, ConflictError } from '../../domain-errors';
import { claimKey, completeKey, releaseKey, sweepKeys } from '../../repositories/idempotency-keys';

/** A request still in progress after this long is taken for dead (its instance stopped mid-way). */
const STALE_AFTER_MS = 2 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Makes a create call safe to retry. With no key, `create` just runs. With a
 * key: the first request under it runs `create` and remembers what it made; a retry with the
 * same key and the same body (a lost answer, a double click) answers `replay(id)` for that thing
 * instead of making another; the same key with another body is refused (409, its own text); a
 * retry while the first is still running gets 409 too, saying so. Keys are per user and live a day.
 */
export function createIdempotency(db: Db, now = () => Date.now()) {
  let lastSweep = 0;
  return async function idempotent<T extends { id: string }>(
    userId: string,
    key: string | string[] | undefined,
    body: unknown,
    create: () => Promise<T>,
    replay: (id: string) => Promise<T>,
  ): Promise<{ result: T; replayed: boolean }> {
    if (key === undefined) return { result: await create(), replayed: false };
    if (Array.isArray(key) || !KEY_PATTERN.test(key)) throw new BadRequestError(HARDENING_MESSAGES.idempotencyKeyInvalid);
    const at = now();
    const expiredBefore = new Date(at - IDEMPOTENCY_KEY_TTL_MS).toISOString();
    if (at - lastSweep > 60_000) {
      lastSweep = at;
      await sweepKeys(db, expiredBefore);
    }
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const claim = await claimKey(db, { userId, key, requestHash, now: new Date(at).toISOString(), expiredBefore, staleBefore: new Date(at - STALE_AFTER_MS).toISOString() });
    if (!claim.claimed) {
      if (claim.requestHash !== requestHash) throw new ConflictError(HARDENING_MESSAGES.idempotencyKeyReused);
      if (claim.resultId === null) throw new ConflictError(HARDENING_MESSAGES.idempotencyKeyInProgress);
      return { result: await replay(claim.resultId), replayed: true };
    }
    let result: T;
    try {
      result = await create();
    } catch (err) {
      await releaseKey(db, userId, key).catch(() => undefined);
      throw err;
    }
    await completeKey(db, userId, key, result.id);
    return { result, replayed: false };
  };
}
