import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HANDOFF_LIMIT } from '../../../plugins/external/rate-limit';
import { BadRequestError } from '../../../domain-errors';
import { fromContract } from '../from-contract';

/** The one answer to a handoff step naming an origin or a return address the deployment does not list. */
export const HANDOFF_REFUSED = 'This sign-in handoff names a site that is not part of this deployment.';

/**
 * The sign-in handoff between the deployment's listed origins when they share no parent domain
 * (docs/deploy.md): like an OpenID Connect front channel with prompt=none. Every answer is a
 * redirect to a listed origin or a path of this host, or a 400: never anywhere else.
 */
const handoffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const handoff = app.signInHandoff;
  const config = { rateLimit: HANDOFF_LIMIT };

  const returnOf = (value: string) => {
    const target = handoff.safeReturn(value);
    if (!target) throw new BadRequestError(HANDOFF_REFUSED);
    return target;
  };
  const listedOrigin = (value: string) => {
    if (!handoff.enabled || !handoff.isListed(value)) throw new BadRequestError(HANDOFF_REFUSED);
    return value.toLowerCase();
  };

  app.route({
    ...fromContract('handoffStart', { tags: ['users'], summary: 'Ask a listed origin that holds the sign-in to hand it over to this one', config }),
    handler: async (request, reply) => {
      const holder = listedOrigin(request.query.from);
      const returnTo = returnOf(request.query.return);
      listedOrigin(handoff.originOf(request));
      reply.header('cache-control', 'no-store');
      // Signed in here already, or asking itself: nothing to hand over.
      if (holder === handoff.originOf(request) || (await app.authSessions.current(request))) return reply.redirect(returnTo, 302);
      return reply.redirect(handoff.begin(request, reply, holder, returnTo), 302);
    },
  });

  app.route({
    ...fromContract('handoffAuthorize', { tags: ['users'], summary: 'Send a listed origin a one-time code for this sign-in (or word that there is none)', config }),
    handler: async (request, reply) => {
      const origin = listedOrigin(request.query.origin);
      const returnTo = returnOf(request.query.return);
      listedOrigin(handoff.originOf(request));
      if (origin === handoff.originOf(request)) throw new BadRequestError(HANDOFF_REFUSED);
      const code = await handoff.issue(request, origin, request.query.state);
      const query = new URLSearchParams({ ...(code && { code }), state: request.query.state, return: returnTo });
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(`${origin}/api/users/handoff/exchange?${query}`, 302);
    },
  });

  app.route({
    ...fromContract('handoffExchange', { tags: ['users'], summary: 'Exchange a one-time handoff code for this host’s own refresh cookie', config }),
    handler: async (request, reply) => {
      listedOrigin(handoff.originOf(request));
      const returnTo = returnOf(request.query.return);
      await handoff.exchange(request, reply, request.query.code, request.query.state);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(returnTo, 302);
    },
  });
};

export default handoffRoutes;
