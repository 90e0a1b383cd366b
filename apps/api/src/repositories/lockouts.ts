import fp from 'fastify-plugin';
import { sql } from 'kysely';
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

function createLockoutsRepository(db: Db) {
  return {
    async get(userId: string): Promise<LockoutState> {
      const row = await db.selectFrom('login_lockouts').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row
        ? { failedCount: row.failed_count, lockCount: row.lock_count, lockedUntil: row.locked_until }
        : { failedCount: 0, lockCount: 0, lockedUntil: null };
    },

    /**
     * Reserves one sign-in attempt before the password is compared, in one statement (an upsert
     * with RETURNING), so parallel attempts are counted one by one on either database and across
     * instances sharing it. Answers false while the account is locked (nothing is counted). The
     * attempt that reaches `threshold` (or, after a first lock, any attempt) sets the next lock
     * itself, with `lockUntil[n]` as the end of lock number n+1; the caller clears the row when
     * the password was right.
     */
    async reserveAttempt(userId: string, input: { now: Date; threshold: number; lockUntil: string[] }): Promise<boolean> {
      const now = input.now.toISOString();
      const until = sql<string>`case login_lockouts.lock_count ${sql.join(
        input.lockUntil.slice(0, -1).map((at, n) => sql`when ${n} then ${at}`),
        sql` `,
      )} else ${input.lockUntil[input.lockUntil.length - 1]} end`;
      const locks = sql<boolean>`(login_lockouts.lock_count > 0 or login_lockouts.failed_count + 1 >= ${input.threshold})`;
      const row = await db
        .insertInto('login_lockouts')
        .values({ user_id: userId, failed_count: 1, lock_count: 0, locked_until: null })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({
              failed_count: sql<number>`case when ${locks} then 0 else login_lockouts.failed_count + 1 end`,
              lock_count: sql<number>`case when ${locks} then login_lockouts.lock_count + 1 else login_lockouts.lock_count end`,
              locked_until: sql<string | null>`case when ${locks} then ${until} else login_lockouts.locked_until end`,
            })
            .where((eb) => eb.or([eb('login_lockouts.locked_until', 'is', null), eb('login_lockouts.locked_until', '<=', now)])),
        )
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async clear(userId: string): Promise<void> {
      await db.deleteFrom('login_lockouts').where('user_id', '=', userId).execute();
    },
  };
}

type LockoutsRepository = ReturnType<typeof createLockoutsRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('lockoutsRepository', createLockoutsRepository(app.db));
  },
  { name: 'lockouts-repository', dependencies: ['database'] },
);
