import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    lockoutsRepository: LockoutsRepository;
  }
}

export interface LockoutState {
  failedCount: number;
  lockCount: number;
  lockedUntil: string | null;
}

export function createLockoutsRepository(db: Db) {
  return {
    async get(userId: string): Promise<LockoutState> {
      const row = await db.selectFrom('login_lockouts').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row
        ? { failedCount: row.failed_count, lockCount: row.lock_count, lockedUntil: row.locked_until }
        : { failedCount: 0, lockCount: 0, lockedUntil: null };
    },

    async save(userId: string, state: LockoutState): Promise<void> {
      const values = { failed_count: state.failedCount, lock_count: state.lockCount, locked_until: state.lockedUntil };
      await db
        .insertInto('login_lockouts')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    async clear(userId: string): Promise<void> {
      await db.deleteFrom('login_lockouts').where('user_id', '=', userId).execute();
    },
  };
}

export type LockoutsRepository = ReturnType<typeof createLockoutsRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('lockoutsRepository', createLockoutsRepository(app.db));
  },
  { name: 'lockouts-repository', dependencies: ['database'] },
);
