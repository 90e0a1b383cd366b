import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SOCIAL_MESSAGES } from '@vox/contract/schemas';
import { fromContract } from './from-contract';
import { perUserLimit } from './social-limits';

/**
 * POST /api/messages (members only): a direct message between friends. It arrives as a
 * 'message' in the recipient's Messages ({ fromUserId, text }).
 */
const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('sendMessage', {
      tags: ['messages'],
      summary: 'Send a direct message to a friend',
      config: { rateLimit: perUserLimit('messages', 20, SOCIAL_MESSAGES.tooManyMessages) },
    }),
    handler: async (request, reply) => reply.code(201).send(await app.messages.send(request.user.id, request.body.to, request.body.text)),
  });
};

export default messageRoutes;
