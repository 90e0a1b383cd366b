import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ATTEMPT_LIMIT } from '../../../plugins/external/rate-limit';
import { fromContract } from '../from-contract';

const createRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('createUser', {
      tags: ['users'],
      summary: 'Sign up with an email and a password (new accounts are members)',
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
    }),
    handler: async (request, reply) => {
      const user = await app.accounts.register(request.body.username, request.body.password);
      return reply.code(201).send(await app.usersRepository.toPublicUser(user));
    },
  });
};

export default createRoutes;
