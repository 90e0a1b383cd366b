import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { ForbiddenError } from '../../domain-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const FOREIGN_ORIGIN_MESSAGE = 'Requests from this site are not accepted.';

/**
 * Which browser origins may call the API: the request's own, and the deployment's listed sites
 * (SITE_ORIGINS), nothing else. Sibling hosts under one parent domain are the same site to the
 * browser, so SameSite=Lax alone would let any of them send the shared refresh cookie: a
 * state-changing request whose Origin is neither is refused (403), and only listed siblings get
 * CORS answers (with credentials). Requests without an Origin (servers, webhooks, curl) carry no
 * browser's cookies by surprise and pass. `Origin: null` (an opaque origin, or a form posted
 * from a page whose Referrer-Policy is `no-referrer`, the app's default) is refused like any
 * foreign one, on every path: a page of ours that posts a form sets a policy that keeps its
 * origin (the test checkout page, routes/api/membership.ts).
 */
async function siteOrigins(app: FastifyInstance, { config }: { config: Config }) {
  const listed = new Set(config.siteOrigins);
  const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`.toLowerCase();

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin?.toLowerCase();
    if (origin === undefined || !request.url.startsWith('/api')) return;
    const own = origin === ownOrigin(request);
    const sibling = !own && listed.has(origin);
    if (sibling) {
      reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        return reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
          .header('access-control-allow-headers', 'authorization, content-type, idempotency-key')
          .header('access-control-max-age', '600')
          .send();
      }
    }
    if (!own && !sibling && !SAFE_METHODS.has(request.method)) {
      throw new ForbiddenError(FOREIGN_ORIGIN_MESSAGE);
    }
  });
}

export default fp(siteOrigins, { name: 'site-origins', dependencies: ['cookies'] });
