import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { every } from '../../plugins/app/every';

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
 * every hour.
 */
async function vitalsRetention(app: FastifyInstance, { config }: { config: Config }) {
  const prune = async (now = new Date()) => {
    const rawBefore = new Date(now.getTime() - config.vitalsRetentionDays * DAY_MS).toISOString();
    const dayBefore = new Date(now.getTime() - config.vitalsRollupRetentionDays * DAY_MS).toISOString().slice(0, 10);
    return app.vitalsRepository.deleteVitalsBefore(rawBefore, dayBefore);
  };
  app.decorate('vitalsRetention', { prune });
  every(app, () => prune(), { what: 'vitals retention: prune', ms: PRUNE_EVERY_MS, atStart: 'start' });
}

export default fp(vitalsRetention, { name: 'vitals-retention', dependencies: ['vitals-repository'] });
