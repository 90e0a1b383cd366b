import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { SOCIAL_MESSAGES, displayName, socialTexts, type FriendRequestResult, type FriendRequests, type Friendship } from '@vox/contract/schemas';
import { BadRequestError, ConflictError, NotFoundError } from '../domain-errors';
import { toPerson } from '../repositories/people';

declare module 'fastify' {
  interface FastifyInstance {
    friendships: FriendshipsService;
  }
}

/**
 * Friends and friend requests, always for the signed-in member `me`. A request that is not
 * addressed to me (accept, decline) or not mine (cancel) is "not found", whoever else it may
 * concern. Rules: plugins/README.md, "Social area".
 */
interface FriendshipsService {
  list(me: string): Promise<Friendship[]>;
  requests(me: string): Promise<FriendRequests>;
  /** Asks a member (by handle or email, or by id); accepts their request when they asked first. */
  request(me: string, target: { to?: string; userId?: string }): Promise<FriendRequestResult>;
  accept(me: string, requesterId: string): Promise<string>;
  decline(me: string, requesterId: string): Promise<string>;
  cancel(me: string, addresseeId: string): Promise<string>;
  remove(me: string, friendId: string): Promise<string>;
}

async function friendships(app: FastifyInstance) {
  const { friendshipsRepository: friendships, profilesRepository: profiles, usersRepository } = app;
  const requestNotFound = () => new NotFoundError(SOCIAL_MESSAGES.requestNotFound);

  app.decorate('friendships', {
    async list(me) {
      // Users look the same everywhere in the API (effective privileges included).
      const friends = await usersRepository.toPublicUsers(await friendships.listFriends(me));
      return friends.map((user) => ({ user }));
    },

    async requests(me) {
      const { incoming, outgoing } = await friendships.listFriendRequests(me);
      const shape = (r: (typeof incoming)[number]) => ({ user: toPerson(r.user), createdAt: r.createdAt });
      return { incoming: incoming.map(shape), outgoing: outgoing.map(shape) };
    },

    async request(me, { to = '', userId }) {
      if (!userId && !to.trim()) throw new BadRequestError(SOCIAL_MESSAGES.requestTargetMissing);
      const target = userId ? await app.usersRepository.findById(userId) : await profiles.findByHandleOrEmail(to);
      if (!target) throw new NotFoundError(SOCIAL_MESSAGES.memberNotFound);
      if (target.id === me) throw new BadRequestError(SOCIAL_MESSAGES.requestToYourself);
      const outcome = await friendships.sendFriendRequest(me, target.id);
      if (outcome === 'already_friends') throw new ConflictError(SOCIAL_MESSAGES.alreadyFriends);
      if (outcome === 'already_requested') throw new ConflictError(SOCIAL_MESSAGES.alreadyRequested);
      const name = displayName(target);
      return {
        status: outcome,
        message: outcome === 'accepted' ? socialTexts.becameFriends(name) : socialTexts.requestSent(name),
        user: toPerson(target),
      };
    },

    async accept(me, requesterId) {
      if (!(await friendships.acceptFriendRequest(me, requesterId))) throw requestNotFound();
      return SOCIAL_MESSAGES.requestAccepted;
    },

    async decline(me, requesterId) {
      if (!(await friendships.declineFriendRequest(me, requesterId))) throw requestNotFound();
      return SOCIAL_MESSAGES.requestDeclined;
    },

    async cancel(me, addresseeId) {
      if (!(await friendships.cancelFriendRequest(me, addresseeId))) throw requestNotFound();
      return SOCIAL_MESSAGES.requestCancelled;
    },

    async remove(me, friendId) {
      if (!(await friendships.removeFriend(me, friendId))) throw new NotFoundError(SOCIAL_MESSAGES.friendNotFound);
      return SOCIAL_MESSAGES.friendRemoved;
    },
  } satisfies FriendshipsService);
}

export default fp(friendships, { name: 'friendships', dependencies: ['friendships-repository', 'profiles-repository', 'users-repository'] });
