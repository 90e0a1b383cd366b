import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** The creator of a reading session removes people from it (members only). */
const sessionPeopleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('removeParticipant', { summary: 'Remove a participant from a reading session (its creator)' }),
    handler: async (request, reply) => {
      await app.sessionPeople.remove(request.user.id, request.params.sessionId, request.params.userId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...fromContract('removeLinkJoiners', { summary: 'Remove everyone who joined by a revoked share link (the session’s creator)' }),
    handler: async (request) => ({ removed: await app.sessionPeople.removeLinkJoiners(request.user.id, request.params.linkId) }),
  });
};

export default sessionPeopleRoutes;
