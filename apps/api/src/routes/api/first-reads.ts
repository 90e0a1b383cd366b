import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/** The caller's headers each read goes with: who asks, what it accepts, and where from. */
const FORWARDED = ['authorization', 'host', 'x-forwarded-for', 'x-forwarded-proto'] as const;

/**
 * GET /api/first-reads (issue 19): the reads an app page's inline first script sends once the
 * start-up refresh has ended (apps/shell/src/early-script.js), in one request instead of one each.
 * Over HTTP/1.1 a signed-in /scripts sent four at once (the header's three and the list), which
 * held four of the six connections the shell's scripts were waiting for.
 *
 * Each read runs as its own GET through the whole app (light-my-request), with the caller's
 * Authorization, host and address: the same routes, checks, rate limits and answers as if the
 * browser had sent it, and no more than the caller may read. Only GETs under /api/ (this route
 * excepted: the contract's pattern) and no path that climbs out of it.
 */
const firstReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('firstReads', { tags: ['ops'], summary: "An app page's first reads, in one answer" }),
    handler: async (request) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const reads = await Promise.all(
        request.query.url.map(async (url) => {
          if (url.split('?')[0].split('/').some((segment) => segment === '..' || segment === '.')) {
            return { url, status: 400, body: { message: `Not a read: ${url}` } };
          }
          const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
          const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
          return { url, status: answer.statusCode, body: json ? (answer.json() as unknown) : null };
        }),
      );
      return { reads };
    },
  });
};

export default firstReadRoutes;
