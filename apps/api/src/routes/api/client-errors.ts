import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** Reports one address may send a minute: a page that throws on every render sends one per visit. */
export const RENDER_ERROR_REPORTS_PER_MINUTE = 20;

/**
 * POST /api/client-errors (open to anyone, signed in or not): the shell's error boundary tells the
 * server's log about a page that threw while drawing in a member's browser, so a fault users meet
 * is seen without a bug report. Logged at error level with the path and who saw it; answered with
 * no content. Bounded per address and by its fields' lengths.
 */
const clientErrorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('reportRenderError', { config: { rateLimit: { max: RENDER_ERROR_REPORTS_PER_MINUTE, timeWindow: '1 minute', groupId: 'client-errors' } } }),
    bodyLimit: 64 * 1024,
    handler: async (request, reply) => {
      const { message, stack, componentStack, path } = request.body;
      request.log.error({ renderError: { message, stack, componentStack, path, userId: request.userId, userAgent: request.headers['user-agent'] } }, 'a page failed to draw in the browser');
      return reply.code(204).send(null);
    },
  });
};

export default clientErrorRoutes;
