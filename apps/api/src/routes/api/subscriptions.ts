import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AUTH_MESSAGES, ErrorBody, SubscriptionList, SubscriptionsQuery } from '@vox/contract/schemas';
import { HttpError } from '../../plugins/app/error-handler';

const subscriptionsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['membership'],
        summary: "My subscriptions (expired ones included), or another user's for staff",
        security: [{ bearer: [] }],
        querystring: SubscriptionsQuery,
        response: { 200: SubscriptionList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = request.userId as string;
      const userId = request.query.user ?? me;
      if (userId !== me && !(await app.hasRole(me, 'staff'))) throw new HttpError(403, AUTH_MESSAGES.othersSubscriptions);
      const rows = await app.subscriptionsRepository.listForUser(userId);
      const privileges = await app.rolesRepository.privilegesOf(rows.map((r) => r.role));
      return rows.map((row) => ({
        role: { name: row.role, privileges: privileges.get(row.role) ?? [] },
        expiry: row.expires_at,
      }));
    },
  );
};

export default subscriptionsRoutes;
