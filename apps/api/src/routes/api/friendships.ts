import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  FriendRequestBody,
  FriendRequestResult,
  FriendRequests,
  FriendshipList,
  MessageBody,
  SOCIAL_MESSAGES,
  UserIdParams,
  displayName,
  socialTexts,
} from '@vox/contract/schemas';
import { HttpError } from '../../plugins/app/error-handler';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  listFriendRequests,
  listFriends,
  removeFriend,
  sendFriendRequest,
} from '../../repositories/friendships';
import { findByHandleOrEmail, findUserById, toPerson } from '../../repositories/profiles';
import { perUserLimit } from './social-limits';

/**
 * /api/friendships: my friends (the seed's GET /api/friendships/) and friend requests. Every route
 * acts for the signed-in member only: a request that is not addressed to me (accept, decline) or
 * not mine (cancel) is "not found", whoever else it may concern.
 */
const friendshipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const me = (request: { userId: string | null }) => request.userId as string;
  const tags = ['friends'];

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'My friends, each as { user }', response: { 200: FriendshipList, 401: ErrorBody } },
    },
    async (request) => {
      const rows = await listFriends(app.db, me(request));
      // Users look the same everywhere in the API (effective privileges included).
      const friends = await app.usersRepository.toPublicUsers(rows);
      return friends.map((user) => ({ user }));
    },
  );

  app.get(
    '/requests',
    {
      preHandler: app.authenticate,
      schema: { tags, summary: 'Open friend requests to me and from me', response: { 200: FriendRequests, 401: ErrorBody } },
    },
    async (request) => {
      const { incoming, outgoing } = await listFriendRequests(app.db, me(request));
      const shape = (r: (typeof incoming)[number]) => ({ user: toPerson(r.user), createdAt: r.createdAt });
      return { incoming: incoming.map(shape), outgoing: outgoing.map(shape) };
    },
  );

  app.post(
    '/requests',
    {
      preHandler: app.authenticate,
      config: { rateLimit: perUserLimit('friend-requests', 30, SOCIAL_MESSAGES.tooManyRequests) },
      schema: {
        tags,
        summary: 'Ask a member (by handle or email, or by id) to be friends; accepts their request if they asked first',
        body: FriendRequestBody,
        response: { 200: FriendRequestResult, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { to = '', userId } = request.body;
      if (!userId && !to.trim()) throw new HttpError(400, SOCIAL_MESSAGES.requestTargetMissing);
      const target = userId ? await findUserById(app.db, userId) : await findByHandleOrEmail(app.db, to);
      if (!target) throw new HttpError(404, SOCIAL_MESSAGES.memberNotFound);
      if (target.id === me(request)) throw new HttpError(400, SOCIAL_MESSAGES.requestToYourself);
      const outcome = await sendFriendRequest(app.db, me(request), target.id);
      if (outcome === 'already_friends') throw new HttpError(409, SOCIAL_MESSAGES.alreadyFriends);
      if (outcome === 'already_requested') throw new HttpError(409, SOCIAL_MESSAGES.alreadyRequested);
      const name = displayName(target);
      return {
        status: outcome,
        message: outcome === 'accepted' ? socialTexts.becameFriends(name) : socialTexts.requestSent(name),
        user: toPerson(target),
      };
    },
  );

  const requestAction = (summary: string) => ({
    preHandler: app.authenticate,
    schema: { tags, summary, params: UserIdParams, response: { 200: MessageBody, 401: ErrorBody, 404: ErrorBody } },
  });

  app.post('/requests/:userId/accept', requestAction('Accept the request this member sent me'), async (request) => {
    if (!(await acceptFriendRequest(app.db, me(request), request.params.userId))) throw new HttpError(404, SOCIAL_MESSAGES.requestNotFound);
    return { message: SOCIAL_MESSAGES.requestAccepted };
  });

  app.post('/requests/:userId/decline', requestAction('Decline the request this member sent me'), async (request) => {
    if (!(await declineFriendRequest(app.db, me(request), request.params.userId))) throw new HttpError(404, SOCIAL_MESSAGES.requestNotFound);
    return { message: SOCIAL_MESSAGES.requestDeclined };
  });

  app.delete('/requests/:userId', requestAction('Cancel the request I sent this member'), async (request) => {
    if (!(await cancelFriendRequest(app.db, me(request), request.params.userId))) throw new HttpError(404, SOCIAL_MESSAGES.requestNotFound);
    return { message: SOCIAL_MESSAGES.requestCancelled };
  });

  app.delete('/:userId', requestAction('Remove this member from my friends'), async (request) => {
    if (!(await removeFriend(app.db, me(request), request.params.userId))) throw new HttpError(404, SOCIAL_MESSAGES.friendNotFound);
    return { message: SOCIAL_MESSAGES.friendRemoved };
  });
};

export default friendshipRoutes;
