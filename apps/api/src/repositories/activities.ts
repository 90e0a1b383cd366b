import type { ActivityEntry } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Stores one activity-log entry; `userId` has been checked against the caller by the route.
 * `where` is the site it was logged on and its path's route pattern (the metrics group by them).
 */
export async function recordActivity(db: Db, entry: ActivityEntry, where: { variant: string; route: string } | null = null): Promise<string> {
  const id = newId();
  await db
    .insertInto('activities')
    .values({
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
    })
    .execute();
  return id;
}

/** Deletes entries logged before `before` (the retention period); answers how many went. */
export async function deleteActivitiesBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('activities').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

declare module 'fastify' {
  interface FastifyInstance {
    activitiesRepository: ActivitiesRepository;
  }
}

const queries = {
  recordActivity,
  deleteActivitiesBefore,
};
export type ActivitiesRepository = Repository<typeof queries>;

export default repositoryPlugin('activitiesRepository', 'activities-repository', queries);
