import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, LinkParams, MESSAGES, SCRIPT_MESSAGES, ShareLinkSession, ShareLinkSessionParams } from '@vox/contract/schemas';
import { joinSession } from '../../repositories/sessions';
import { findActiveShareLink, findShareLink, revokeShareLink } from '../../repositories/share-links';

const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * /s/{linkId}: the link's session, joining the caller to it in the link's role when that
   * role is free (otherwise without a role). Unknown and revoked links read the same.
   */
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

  /** Revokes a link: its creator or the session's creator may. Revoking twice is fine. */
  app.delete(
    '/:linkId',
    {
      preHandler: app.authenticate,
      schema: { params: LinkParams, response: { 204: Type.Null(), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const link = await findShareLink(app.db, request.params.linkId);
      if (!link) return reply.code(404).send({ message: SCRIPT_MESSAGES.shareLinkNotFound });
      if (link.created_by !== userId && link.session_created_by !== userId) {
        return reply.code(403).send({ message: SCRIPT_MESSAGES.notLinkOwner });
      }
      await revokeShareLink(app.db, link.id);
      return reply.code(204).send(null);
    },
  );
};

export default shareLinkRoutes;
