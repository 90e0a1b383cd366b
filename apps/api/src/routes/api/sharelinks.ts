import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, MESSAGES, ShareLinkSession, ShareLinkSessionParams } from '@vox/contract/schemas';
import { joinSession } from '../../repositories/sessions';
import { findActiveShareLink } from '../../repositories/share-links';

const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** /s/{linkId}: the link's session, joining the caller to it (in the link's role, if any). */
  app.get(
    '/:linkId/session',
    {
      preHandler: app.authenticate,
      schema: { params: ShareLinkSessionParams, response: { 200: ShareLinkSession, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const link = await findActiveShareLink(app.db, request.params.linkId);
      if (!link) return reply.code(404).send({ message: MESSAGES.invalidLink });
      await joinSession(app.db, link.sessionId, request.userId as string, link.roleName);
      return { id: link.sessionId, scriptId: link.scriptId };
    },
  );
};

export default shareLinkRoutes;
