import { PostgresAdapter, sql, type Insertable, type Transaction } from 'kysely';
import type { ActivityEntry } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import type { ActivitiesTable, Database } from '../db/schema';
import { newId } from '../db/ids';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** The UTC hour and day an instant falls in, as the ISO text of their first instant. */
export const hourOf = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;
export const dayOf = (iso: string) => `${iso.slice(0, 10)}T00:00:00.000Z`;

/**
 * Stores one activity-log entry; `userId` has been checked against the caller by the route.
 * `where` is the site it was logged on and its path's route pattern.
 */
async function recordActivity(db: Db, entry: ActivityEntry, where: { variant: string; route: string } | null = null): Promise<string> {
  const id = newId();
  await insertActivity(db, {
    id,
    user_id: entry.userId || null,
    local_time: entry.localTime,
    session: entry.session,
    path: entry.path,
    action: entry.action,
    context: entry.context == null ? null : JSON.stringify(entry.context),
    created_at: new Date().toISOString(),
    variant: where?.variant ?? null,
    route: where?.route ?? null,
  });
  return id;
}

/**
 * Adds the user's hour to `active_user_hours` on each site unless it is there (most entries stop
 * here: one statement), then gives each new row the user's previous active hour and makes it the
 * previous hour of the user's next one (an entry recorded late, behind one of a later hour). Those
 * two read only committed rows: on PostgreSQL the user's row is locked first, so of two new hours
 * of one user recorded at once the second waits and sees the first; SQLite runs one transaction at
 * a time.
 */
async function recordActiveHour(trx: Transaction<Database>, userId: string, hour: string, sites: string[]): Promise<void> {
  const added = await trx
    .insertInto('active_user_hours')
    .values(sites.map((site) => ({ site, user_id: userId, hour, previous: '' })))
    .onConflict((oc) => oc.doNothing())
    .returning('site')
    .execute();
  if (!added.length) return;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }
  for (const { site } of added) {
    const hoursOfUser = () => trx.updateTable('active_user_hours').where('site', '=', site).where('user_id', '=', userId);
    await hoursOfUser()
      .set({ previous: sql<string>`(select coalesce(max(p.hour), '') from active_user_hours p where p.site = ${site} and p.user_id = ${userId} and p.hour < ${hour})` })
      .where('hour', '=', hour)
      .execute();
    // The next hour is the one after this whose previous hour is before it (later ones have theirs after).
    await hoursOfUser().set({ previous: hour }).where('hour', '>', hour).where('previous', '<', hour).execute();
  }
}

/**
 * Inserts an activity row and, in the same transaction, keeps the metrics rollups current (090,
 * 242): its hour's count, its user's active hour, its page's day. The one way rows enter the log.
 */
export async function insertActivity(db: Db, row: Insertable<ActivitiesTable>): Promise<void> {
  const variant = row.variant ?? '';
  const hour = hourOf(row.created_at);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('activities').values(row).execute();
    await trx
      .insertInto('activity_hours')
      .values({ hour, variant, action: row.action, count: 1 })
      .onConflict((oc) => oc.columns(['hour', 'variant', 'action']).doUpdateSet({ count: sql`activity_hours.count + 1` }))
      .execute();
    if (row.user_id) await recordActiveHour(trx, row.user_id, hour, [variant, '*']);
    if (row.action === 'visit') {
      await trx
        .insertInto('activity_route_days')
        .values({ day: dayOf(row.created_at), variant, route: row.route ?? '(not recorded)', count: 1 })
        .onConflict((oc) => oc.columns(['day', 'variant', 'route']).doUpdateSet({ count: sql`activity_route_days.count + 1` }))
        .execute();
    }
  });
}

/** Deletes entries logged before `before` (the retention period); answers how many went. */
export async function deleteActivitiesBefore(db: Db, before: Date): Promise<number> {
  // The rollups go with the rows they count (whole hours and days before the cut-off).
  const cut = hourOf(before.toISOString());
  await db.deleteFrom('active_user_hours').where('hour', '<', cut).execute();
  // A user's first hour kept has no previous one left: it counts wherever a range starts.
  await db.updateTable('active_user_hours').set({ previous: '' }).where('previous', '<>', '').where('previous', '<', cut).execute();
  await db.deleteFrom('activity_hours').where('hour', '<', cut).execute();
  await db.deleteFrom('activity_route_days').where('day', '<', dayOf(before.toISOString())).execute();
  const result = await db.deleteFrom('activities').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Keeps the newest `max` entries and deletes the rest (the oldest first); answers how many went.
 * The rollups stay: they are counts per hour and day, already bounded by time.
 */
export async function deleteActivitiesBeyond(db: Db, max: number): Promise<number> {
  const edge = await db.selectFrom('activities').select('created_at').orderBy('created_at', 'desc').limit(1).offset(max).executeTakeFirst();
  if (!edge) return 0;
  // Entries at the edge's own instant go too: at most the cap is kept.
  const result = await db.deleteFrom('activities').where('created_at', '<=', edge.created_at).executeTakeFirst();
  return Number(result.numDeletedRows);
}

declare module 'fastify' {
  interface FastifyInstance {
    activitiesRepository: ActivitiesRepository;
  }
}

const queries = {
  recordActivity,
  insertActivity,
  deleteActivitiesBefore,
  deleteActivitiesBeyond,
};
type ActivitiesRepository = Repository<typeof queries>;

export default repositoryPlugin('activitiesRepository', 'activities-repository', queries);
