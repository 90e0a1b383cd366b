import type { Db, Dialect } from '../db/database';
import { newId } from '../db/ids';

/** Starts a reading session of a script with its creator as the first participant. */
export async function createSession(db: Db, scriptId: string, userId: string): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const insert = async (trx: Db) => {
    await trx.insertInto('reading_sessions').values({ id, script_id: scriptId, created_by: userId, created_at: now }).execute();
    await trx.insertInto('session_participants').values({ session_id: id, user_id: userId, role_name: null, joined_at: now }).execute();
  };
  // Kysely has no nested transactions: join the caller's one when there is one.
  await (db.isTransaction ? insert(db) : db.transaction().execute(insert));
  return id;
}

/**
 * The user's current session of a script (the one they joined last), started if there is none.
 * Two tabs opening /script/{id} at once must land in the same session: on PostgreSQL the
 * script row is locked for the transaction; SQLite runs one transaction at a time anyway
 * (Kysely's SQLite driver holds its single connection for the whole transaction).
 */
export async function openCurrentSession(db: Db, dialect: Dialect, scriptId: string, userId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx.selectFrom('scripts').select('id').where('id', '=', scriptId).forUpdate().execute();
    }
    const current = await trx
      .selectFrom('session_participants as p')
      .innerJoin('reading_sessions as r', 'r.id', 'p.session_id')
      .select('r.id')
      .where('p.user_id', '=', userId)
      .where('r.script_id', '=', scriptId)
      .orderBy('p.joined_at', 'desc')
      .orderBy('r.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return current?.id ?? createSession(trx, scriptId, userId);
  });
}

/**
 * Adds the user to a session; joining again changes nothing, except that a participant without
 * a role takes the offered one (a role link sent after they joined still seats them).
 */
export async function joinSession(db: Db, sessionId: string, userId: string, roleName: string | null): Promise<void> {
  await db
    .insertInto('session_participants')
    .values({ session_id: sessionId, user_id: userId, role_name: roleName, joined_at: new Date().toISOString() })
    .onConflict((oc) =>
      oc.columns(['session_id', 'user_id']).doUpdateSet((eb) => ({
        role_name: eb.fn.coalesce('session_participants.role_name', 'excluded.role_name'),
      })),
    )
    .execute();
}

export async function listParticipants(db: Db, sessionId: string) {
  return db
    .selectFrom('session_participants')
    .select(['user_id', 'role_name', 'joined_at'])
    .where('session_id', '=', sessionId)
    .orderBy('joined_at')
    .execute();
}
