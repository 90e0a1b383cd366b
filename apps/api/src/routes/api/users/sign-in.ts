import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_MESSAGES } from '@vox/contract/schemas';
import { AUTH_ATTEMPT_LIMIT } from '../../../plugins/external/rate-limit';
import { UnauthorizedError } from '../../../domain-errors';
import { fromContract } from '../from-contract';

/** Password and Microsoft sign-in, token refresh and sign-out. */
const signInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('authenticate', { tags: ['users'], summary: 'Sign in with an email or User ID and a password', config: { rateLimit: AUTH_ATTEMPT_LIMIT } }),
    handler: async (request, reply) => {
      const user = await app.accounts.verifyCredentials(request.body.username, request.body.password);
      // One text for unknown user, wrong password and locked account: nothing to learn from it.
      if (!user) throw new UnauthorizedError(AUTH_MESSAGES.wrongCredentials);
      return app.authSessions.start(request, reply, user);
    },
  });

  app.route({
    ...fromContract('authenticateMicrosoft', {
      tags: ['users'],
      summary: 'Sign in with a Microsoft ID token (from MSAL)',
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
    }),
    handler: async (request, reply) => {
      const identity = await app.microsoft.verifyIdToken(request.body.idToken);
      const user = await app.accounts.microsoftAccount(identity);
      return app.authSessions.start(request, reply, user);
    },
  });

  app.route({
    ...fromContract('refreshToken', { tags: ['users'], summary: 'New access token from the refresh cookie (rotates the cookie)' }),
    // 204 when no refresh cookie came: every logged-out page load starts with this call, and a
    // 401 would show as an error in the browser's console on each of them.
    handler: async (request, reply) => (await app.authSessions.refresh(request, reply)) ?? reply.code(204).send(null),
  });

  app.route({
    ...fromContract('signOut', { tags: ['users'], summary: 'End the session of the refresh cookie' }),
    handler: async (request, reply) => {
      await app.authSessions.end(request, reply);
      return reply.code(204).send(null);
    },
  });
};

export default signInRoutes;
