import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pingDatabase } from '../../repositories/health';
import { fromContract } from './from-contract';

/** A check that has not answered by then counts as failed: a hung dependency is not ready. */
const CHECK_TIMEOUT_MS = 2000;

async function within(check: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)))]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: liveness, the process answers (restart it when this fails).
 * GET /api/ready: readiness, this instance can serve: the database, Redis (when REDIS_URL is
 * set), the file storage and the job queue answer, and it is not shutting down. 503 otherwise,
 * naming what failed, so a load balancer sends traffic elsewhere until it recovers.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract('health'), handler: async () => ({ status: 'ok' as const }) });

  app.route({
    ...fromContract('ready'),
    handler: async (_request, reply) => {
      const [database, redis, storage, jobs] = await Promise.all([
        within(() => pingDatabase(app.db)),
        app.redis ? within(() => (app.redis as NonNullable<typeof app.redis>).ping()) : Promise.resolve(undefined),
        within(() => app.storage.check()),
        within(() => app.jobs.check()),
      ]);
      const checks = { database, ...(redis ? { redis } : {}), storage, jobs };
      const draining = app.lifecycle.draining;
      const ok = !draining && Object.values(checks).every((c) => c === 'ok');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : draining ? 'shutting down' : 'unavailable', checks });
    },
  });
};

export default healthRoutes;
