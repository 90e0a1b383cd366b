import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { newId } from '../db/ids';

declare module 'fastify' {
  interface FastifyInstance {
    tokensRepository: TokensRepository;
  }
}

interface StoredRefreshToken {
  tokenHash: string;
  familyId: string;
  userId: string;
  rotatedAt: string | null;
  familyExpiresAt: string;
  familyRevokedAt: string | null;
}

/** Refresh-token families and their rotations; only hashes of token values ever reach this layer. */
function createTokensRepository(db: Db) {
  return {
    /** Starts a family (one sign-in) with its first token. */
    async createFamily(input: { userId: string; tokenHash: string; now: Date; expiresAt: Date }): Promise<string> {
      const familyId = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('token_families')
          .values({
            id: familyId,
            user_id: input.userId,
            created_at: input.now.toISOString(),
            expires_at: input.expiresAt.toISOString(),
            revoked_at: null,
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: input.tokenHash, family_id: familyId, created_at: input.now.toISOString(), rotated_at: null })
          .execute();
      });
      return familyId;
    },

    async find(tokenHash: string): Promise<StoredRefreshToken | undefined> {
      const row = await db
        .selectFrom('refresh_tokens')
        .innerJoin('token_families', 'token_families.id', 'refresh_tokens.family_id')
        .select([
          'refresh_tokens.token_hash',
          'refresh_tokens.family_id',
          'refresh_tokens.rotated_at',
          'token_families.user_id',
          'token_families.expires_at',
          'token_families.revoked_at',
        ])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        tokenHash: row.token_hash,
        familyId: row.family_id,
        userId: row.user_id,
        rotatedAt: row.rotated_at,
        familyExpiresAt: row.expires_at,
        familyRevokedAt: row.revoked_at,
      };
    },

    /**
     * Replaces `oldHash` by `newHash` in its family. Atomic: of two requests racing with the same
     * token only one wins (answers true); the other sees it as already rotated.
     */
    async rotate(input: { familyId: string; oldHash: string; newHash: string; now: Date }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: input.now.toISOString() })
          .where('token_hash', '=', input.oldHash)
          .where('rotated_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: input.newHash, family_id: input.familyId, created_at: input.now.toISOString(), rotated_at: null })
          .execute();
        return true;
      });
    },

    /**
     * A further token chain in an existing, live family: another origin of the deployment taking
     * part in the same sign-in (so ending the family ends it there too). False when the family
     * ended meanwhile.
     */
    async addToFamily(input: { familyId: string; tokenHash: string; now: Date }): Promise<{ userId: string; expiresAt: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const family = await trx
          .selectFrom('token_families')
          .select(['user_id', 'expires_at'])
          .where('id', '=', input.familyId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', input.now.toISOString())
          .executeTakeFirst();
        if (!family) return undefined;
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: input.tokenHash, family_id: input.familyId, created_at: input.now.toISOString(), rotated_at: null })
          .execute();
        return { userId: family.user_id, expiresAt: family.expires_at };
      });
    },

    async createHandoff(input: { codeHash: string; familyId: string; origin: string; stateHash: string; now: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('sign_in_handoffs')
        .values({
          code_hash: input.codeHash,
          family_id: input.familyId,
          origin: input.origin,
          state_hash: input.stateHash,
          created_at: input.now.toISOString(),
          expires_at: input.expiresAt.toISOString(),
          used_at: null,
        })
        .execute();
    },

    /**
     * Uses up a handoff code, atomically: answers its family only for the first use, before it
     * expires, by the origin and state it was given for. Any other try answers undefined (and a
     * wrong origin or state still uses the code up, so a stolen code cannot be tried twice).
     */
    async takeHandoff(input: { codeHash: string; origin: string; stateHash: string; now: Date }): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('sign_in_handoffs')
          .select(['family_id', 'origin', 'state_hash', 'expires_at'])
          .where('code_hash', '=', input.codeHash)
          .executeTakeFirst();
        if (!row) return undefined;
        const used = await trx
          .updateTable('sign_in_handoffs')
          .set({ used_at: input.now.toISOString() })
          .where('code_hash', '=', input.codeHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return undefined;
        if (row.expires_at <= input.now.toISOString() || row.origin !== input.origin || row.state_hash !== input.stateHash) return undefined;
        return row.family_id;
      });
    },

    async revokeFamily(familyId: string, now = new Date()): Promise<void> {
      await db
        .updateTable('token_families')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every session of the user (password reset, account compromise). */
    async revokeAllForUser(userId: string, now = new Date()): Promise<void> {
      await db
        .updateTable('token_families')
        .set({ revoked_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Sessions revoked at or after `since`, oldest first (access tokens of these stop working). */
    async revokedSince(since: Date): Promise<Array<{ id: string; revokedAt: string }>> {
      const rows = await db
        .selectFrom('token_families')
        .select(['id', 'revoked_at'])
        .where('revoked_at', '>=', since.toISOString())
        .orderBy('revoked_at')
        .execute();
      return rows.map((r) => ({ id: r.id, revokedAt: r.revoked_at as string }));
    },

    /** Drops families that ended (revoked or past their lifetime) before `before`; rows cascade. */
    async deleteEnded(before: Date): Promise<void> {
      const cutoff = before.toISOString();
      await db
        .deleteFrom('token_families')
        .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
        .execute();
      await db.deleteFrom('sign_in_handoffs').where('expires_at', '<', cutoff).execute();
    },
  };
}

type TokensRepository = ReturnType<typeof createTokensRepository>;

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('tokensRepository', createTokensRepository(app.db));
  },
  { name: 'tokens-repository', dependencies: ['database'] },
);
