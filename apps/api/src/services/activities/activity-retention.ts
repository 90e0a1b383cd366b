import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { every } from '../../plugins/app/every';
import { deleteActivitiesBefore, deleteActivitiesBeyond } from '../../repositories/activities';

declare module 'fastify' {
  interface FastifyInstance {
    activityRetention: { prune(now?: Date): Promise<number> };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Often enough that the per-address and per-session limits cannot take the log far past its cap between two sweeps. */
const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * Keeps the activity log bounded in age and in size: entries older than ACTIVITY_RETENTION_DAYS
 * (default 90; 0 keeps every age) are deleted, and so is everything beyond the newest
 * ACTIVITY_MAX_ENTRIES (default 10,000,000: the dashboard is built to chart millions), oldest first, so many clients at once cannot fill the
 * disk within the retention period. At start and every 15 minutes.
 */
async function activityRetention(app: FastifyInstance, { config }: { config: Config }) {
  const days = config.activityRetentionDays;
  const prune = async (now = new Date()) => {
    const old = days > 0 ? await deleteActivitiesBefore(app.db, new Date(now.getTime() - days * DAY_MS)) : 0;
    return old + (await deleteActivitiesBeyond(app.db, config.activityMaxEntries));
  };
  app.decorate('activityRetention', { prune });
  every(app, () => prune(), { what: 'activity retention: prune', ms: PRUNE_EVERY_MS, atStart: 'start' });
}

export default fp(activityRetention, { name: 'activity-retention', dependencies: ['database'] });
