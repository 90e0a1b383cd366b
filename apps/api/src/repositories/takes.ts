import type { Selectable } from 'kysely';
import type { Take } from '@vox/contract/schemas';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { TakesTable } from '../db/schema';
import { isUniqueViolation } from './db-errors';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Recorded takes of a session's lines. Several per line; at most one per (session, line) is
 * the pick that playback uses: the newest take becomes it, a reader can pick another of their
 * own, and deleting the pick hands it to the newest take left.
 */

export type TakeRow = Selectable<TakesTable>;

export function toTake(row: TakeRow): Take {
  return {
    id: row.id,
    lineId: row.line_id,
    userId: row.user_id,
    clientId: row.client_id,
    audio: row.audio_id,
    contentType: row.content_type,
    byteSize: Number(row.byte_size),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    picked: Number(row.picked) === 1,
    createdAt: row.created_at,
    // The line's text changed since this take was recorded.
    ...(row.recorded_text !== null && row.recorded_text !== undefined && { recordedOnText: row.recorded_text }),
  };
}

/** Every take of a session, in recording order. */
export async function listTakes(db: Db, sessionId: string): Promise<Take[]> {
  const rows = await db.selectFrom('takes').selectAll().where('session_id', '=', sessionId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toTake);
}

async function findTake(db: Db, sessionId: string, takeId: string): Promise<TakeRow | undefined> {
  return db.selectFrom('takes').selectAll().where('session_id', '=', sessionId).where('id', '=', takeId).executeTakeFirst();
}

/** The take this browser recording (clientId) already became, if it arrived before. */
async function findTakeByClientId(db: Db, sessionId: string, userId: string, clientId: string): Promise<TakeRow | undefined> {
  return db
    .selectFrom('takes')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

interface NewTake {
  sessionId: string;
  lineId: string;
  userId: string;
  clientId: string;
  audio: { id: string; contentType: string; byteSize: number };
  durationMs: number | null;
}

/**
 * Stores a take (and its recording's metadata) as the line's new pick, in one transaction.
 * Answers `created: false` with the existing take when the same recording (session, user,
 * clientId) arrived first, e.g. in a retry racing the original upload.
 */
export async function addTake(db: Db, take: NewTake): Promise<{ take: TakeRow; created: boolean }> {
  const row: TakeRow = {
    id: newId(),
    session_id: take.sessionId,
    line_id: take.lineId,
    user_id: take.userId,
    client_id: take.clientId,
    audio_id: take.audio.id,
    content_type: take.audio.contentType,
    byte_size: take.audio.byteSize,
    duration_ms: take.durationMs,
    picked: 1,
    created_at: new Date().toISOString(),
    recorded_text: null,
  };
  // Two attempts: a concurrent upload of another take of the same line can win the line's
  // one pick (unique index) between our reset and insert; the second try sees its take.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('audio_files')
          .values({ id: take.audio.id, content_type: take.audio.contentType, byte_size: take.audio.byteSize, created_at: row.created_at })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await trx
          .updateTable('takes')
          .set({ picked: 0 })
          .where('session_id', '=', take.sessionId)
          .where('line_id', '=', take.lineId)
          .where('picked', '=', 1)
          .execute();
        await trx.insertInto('takes').values(row).execute();
      });
      return { take: row, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const existing = await findTakeByClientId(db, take.sessionId, take.userId, take.clientId);
      if (existing) return { take: existing, created: false };
      if (attempt >= 2) throw err;
    }
  }
}

/** Makes the take its line's pick (and no other take of the line in the session). */
async function pickTake(db: Db, take: TakeRow): Promise<TakeRow> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('takes')
      .set({ picked: 0 })
      .where('session_id', '=', take.session_id)
      .where('line_id', '=', take.line_id)
      .where('picked', '=', 1)
      .where('id', '!=', take.id)
      .execute();
    await trx.updateTable('takes').set({ picked: 1 }).where('id', '=', take.id).execute();
  });
  return { ...take, picked: 1 };
}

/** Deletes a take; when it was the pick, the newest take left on the line becomes the pick. */
async function deleteTake(db: Db, take: TakeRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('takes').where('id', '=', take.id).execute();
    if (Number(take.picked) !== 1) return;
    const newest = await trx
      .selectFrom('takes')
      .select('id')
      .where('session_id', '=', take.session_id)
      .where('line_id', '=', take.line_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest) await trx.updateTable('takes').set({ picked: 1 }).where('id', '=', newest.id).execute();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    takesRepository: TakesRepository;
  }
}

const queries = {
  listTakes,
  findTake,
  findTakeByClientId,
  addTake,
  pickTake,
  deleteTake,
};
type TakesRepository = Repository<typeof queries>;

export default repositoryPlugin('takesRepository', 'takes-repository', queries);
