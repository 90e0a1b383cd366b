import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AUTH_MESSAGES, Credentials, ErrorBody, MicrosoftSignInBody, SignInResult } from '@vox/contract/schemas';
import { AUTH_ATTEMPT_LIMIT } from '../../../plugins/external/rate-limit';
import { HttpError } from '../../../plugins/app/error-handler';

/** Password and Microsoft sign-in, token refresh and sign-out. */
const signInRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/authenticate',
    {
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Sign in with an email or User ID and a password',
        body: Credentials,
        response: { 200: SignInResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await app.accounts.verifyCredentials(request.body.username, request.body.password);
      // One text for unknown user, wrong password and locked account: nothing to learn from it.
      if (!user) throw new HttpError(401, AUTH_MESSAGES.wrongCredentials);
      return app.authSessions.start(request, reply, user);
    },
  );

  app.post(
    '/authenticate/microsoft',
    {
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Sign in with a Microsoft ID token (from MSAL)',
        body: MicrosoftSignInBody,
        response: { 200: SignInResult, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const identity = await app.microsoft.verifyIdToken(request.body.idToken);
      const user = await app.accounts.microsoftAccount(identity);
      return app.authSessions.start(request, reply, user);
    },
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags: ['users'],
        summary: 'New access token from the refresh cookie (rotates the cookie)',
        response: { 200: SignInResult, 401: ErrorBody },
      },
    },
    async (request, reply) => app.authSessions.refresh(request, reply),
  );

  app.post(
    '/signOut',
    {
      schema: {
        tags: ['users'],
        summary: 'End the session of the refresh cookie',
        response: { 204: Type.Null({ description: 'Signed out' }) },
      },
    },
    async (request, reply) => {
      await app.authSessions.end(request, reply);
      return reply.code(204).send(null);
    },
  );
};

export default signInRoutes;
