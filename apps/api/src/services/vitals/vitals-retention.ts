import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    vitalsRetention: { prune(now?: Date): Promise<number> };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps the vitals bounded in age: raw beacon rows older than VITALS_RETENTION_DAYS (default 30)
 * and rollup days older than VITALS_ROLLUP_RETENTION_DAYS (default 400) are deleted, at start and
 * every hour (the activity log's pattern, activity-retention.ts). The DELETEs are idempotent, so
 * several instances pruning at once do no harm.
 */
async function vitalsRetention(app: FastifyInstance, { config }: { config: Config }) {
  const prune = async (now = new Date()) => {
    const rawBefore = new Date(now.getTime() - config.vitalsRetentionDays * DAY_MS).toISOString();
    const dayBefore = new Date(now.getTime() - config.vitalsRollupRetentionDays * DAY_MS).toISOString().slice(0, 10);
    return app.vitalsRepository.deleteVitalsBefore(rawBefore, dayBefore);
  };
  app.decorate('vitalsRetention', { prune });
  const run = () => {
    prune().catch((err: unknown) => app.log.warn({ err }, 'vitals retention: prune failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, PRUNE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(vitalsRetention, { name: 'vitals-retention', dependencies: ['vitals-repository'] });
