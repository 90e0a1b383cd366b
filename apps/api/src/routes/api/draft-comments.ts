import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/**
 * Comments on lines of a draft. Signed in is enough here: who is in the draft, and the owner's
 * `draft` privilege that covers it, are the drafts service's checks (a stranger gets 404).
 */
const draftCommentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { drafts } = app;
  const tags = ['drafts'];

  app.route({ ...fromContract('draftComments', { tags }), handler: async (request) => drafts.comments(request.user.id, request.params.draftId) });
  app.route({
    ...fromContract('startDraftComment', { tags, summary: 'Comment on lines of the draft' }),
    handler: async (request, reply) => reply.code(201).send(await drafts.startComment(request.user.id, request.params.draftId, request.body)),
  });
  app.route({
    ...fromContract('replyDraftComment', { tags }),
    handler: async (request, reply) =>
      reply.code(201).send(await drafts.reply(request.user.id, request.params.draftId, request.params.threadId, request.body.body)),
  });
  app.route({
    ...fromContract('resolveDraftComment', { tags, summary: 'Resolve or reopen a comment thread' }),
    handler: async (request) => drafts.resolve(request.user.id, request.params.draftId, request.params.threadId, request.body.resolved),
  });
};

export default draftCommentRoutes;
