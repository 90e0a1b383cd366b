import fp from 'fastify-plugin';
import type { Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { SubscriptionsTable } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionsRepository: SubscriptionsRepository;
  }
}

type SubscriptionRow = Selectable<SubscriptionsTable>;

export function createSubscriptionsRepository(db: Db) {
  return {
    /** Every subscription of the user, expired ones included (the /subscription page shows them), newest expiry first. */
    async listForUser(userId: string): Promise<SubscriptionRow[]> {
      return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('expires_at', 'desc').execute();
    },

    async listActive(userIds: string[], now = new Date()): Promise<SubscriptionRow[]> {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', 'in', userIds)
        .where('expires_at', '>', now.toISOString())
        .orderBy('expires_at')
        .execute();
    },

    async create(input: { userId: string; role: string; expiresAt: Date; source: string }): Promise<SubscriptionRow> {
      const row: SubscriptionRow = {
        id: newId(),
        user_id: input.userId,
        role: input.role,
        expires_at: input.expiresAt.toISOString(),
        created_at: new Date().toISOString(),
        source: input.source,
        plan_id: null,
        checkout_id: null,
        provider_subscription_id: null,
        started_at: new Date().toISOString(),
        reminded_at: null,
        cancel_at_period_end: 0,
      };
      await db.insertInto('subscriptions').values(row).execute();
      return row;
    },

    /** Ends the user's running subscriptions (of one role, or all) now; history stays. Answers how many. */
    async endActive(userId: string, role: string | undefined, now = new Date()): Promise<number> {
      let query = db
        .updateTable('subscriptions')
        .set({ expires_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('expires_at', '>', now.toISOString());
      if (role) query = query.where('role', '=', role);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('subscriptionsRepository', createSubscriptionsRepository(app.db));
  },
  { name: 'subscriptions-repository', dependencies: ['database'] },
);
