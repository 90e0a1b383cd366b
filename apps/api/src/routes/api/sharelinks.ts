import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** Share links (members only): joining a session through a link, and revoking one. */
const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** /s/{linkId}: the link's session, joining the caller to it (in the link's role when free). */
  app.route({
    ...fromContract('shareLinkSession'),
    handler: async (request) => app.readingSessions.joinByLink(request.user.id, request.params.linkId),
  });

  app.route({
    ...fromContract('revokeShareLink'),
    handler: async (request, reply) => {
      await app.readingSessions.revokeShareLink(request.user.id, request.params.linkId);
      return reply.code(204).send(null);
    },
  });
};

export default shareLinkRoutes;
