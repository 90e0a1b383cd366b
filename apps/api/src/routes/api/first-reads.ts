import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allEndpoints, firstReadParam, type FirstReadName, type FirstReadsQuery } from '@vox/contract/schemas';
import { fromContract } from './from-contract';

/** The caller's headers each read goes with: who asks, what it accepts, and where from. */
const FORWARDED = ['authorization', 'host', 'x-forwarded-for', 'x-forwarded-proto'] as const;

/**
 * The URL of one named read: its endpoint's path from the contract and the query the request gave
 * it (already checked against that endpoint's schema), in the order given, encoded as
 * @vox/api-client encodes the page's own call, so the first script can match the two.
 */
function urlOf(name: FirstReadName, query: FirstReadsQuery): string {
  const params = new URLSearchParams();
  const prefix = firstReadParam(name, '');
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith(prefix) && value !== undefined && value !== null) params.append(key.slice(prefix.length), String(value));
  }
  const search = params.toString();
  return `${allEndpoints[name].path}${search ? `?${search}` : ''}`;
}

/**
 * GET /api/first-reads: the reads an app page's inline first script sends once the start-up
 * refresh has ended (apps/shell/src/early-script.js), in one request instead of one each. Over
 * HTTP/1.1 a signed-in /scripts sent four at once (the header's three and the list), which held
 * four of the six connections the shell's scripts were waiting for; and the access token they need
 * comes from that refresh, so the server cannot write them into the page with the HTML.
 *
 * The request names its reads by endpoint (the contract's `firstReadQueries`), each at most once,
 * with that endpoint's typed query; no URL is taken from it, so nothing else can run here and
 * nothing nests. Each read runs as its own GET through the whole app (light-my-request) with the
 * caller's Authorization, host and address: the same routes, checks, rate limits and answers as if
 * the browser had sent it, and no more than the caller may read.
 */
const firstReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('firstReads', { tags: ['ops'], summary: "An app page's first reads, in one answer" }),
    handler: async (request) => {
      const query = request.query as FirstReadsQuery;
      const headers: Record<string, string> = { accept: 'application/json' };
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const reads = await Promise.all(
        query.read.map(async (read) => {
          const url = urlOf(read, query);
          const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
          const json = String(answer.headers['content-type'] ?? '').startsWith('application/json');
          return { read, url, status: answer.statusCode, body: json ? (answer.json() as unknown) : null };
        }),
      );
      return { reads };
    },
  });
};

export default firstReadRoutes;
