import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, FriendshipList } from '@vox/contract/schemas';
import { listFriends } from '../../repositories/friendships';

/** GET /api/friendships/: my accepted friends, each as `{ user }` (the seed's Friendship). */
const friendshipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: FriendshipList, 401: ErrorBody } },
    },
    async (request) => {
      const rows = await listFriends(app.db, request.userId as string);
      // Users look the same everywhere in the API (effective privileges included).
      const friends = await app.usersRepository.toPublicUsers(rows);
      return friends.map((user) => ({ user }));
    },
  );
};

export default friendshipRoutes;
