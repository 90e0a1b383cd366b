import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from '../from-contract';

/**
 * Whether the caller's session still lives (the members-only scope answers 401 when it does not,
 * e.g. after signing out on another site of the deployment; revoked sessions are known in
 * memory), and what the member may do now: one indexed read of their role and running
 * subscriptions, the same as any privilege-gated route makes. An open tab asks every
 * SESSION_CHECK_MS and renews its session when the privileges differ from its user's, so a
 * membership bought or ended anywhere reaches every open tab within that time.
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('sessionCheck', { tags: ['users'], summary: "The member's privileges now, while the session of the access token lives" }),
    handler: async (request, reply) => {
      const { id } = request.user;
      const privileges = (await app.rolesRepository.effectivePrivileges([id])).get(id) ?? [];
      return reply.header('cache-control', 'no-store').send({ privileges });
    },
  });
};

export default sessionRoutes;
