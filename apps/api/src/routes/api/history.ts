import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** GET /api/history (members only): the sessions I take part in, most recent activity first, with my progress. */
const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('history'),
    handler: async (request) => app.readingSessions.history(request.user.id, request.query),
  });
};

export default historyRoutes;
