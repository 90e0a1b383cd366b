import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, SOCIAL_MESSAGES, ScriptSession, ScriptSessionParams } from '@vox/contract/schemas';
import { findReadableScript } from '../../repositories/scripts';
import { openCurrentSession } from '../../repositories/sessions';

const scriptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** /script/{scriptId} resolves here to my current reading session of the script. */
  app.get(
    '/:scriptId/session',
    {
      preHandler: app.authenticate,
      schema: { params: ScriptSessionParams, response: { 200: ScriptSession, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request, reply) => {
      const userId = request.userId as string;
      const script = await findReadableScript(app.db, request.params.scriptId, userId);
      // The same answer for "does not exist" and "not yours to read": private scripts stay unseen.
      if (!script) return reply.code(404).send({ message: SOCIAL_MESSAGES.scriptNotFound });
      return { id: await openCurrentSession(app.db, app.dbDialect, script.id, userId) };
    },
  );
};

export default scriptRoutes;
