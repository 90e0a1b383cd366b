import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AUTH_MESSAGES, ErrorBody, MESSAGES, MessageBody, PasswordCodeBody, PasswordResetBody, PasswordVerifyBody } from '@vox/contract/schemas';
import { AUTH_ATTEMPT_LIMIT } from '../../../plugins/external/rate-limit';

/** The reset flow of the auth modal: email -> code -> new password. */
const passwordRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const errors = { 400: ErrorBody, 429: ErrorBody };

  app.post(
    '/password/code',
    {
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Mail a 6-digit reset code (same answer whether or not the account exists)',
        body: PasswordCodeBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await app.passwordReset.requestCode(request.body.username);
      return { message: AUTH_MESSAGES.codeSent };
    },
  );

  app.post(
    '/password/verify',
    {
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Check a reset code without using it up',
        body: PasswordVerifyBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await app.passwordReset.verifyCode(request.body.username, request.body.code);
      return { message: AUTH_MESSAGES.codeValid };
    },
  );

  app.post(
    '/password/reset',
    {
      config: { rateLimit: AUTH_ATTEMPT_LIMIT },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset code; ends every session of the account',
        body: PasswordResetBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await app.passwordReset.resetPassword(request.body.username, request.body.code, request.body.password);
      return { message: MESSAGES.resetDone };
    },
  );
};

export default passwordRoutes;
