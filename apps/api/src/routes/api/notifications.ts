import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/**
 * Messages (members only). GET /api/notifications/new?after=<last-seen id> is the red-dot poll,
 * every 30 s per open tab; the list and the last-seen mark are read when Messages opens.
 */
const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages, newMessageCounts } = app;
  const tags = ['messages'];

  app.route({
    ...fromContract('newNotifications', { tags }),
    handler: async (request) => ({ count: await newMessageCounts.count(request.user.id, request.query.after) }),
  });

  app.route({
    ...fromContract('notifications', { tags, summary: 'My messages, newest first, with the other member resolved and unread ones marked' }),
    handler: async (request) => messages.list(request.user.id, request.query),
  });

  app.route({
    ...fromContract('notificationsSeen', { tags, summary: 'My last-seen mark (null until I first open Messages)' }),
    handler: async (request) => ({ id: await messages.seenMark(request.user.id) }),
  });

  app.route({
    ...fromContract('markNotificationsSeen', { tags, summary: 'Move my last-seen mark forward to one of my messages' }),
    handler: async (request) => ({ id: await messages.markSeen(request.user.id, request.body.id) }),
  });
};

export default notificationRoutes;
