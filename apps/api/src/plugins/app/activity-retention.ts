import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { deleteActivitiesBefore } from '../../repositories/activities';

declare module 'fastify' {
  interface FastifyInstance {
    activityRetention: { prune(now?: Date): Promise<number> };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Keeps the activity log bounded: entries older than ACTIVITY_RETENTION_DAYS (default 90; 0
 * keeps everything) are deleted at start and every six hours. Each instance prunes; the DELETE
 * is idempotent, so several instances pruning the same table at once do no harm.
 */
async function activityRetention(app: FastifyInstance, { config }: { config: Config }) {
  const days = config.activityRetentionDays;
  const prune = async (now = new Date()) => (days > 0 ? deleteActivitiesBefore(app.db, new Date(now.getTime() - days * DAY_MS)) : 0);
  app.decorate('activityRetention', { prune });
  if (days <= 0) return;
  const run = () => {
    prune().catch((err: unknown) => app.log.warn({ err }, 'activity retention: prune failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(activityRetention, { name: 'activity-retention', dependencies: ['database'] });
