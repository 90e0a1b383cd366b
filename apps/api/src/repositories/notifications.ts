import { randomInt } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database';
import { repositoryPlugin, type Repository } from './repository-plugin';

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

interface NewNotification {
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

export interface NotificationRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One page of the user's messages, newest first (the (user_id, id) index walked backwards). */
async function listNotifications(
  db: Db,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ items: NotificationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'type', 'payload', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, type: r.type, payload: parsePayload(r.payload), createdAt: r.created_at })),
    total: Number(count.count),
  };
}

/** The user's last-seen message id; null until they first open Messages. */
export async function getSeenMark(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('notification_marks').select('last_seen_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.last_seen_id ?? null;
}

/**
 * Moves the user's last-seen mark to `id`, one of their own messages, and never back (a tab
 * showing an older page must not bring old messages back as new). Answers the mark as it
 * stands, or undefined when `id` is not one of the user's messages.
 */
async function moveSeenMark(db: Db, userId: string, id: string): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const own = await trx.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!own) return undefined;
    const now = new Date().toISOString();
    await trx
      .insertInto('notification_marks')
      .values({ user_id: userId, last_seen_id: id, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ last_seen_id: id, updated_at: now })
          .where('notification_marks.last_seen_id', '<', id),
      )
      .execute();
    return (await getSeenMark(trx, userId)) ?? id;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationsRepository: NotificationsRepository;
  }
}

const queries = {
  createNotification,
  listNotifications,
  getSeenMark,
  moveSeenMark,
};
type NotificationsRepository = Repository<typeof queries>;

export default repositoryPlugin('notificationsRepository', 'notifications-repository', queries);
