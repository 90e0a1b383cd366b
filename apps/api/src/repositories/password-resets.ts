import fp from 'fastify-plugin';
import { sql, type Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { PasswordResetsTable } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    passwordResetsRepository: PasswordResetsRepository;
  }
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;

function createPasswordResetsRepository(db: Db) {
  return {
    /** The newest code requested for the email, whatever its state. */
    async latest(email: string): Promise<PasswordResetRow | undefined> {
      return db
        .selectFrom('password_resets')
        .selectAll()
        .where('email', '=', email)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Stores a new code and voids every earlier one for the same email, in one transaction. */
    async replace(input: { email: string; userId: string | null; codeHash: string; now: Date; expiresAt: Date }): Promise<void> {
      const now = input.now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_resets')
          .set({ voided_at: now })
          .where('email', '=', input.email)
          .where('voided_at', 'is', null)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_resets')
          .values({
            id: newId(),
            email: input.email,
            user_id: input.userId,
            code_hash: input.codeHash,
            created_at: now,
            expires_at: input.expiresAt.toISOString(),
            failed_attempts: 0,
            used_at: null,
            voided_at: null,
          })
          .execute();
      });
    },

    /**
     * Reserves one try of a live code before it is compared, in one UPDATE … RETURNING: parallel
     * guesses are counted one by one (on PostgreSQL the row lock re-checks the condition), so no
     * more than `max` are ever compared. False when the code is used, voided, expired or out of tries.
     */
    async reserveAttempt(id: string, now: Date, max: number): Promise<boolean> {
      const row = await db
        .updateTable('password_resets')
        .set({ failed_attempts: sql<number>`failed_attempts + 1` })
        .where('id', '=', id)
        .where('failed_attempts', '<', max)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives a reserved try back: only wrong codes count. */
    async refundAttempt(id: string): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ failed_attempts: sql<number>`failed_attempts - 1` })
        .where('id', '=', id)
        .where('failed_attempts', '>', 0)
        .execute();
    },

    /** Wrong codes entered for the email across all its codes created since `since`. */
    async failuresSince(email: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.sum<number | string | null>('failed_attempts').as('total'))
        .where('email', '=', email)
        .where('created_at', '>=', since.toISOString())
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Drops codes created before `before` (they no longer count for any limit). */
    async deleteCreatedBefore(before: Date): Promise<void> {
      await db.deleteFrom('password_resets').where('created_at', '<', before.toISOString()).execute();
    },

    /** Marks the code used; atomic, so a code can be used once even by racing requests. */
    async consume(id: string, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: now.toISOString() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('passwordResetsRepository', createPasswordResetsRepository(app.db));
  },
  { name: 'password-resets-repository', dependencies: ['database'] },
);
