import { randomInt } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database';

/**
 * Notification ids sort by creation time, so "newer than the last one I saw" is `id > after`:
 * 15 digits of Unix milliseconds, then 9 base36 characters. Digits and lower-case letters only,
 * so text order is the same under SQLite's byte order and any PostgreSQL collation. Within one
 * millisecond the suffix counts up from the previous one (like monotonic ULIDs), so ids made by
 * this process never tie or go backwards even when the clock does.
 */
const SUFFIX_SPACE = 36 ** 9;
let lastMs = 0;
let lastSuffix = 0;

export function newNotificationId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    // Start in the lower half so counting up within one millisecond never runs out.
    lastSuffix = randomInt(0, SUFFIX_SPACE / 2);
  } else if (++lastSuffix >= SUFFIX_SPACE) {
    lastMs += 1;
    lastSuffix = randomInt(0, SUFFIX_SPACE / 2);
  }
  return lastMs.toString().padStart(15, '0') + lastSuffix.toString(36).padStart(9, '0');
}

export interface NewNotification {
  userId: string;
  type: string;
  payload?: Record<string, unknown>;
}

export async function createNotification(db: Db, { userId, type, payload = {} }: NewNotification): Promise<string> {
  const id = newNotificationId();
  await db
    .insertInto('notifications')
    .values({ id, user_id: userId, type, payload: JSON.stringify(payload), created_at: new Date().toISOString() })
    .execute();
  return id;
}

/**
 * How many of the user's notifications are newer than `after` (their last-seen id). A missing,
 * unknown or someone else's id counts everything, so a stale mark never hides messages.
 * This is the 30-second poll of every open tab: one statement, a range scan of the
 * (user_id, id) index; the sub-select resolves `after` through the primary key.
 */
export async function countNewNotifications(db: Db, userId: string, after?: string): Promise<number> {
  const { sql, parameters } = compiledPoll(db, Boolean(after));
  const values = parameters.map((p) => (p === USER_SLOT ? userId : p === AFTER_SLOT ? after : p));
  const { rows } = await db.executeQuery<{ count: number | string }>(CompiledQuery.raw(sql, values));
  return Number(rows[0].count);
}

/** The statement behind countNewNotifications, on its own so tests can check its query plan. */
export function newNotificationsQuery(db: Db, userId: string, after?: string) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .$if(Boolean(after), (qb) =>
      qb.where('id', '>', (eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('notifications as seen')
            .select('seen.id')
            .where('seen.id', '=', after as string)
            .where('seen.user_id', '=', userId),
          eb.val(''),
        ),
      ),
    );
}

// Building and compiling a Kysely query costs as much CPU as running this one, and only the ids
// change between polls: compile once per database (each dialect has its own SQL text) with
// placeholder values, then fill the caller's ids into those parameter slots.
const USER_SLOT = '\u0000user';
const AFTER_SLOT = '\u0000after';
const compiledPolls = new WeakMap<Db, Map<boolean, { sql: string; parameters: readonly unknown[] }>>();

function compiledPoll(db: Db, withAfter: boolean) {
  let forDb = compiledPolls.get(db);
  if (!forDb) compiledPolls.set(db, (forDb = new Map()));
  let compiled = forDb.get(withAfter);
  if (!compiled) {
    compiled = newNotificationsQuery(db, USER_SLOT, withAfter ? AFTER_SLOT : undefined).compile();
    forDb.set(withAfter, compiled);
  }
  return compiled;
}
