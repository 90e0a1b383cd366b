import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CreateUserBody, ErrorBody, User } from '@vox/contract/schemas';
import { AUTH_ATTEMPT_LIMIT } from '../../../plugins/external/rate-limit';

const createRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/create',
    {
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Sign up with an email and a password (new accounts are members)',
        body: CreateUserBody,
        response: { 201: User, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await app.accounts.register(request.body.username, request.body.password);
      return reply.code(201).send(await app.usersRepository.toPublicUser(user));
    },
  );
};

export default createRoutes;
