import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from '../from-contract';

/**
 * Whether the caller's session still lives (the members-only scope answers 401 when it does not,
 * e.g. after signing out on another site of the deployment): a few bytes an open tab asks for
 * every few seconds, with no database read (revoked sessions are known in memory).
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('sessionCheck', { tags: ['users'], summary: 'No content while the session of the access token lives' }),
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').code(204).send(null),
  });
};

export default sessionRoutes;
