import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_MESSAGES, MESSAGES } from '@vox/contract/schemas';
import { AUTH_ATTEMPT_LIMIT } from '../../../plugins/external/rate-limit';
import { fromContract } from '../from-contract';

/** The reset flow of the auth modal: email -> code -> new password. */
const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { rateLimit: AUTH_ATTEMPT_LIMIT };

  app.route({
    ...fromContract('passwordCode', { tags: ['users'], summary: 'Mail a 6-digit reset code (same answer whether or not the account exists)', config }),
    handler: async (request) => {
      await app.passwordReset.requestCode(request.body.username);
      return { message: AUTH_MESSAGES.codeSent };
    },
  });

  app.route({
    ...fromContract('passwordVerify', { tags: ['users'], summary: 'Check a reset code without using it up', config }),
    handler: async (request) => {
      await app.passwordReset.verifyCode(request.body.username, request.body.code);
      return { message: AUTH_MESSAGES.codeValid };
    },
  });

  app.route({
    ...fromContract('passwordReset', { tags: ['users'], summary: 'Set a new password with a reset code; ends every session of the account', config }),
    handler: async (request) => {
      await app.passwordReset.resetPassword(request.body.username, request.body.code, request.body.password);
      return { message: MESSAGES.resetDone };
    },
  });
};

export default passwordRoutes;
