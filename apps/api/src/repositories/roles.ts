import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    rolesRepository: RolesRepository;
  }
}

interface RoleWithPrivileges {
  name: string;
  privileges: string[];
}

export function createRolesRepository(db: Db) {
  return {
    async list(): Promise<RoleWithPrivileges[]> {
      const [roles, grants] = await Promise.all([
        db.selectFrom('roles').select('name').orderBy('name').execute(),
        db.selectFrom('role_privileges').select(['role', 'privilege']).orderBy('privilege').execute(),
      ]);
      return roles.map(({ name }) => ({
        name,
        privileges: grants.filter((g) => g.role === name).map((g) => g.privilege),
      }));
    },

    async exists(name: string): Promise<boolean> {
      const row = await db.selectFrom('roles').select('name').where('name', '=', name).executeTakeFirst();
      return row !== undefined;
    },

    /** role name -> its privileges, for the given roles (unknown names map to []). */
    async privilegesOf(roles: string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>(roles.map((r) => [r, []]));
      if (roles.length === 0) return result;
      const rows = await db
        .selectFrom('role_privileges')
        .select(['role', 'privilege'])
        .where('role', 'in', [...new Set(roles)])
        .orderBy('privilege')
        .execute();
      for (const row of rows) result.get(row.role)?.push(row.privilege);
      return result;
    },

    /**
     * Each user's effective privileges: their own role's plus those of every
     * subscription that has not expired at `now`. Sorted, without duplicates.
     */
    async effectivePrivileges(userIds: string[], now = new Date()): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return result;
      const ids = [...new Set(userIds)];
      const rows = await db
        .selectFrom('users')
        .innerJoin('role_privileges', 'role_privileges.role', 'users.role')
        .select(['users.id as user_id', 'role_privileges.privilege'])
        .where('users.id', 'in', ids)
        .union(
          db
            .selectFrom('subscriptions')
            .innerJoin('role_privileges', 'role_privileges.role', 'subscriptions.role')
            .select(['subscriptions.user_id as user_id', 'role_privileges.privilege'])
            .where('subscriptions.user_id', 'in', ids)
            .where('subscriptions.expires_at', '>', now.toISOString()),
        )
        .execute();
      for (const row of rows) result.get(row.user_id)?.push(row.privilege);
      for (const [id, privileges] of result) result.set(id, [...new Set(privileges)].sort());
      return result;
    },

    /** The user's own role plus the roles of their subscriptions that have not expired. */
    async effectiveRoles(userId: string, now = new Date()): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('role')
        .where('id', '=', userId)
        .union(
          db
            .selectFrom('subscriptions')
            .select('role')
            .where('user_id', '=', userId)
            .where('expires_at', '>', now.toISOString()),
        )
        .execute();
      return [...new Set(rows.map((r) => r.role))];
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('rolesRepository', createRolesRepository(app.db));
  },
  { name: 'roles-repository', dependencies: ['database'] },
);
