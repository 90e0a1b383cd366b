import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, type Privilege } from '@vox/contract/schemas';
import { ForbiddenError, UnauthorizedError } from '../../domain-errors';
import { MESSAGE_LOGIN_REQUIRED } from './authentication';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler factory for privileged routes (`preHandler: app.requirePrivilege('draft')`):
     * 401 for anonymous callers, 403 when the caller's effective privileges lack `privilege`.
     */
    requirePrivilege: (privilege: Privilege) => (request: FastifyRequest) => Promise<void>;
    /** True when the user's own role or a running subscription is `role` (e.g. 'staff'). */
    hasRole: (userId: string, role: string) => Promise<boolean>;
  }
}

/**
 * Privileges are checked on the server for every privileged route (the UI only hides). They are
 * read per request rather than carried in the access token, so a subscription that expires or
 * a role an admin revokes takes effect at once.
 */
async function authorization(app: FastifyInstance) {
  const { rolesRepository } = app;

  app.decorate('requirePrivilege', (privilege: Privilege) => async (request: FastifyRequest) => {
    if (!request.userId) throw new UnauthorizedError(MESSAGE_LOGIN_REQUIRED);
    const privileges = (await rolesRepository.effectivePrivileges([request.userId])).get(request.userId) ?? [];
    if (!privileges.includes(privilege)) throw new ForbiddenError(AUTH_MESSAGES.missingPrivilege);
  });

  app.decorate('hasRole', async (userId: string, role: string) => (await rolesRepository.effectiveRoles(userId)).includes(role));
}

export default fp(authorization, { name: 'authorization', dependencies: ['authentication', 'roles-repository'] });
