import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import Redis from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { AUTH_MESSAGES } from '@vox/contract/schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set (readiness pings it), else undefined. */
    redis: Redis | undefined;
  }
}

/** Per-IP limit on the routes that take a password, an email or a code (see AUTH_ATTEMPT_LIMIT). */
export const AUTH_ATTEMPT_LIMIT = { max: 20, timeWindow: '1 minute' } as const;
/**
 * Per-IP limit on the sign-in handoff's steps: a member following links between the sites takes
 * three per link, and a code is 256 random bits (guessing is not what this limit is for).
 */
export const HANDOFF_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

/**
 * Rate limiting, opt-in per route (`config: { rateLimit: AUTH_ATTEMPT_LIMIT }`). Counters live
 * in Redis when REDIS_URL is set so several API instances share them; otherwise in memory.
 */
async function rateLimiting(app: FastifyInstance, { config }: { config: Config }) {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Fail fast instead of queueing commands while Redis is away; the limiter then lets requests
    // through (skipOnError) rather than taking sign-in down with it.
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit store: Redis error'));
    await new Promise<void>((resolve, reject) => {
      redis?.once('ready', resolve);
      redis?.once('error', reject);
    });
    app.addHook('onClose', async () => {
      // quit() refuses while Redis is away (no offline queue); closing must not fail for that.
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  app.decorate('redis', redis);
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisPrefix}rl:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: AUTH_MESSAGES.tooManyAttempts,
    }),
  });
}

export default fp(rateLimiting, { name: 'rate-limit' });
