import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CASTING_LIMITS, CASTING_MESSAGES } from '@vox/contract/schemas';
import { fromContract } from './from-contract';
import { perUserLimit } from './social-limits';

const tags = ['casting'];

/**
 * Posting, editing, closing and reopening: one group per member (counters in Redis share it across
 * the four routes; the in-memory store of a single instance counts each route on its own).
 */
const writeLimit = { rateLimit: perUserLimit('casting-writes', CASTING_LIMITS.writesPerMinute, CASTING_MESSAGES.tooManyRequests) };

/** The board and a call's page, open to anyone (a signed-in caller also sees friends-only calls). */
export const castingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('castingCalls', { tags, summary: 'The board: open calls I may see, newest first, filtered and searched, a page at a time' }),
    handler: async (request) => app.casting.board(request.userId, request.query),
  });

  app.route({
    ...fromContract('castingCall', { tags, summary: "One call: the script's title and synopsis, the roles with their sides, the deadline" }),
    handler: async (request) => app.casting.get(request.userId, request.params.callId),
  });

  app.route({
    ...fromContract('castingCallByLink', { tags, summary: "A call by its link (a link-only call's address)" }),
    handler: async (request) => app.casting.getByLink(request.userId, request.params.linkId),
  });
};

/** Posting and managing my calls (members-only scope). */
export const memberCastingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('createCastingCall', { tags, summary: 'Post a call from one of my scripts, within my open-calls limit', config: writeLimit }),
    handler: async (request, reply) => reply.code(201).send(await app.casting.create(request.user.id, request.body)),
  });

  app.route({
    ...fromContract('updateCastingCall', { tags, summary: 'Change my open call', config: writeLimit }),
    handler: async (request) => app.casting.update(request.user.id, request.params.callId, request.body),
  });

  app.route({
    ...fromContract('closeCastingCall', { tags, summary: 'Close my call early', config: writeLimit }),
    handler: async (request) => app.casting.close(request.user.id, request.params.callId),
  });

  app.route({
    ...fromContract('reopenCastingCall', { tags, summary: 'Reopen my call before its deadline, within my open-calls limit', config: writeLimit }),
    handler: async (request) => app.casting.reopen(request.user.id, request.params.callId),
  });

  app.route({
    ...fromContract('myCastingCalls', { tags, summary: 'My calls, open and closed, newest first' }),
    handler: async (request) => app.casting.mine(request.user.id, request.query.page ?? 1),
  });

  app.route({
    ...fromContract('castingLimits', { tags, summary: 'How many open calls I have and may have' }),
    handler: async (request) => app.casting.limits(request.user.id),
  });
};
