import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../domain-errors';
import { ACTIVITY_LIMITS, ACTIVITY_MESSAGES } from '../../services/activities/activity-log';
import { fromContract } from './from-contract';

const tooMany = (_request: FastifyRequest, context: { statusCode: number }) => ({ statusCode: context.statusCode, message: ACTIVITY_MESSAGES.tooMany });

/**
 * POST /api/activities/ (open to anonymous visitors): the activity log (visits and actions). The
 * route is open to anyone, so it is bounded: entries per address and per activity session here,
 * a small context in the service, and a retention period (services/activities/activity-retention.ts).
 */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A session id spread over many addresses is still one session. Counted after parsing, by a
  // limiter of its own (the plugin runs one limiter hook per request: this one is called here).
  const countSession = app.createRateLimit({
    max: ACTIVITY_LIMITS.perSession,
    timeWindow: '1 minute',
    keyGenerator: (request) => `activity-session:${(request.body as { session?: string } | undefined)?.session ?? request.ip}`,
  });
  const perSession = async (request: FastifyRequest) => {
    const limit = await countSession(request);
    if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequestsError(ACTIVITY_MESSAGES.tooMany, limit.ttlInSeconds);
  };
  app.route({
    ...fromContract('postActivity', {
      config: { rateLimit: { max: ACTIVITY_LIMITS.perAddress, timeWindow: '1 minute', groupId: 'activities-address', errorResponseBuilder: tooMany } },
    }),
    // An entry is a handful of short fields; a small limit keeps this open endpoint cheap.
    bodyLimit: 16 * 1024,
    preHandler: perSession,
    handler: async (request, reply) => {
      await app.activityLog.record(request.userId, request.body, request.hostname);
      return reply.code(204).send(null);
    },
  });
};

export default activityRoutes;
