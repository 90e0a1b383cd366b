import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ActivityEntry, ErrorBody, SOCIAL_MESSAGES } from '@vox/contract/schemas';
import { recordActivity } from '../../repositories/activities';

/**
 * POST /api/activities/: the activity log (visits and actions). Anonymous visitors log with a
 * null or empty userId; a signed-in caller may only log as themselves, so the metrics cannot be
 * filled with entries in someone else's name.
 */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      // An entry is a handful of short fields; a small limit keeps this open endpoint cheap.
      bodyLimit: 16 * 1024,
      schema: { body: ActivityEntry, response: { 204: Type.Null(), 403: ErrorBody } },
    },
    async (request, reply) => {
      const { userId } = request.body;
      if (userId && !request.userId) return reply.code(403).send({ message: SOCIAL_MESSAGES.activityNeedsLogin });
      if (userId && userId !== request.userId) return reply.code(403).send({ message: SOCIAL_MESSAGES.activityNotYours });
      await recordActivity(app.db, request.body);
      return reply.code(204).send(null);
    },
  );
};

export default activityRoutes;
