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
    handler: async (request, reply) =>
      reply.code(201).send(await app.messages.send(request.user.id, request.body.to, request.body.text, request.body.replyTo)),
  });

  // Conversations, the same messages as threads both sides see.
  const tags = ['messages'];
  app.route({
    ...fromContract('conversations', { tags, summary: 'My conversations, newest first, with unread counts' }),
    handler: async (request) => app.messages.conversations(request.user.id),
  });
  app.route({
    ...fromContract('conversation', { tags, summary: 'One conversation, oldest message first' }),
    handler: async (request) => app.messages.conversation(request.user.id, request.params.userId),
  });
  app.route({
    ...fromContract('markConversationRead', { tags, summary: "Mark the other member's messages read up to one of them" }),
    handler: async (request) => ({ unread: await app.messages.markConversationRead(request.user.id, request.params.userId, request.body.upTo) }),
  });
};

export default messageRoutes;
