import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DirectMessageBody,
  DirectMessageResult,
  ErrorBody,
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  displayName,
  socialTexts,
} from '@vox/contract/schemas';
import { HttpError } from '../../plugins/app/error-handler';
import { areFriends } from '../../repositories/friendships';
import { createNotification } from '../../repositories/notifications';
import { findUserById } from '../../repositories/profiles';
import { perUserLimit } from './social-limits';

/**
 * POST /api/messages: a direct message between friends. It arrives as a 'message' in the
 * recipient's Messages ({ fromUserId, text }); the sender keeps no copy. Only friends can write
 * to each other, and an unknown member reads the same as a stranger, so ids reveal nothing.
 */
const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      preHandler: app.authenticate,
      config: { rateLimit: perUserLimit('messages', 20, SOCIAL_MESSAGES.tooManyMessages) },
      schema: {
        tags: ['messages'],
        summary: 'Send a direct message to a friend',
        body: DirectMessageBody,
        response: { 201: DirectMessageResult, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const from = request.userId as string;
      const { to } = request.body;
      const body = request.body.text.trim();
      if (!body) throw new HttpError(400, SOCIAL_MESSAGES.messageEmpty);
      if (body.length > SOCIAL_LIMITS.message) throw new HttpError(400, SOCIAL_MESSAGES.messageTooLong);
      if (to === from) throw new HttpError(400, SOCIAL_MESSAGES.messageToYourself);
      const recipient = await findUserById(app.db, to);
      if (!recipient || !(await areFriends(app.db, from, to))) throw new HttpError(403, SOCIAL_MESSAGES.messageOnlyFriends);
      const id = await createNotification(app.db, { userId: to, type: 'message', payload: { fromUserId: from, text: body } });
      return reply.code(201).send({ id, message: socialTexts.messageSent(displayName(recipient)) });
    },
  );
};

export default messageRoutes;
