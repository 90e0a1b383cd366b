import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** Enough for a page that keeps failing on a retry or two; not a channel to fill the log. */
const REPORTS_PER_MINUTE = 10;

/**
 * POST /api/client-errors (open: a signed-out page can fail too): a page that failed to draw in
 * the browser. The server's log is where errors are read, so a member's "This page failed" is
 * there with its stack, the route's id and who saw it; it answers 204 and stores nothing else.
 */
const clientErrorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('reportRenderError', {
      tags: ['ops'],
      summary: 'Report a page that failed to draw in the browser (logged by the server)',
      config: { rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
    }),
    handler: async (request, reply) => {
      const { message, stack, componentStack, route, remote } = request.body;
      request.log.error({ renderError: { message, stack, componentStack, route, remote }, userId: request.userId ?? null }, 'page failed to draw in the browser');
      return reply.code(204).send(null);
    },
  });
};

export default clientErrorRoutes;
