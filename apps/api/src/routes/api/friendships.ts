import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SOCIAL_MESSAGES } from '@vox/contract/schemas';
import { fromContract } from './from-contract';
import { perUserLimit } from './social-limits';

/** Friends (members only): my friends (the product's GET /api/friendships/) and friend requests. */
const friendshipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { friendships } = app;
  const tags = ['friends'];

  app.route({
    ...fromContract('friendships', { tags, summary: 'My friends, each as { user }' }),
    handler: async (request) => friendships.list(request.user.id),
  });

  app.route({
    ...fromContract('friendRequests', { tags, summary: 'Open friend requests to me and from me' }),
    handler: async (request) => friendships.requests(request.user.id),
  });

  app.route({
    ...fromContract('sendFriendRequest', {
      tags,
      summary: 'Ask a member (by handle or email, or by id) to be friends; accepts their request if they asked first',
      config: { rateLimit: perUserLimit('friend-requests', 30, SOCIAL_MESSAGES.tooManyRequests) },
    }),
    handler: async (request) => friendships.request(request.user.id, request.body),
  });

  app.route({
    ...fromContract('acceptFriendRequest', { tags, summary: 'Accept the request this member sent me' }),
    handler: async (request) => ({ message: await friendships.accept(request.user.id, request.params.userId) }),
  });

  app.route({
    ...fromContract('declineFriendRequest', { tags, summary: 'Decline the request this member sent me' }),
    handler: async (request) => ({ message: await friendships.decline(request.user.id, request.params.userId) }),
  });

  app.route({
    ...fromContract('cancelFriendRequest', { tags, summary: 'Cancel the request I sent this member' }),
    handler: async (request) => ({ message: await friendships.cancel(request.user.id, request.params.userId) }),
  });

  app.route({
    ...fromContract('removeFriend', { tags, summary: 'Remove this member from my friends' }),
    handler: async (request) => ({ message: await friendships.remove(request.user.id, request.params.userId) }),
  });
};

export default friendshipRoutes;
