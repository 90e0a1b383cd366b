import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, type Subscription } from '@vox/contract/schemas';
import { ForbiddenError } from '../../domain-errors';

declare module 'fastify' {
  interface FastifyInstance {
    memberships: MembershipsService;
  }
}

export interface MembershipsService {
  /** A member's subscriptions (expired ones included): my own, or anyone's for staff. */
  subscriptions(me: string, userId?: string): Promise<Subscription[]>;
}

async function memberships(app: FastifyInstance) {
  const { rolesRepository, subscriptionsRepository } = app;
  app.decorate('memberships', {
    async subscriptions(me, userId = me) {
      if (userId !== me && !(await app.hasRole(me, 'staff'))) throw new ForbiddenError(AUTH_MESSAGES.othersSubscriptions);
      const rows = await subscriptionsRepository.listForUser(userId);
      const privileges = await rolesRepository.privilegesOf(rows.map((r) => r.role));
      return rows.map((row) => ({ role: { name: row.role, privileges: privileges.get(row.role) ?? [] }, expiry: row.expires_at }));
    },
  } satisfies MembershipsService);
}

export default fp(memberships, { name: 'memberships', dependencies: ['authorization', 'roles-repository', 'subscriptions-repository'] });
