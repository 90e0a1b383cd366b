import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route of the members-only scope. */
    membersOnly?: boolean;
  }
}
import { UnauthorizedError } from '../../domain-errors';
import { MESSAGE_LOGIN_REQUIRED } from '../../plugins/app/authentication';

/** The scope's one login check: anonymous callers get 401 "Please log in." before any handler. */
async function requireSignedIn(request: FastifyRequest): Promise<void> {
  if (!request.userId) throw new UnauthorizedError(MESSAGE_LOGIN_REQUIRED);
}

/**
 * The members-only scope: an encapsulated plugin whose routes all require a signed-in caller,
 * as fastify/demo's `routes/api/autohooks.ts` gates its folder. Handlers inside read
 * `request.user.id` (a string) with no check or cast of their own. The check is a preHandler
 * hook, where the per-route check it replaced ran: a malformed or oversized request is still
 * answered for what it is (400, 413) whoever sends it (test/bad-input.test.ts holds every route
 * to that), and it runs before a route's own preHandlers, so a per-member rate limit never
 * counts an anonymous request.
 */
export function membersOnly(register: (scope: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return async function membersOnlyScope(scope) {
    scope.addHook('preHandler', requireSignedIn);
    // Said on each route too (`request.routeOptions.config.membersOnly`), so tests and the
    // OpenAPI document can tell the two kinds apart.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, membersOnly: true };
    });
    await register(scope);
  };
}
