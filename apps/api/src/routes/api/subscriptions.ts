import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** GET /api/subscriptions (members only). */
const subscriptionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('subscriptions', { tags: ['membership'], summary: "My subscriptions (expired ones included), or another user's for staff" }),
    handler: async (request) => app.memberships.subscriptions(request.user.id, request.query.user),
  });
};

export default subscriptionsRoutes;
