import { sql } from 'kysely';
import { type HistoryEntry, type Participant, type SessionDetail } from '@vox/contract/schemas';
import type { Db, Dialect } from '../db/database';
import { newId } from '../db/ids';
import { isUniqueViolation } from './db-errors';
import { peopleById, unknownPerson } from './people';
import { loadScript } from './scripts';
import { listTakes } from './takes';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** Starts a reading session of a script with its creator as the first participant. */
export async function createSession(db: Db, scriptId: string, userId: string): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  const insert = async (trx: Db) => {
    await trx.insertInto('reading_sessions').values({ id, script_id: scriptId, created_by: userId, created_at: now }).execute();
    await trx.insertInto('session_participants').values({ session_id: id, user_id: userId, role_name: null, joined_at: now, joined_via: null }).execute();
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
async function openCurrentSession(db: Db, dialect: Dialect, scriptId: string, userId: string): Promise<string> {
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

/** The session and the caller's seat in it; undefined unless the user takes part. */
export async function findParticipation(db: Db, sessionId: string, userId: string) {
  return db
    .selectFrom('session_participants as p')
    .innerJoin('reading_sessions as r', 'r.id', 'p.session_id')
    .select(['r.id', 'r.script_id as scriptId', 'r.created_by as createdBy', 'r.created_at as createdAt', 'p.role_name as role', 'p.joined_at as joinedAt'])
    .where('p.session_id', '=', sessionId)
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
}
export type Participation = NonNullable<Awaited<ReturnType<typeof findParticipation>>>;

/** True when `role` is one of the session's script's roles and nobody holds it in the session. */
async function roleIsFree(db: Db, sessionId: string, role: string): Promise<boolean> {
  const row = await db
    .selectFrom('reading_sessions as r')
    .innerJoin('script_roles as sr', 'sr.script_id', 'r.script_id')
    .select('sr.name')
    .where('r.id', '=', sessionId)
    .where('sr.name', '=', role)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('session_participants as p').select('p.user_id').where('p.session_id', '=', sessionId).where('p.role_name', '=', role),
        ),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds the user to a session. The offered role (a share link's) is taken when it is one of the
 * script's roles and free; otherwise the user joins without one. Joining again changes
 * nothing, except that a participant without a role takes a free offered one.
 */
async function joinSession(db: Db, sessionId: string, userId: string, roleName: string | null, viaLink: string | null = null): Promise<void> {
  const upsert = (role: string | null) =>
    db
      .insertInto('session_participants')
      .values({ session_id: sessionId, user_id: userId, role_name: role, joined_at: new Date().toISOString(), joined_via: viaLink })
      .onConflict((oc) =>
        oc.columns(['session_id', 'user_id']).doUpdateSet((eb) => ({
          role_name: eb.fn.coalesce('session_participants.role_name', 'excluded.role_name'),
        })),
      )
      .execute();
  const offered = roleName && (await roleIsFree(db, sessionId, roleName)) ? roleName : null;
  try {
    await upsert(offered);
  } catch (err) {
    // Someone took the role between the check and the write: join without it.
    if (!offered || !isUniqueViolation(err)) throw err;
    await upsert(null);
  }
}

/**
 * Seats the user in `role` (one of the script's roles; the caller checks that), or gives the
 * seat up with null. Answers false, changing nothing, when another participant reads the role.
 */
async function claimRole(db: Db, sessionId: string, userId: string, role: string | null): Promise<boolean> {
  const seat = () =>
    db.updateTable('session_participants').set({ role_name: role }).where('session_id', '=', sessionId).where('user_id', '=', userId).execute();
  if (role === null) {
    await seat();
    return true;
  }
  const holder = await db
    .selectFrom('session_participants')
    .select('user_id')
    .where('session_id', '=', sessionId)
    .where('role_name', '=', role)
    .executeTakeFirst();
  if (holder && holder.user_id !== userId) return false;
  try {
    await seat();
    return true;
  } catch (err) {
    // The unique (session, role) index caught a claim that raced this one.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export async function listParticipants(db: Db, sessionId: string) {
  return db
    .selectFrom('session_participants')
    .select(['user_id', 'role_name', 'joined_at'])
    .where('session_id', '=', sessionId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

/**
 * Removes a participant from a session (their takes stay with the lines, as
 * when a role is given up). Answers whether they were one.
 */
export async function removeParticipant(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const res = await db.deleteFrom('session_participants').where('session_id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Removes everyone who joined the session by `linkId` except `keep` (the session's creator); answers how many. */
export async function removeLinkJoiners(db: Db, sessionId: string, linkId: string, keep: string | null): Promise<number> {
  const res = await db
    .deleteFrom('session_participants')
    .where('session_id', '=', sessionId)
    .where('joined_via', '=', linkId)
    .$if(keep !== null, (qb) => qb.where('user_id', '!=', keep as string))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

async function toParticipants(db: Db, rows: Awaited<ReturnType<typeof listParticipants>>): Promise<Participant[]> {
  const people = await peopleById(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({ user: people.get(r.user_id) ?? unknownPerson(r.user_id), role: r.role_name, joinedAt: r.joined_at }));
}

/**
 * Everything the reader view needs, for a participant (the caller checks participation);
 * undefined when the script went meanwhile.
 */
async function loadSessionDetail(db: Db, participation: Participation, userId: string): Promise<SessionDetail | undefined> {
  const [script, participants, takes] = await Promise.all([
    loadScript(db, participation.scriptId, userId),
    listParticipants(db, participation.id).then((rows) => toParticipants(db, rows)),
    listTakes(db, participation.id),
  ]);
  if (!script) return undefined;
  return {
    id: participation.id,
    createdAt: participation.createdAt,
    createdBy: participation.createdBy,
    script,
    participants,
    me: { userId, role: participation.role },
    takes,
  };
}

// --- history ---

/**
 * GET /api/history: the sessions the user takes part in, most recent activity first. Activity
 * is the later of their joining and the newest take anyone recorded in the session (ISO times
 * compare as text; CASE instead of max(a, b), which PostgreSQL spells greatest()).
 */
async function listHistory(db: Db, userId: string, page: number, pageSize: number): Promise<{ items: HistoryEntry[]; total: number }> {
  const lastTake = sql<string | null>`(select max(t.created_at) from takes t where t.session_id = p.session_id)`;
  const base = db.selectFrom('session_participants as p').where('p.user_id', '=', userId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('reading_sessions as r', 'r.id', 'p.session_id')
      .innerJoin('scripts as s', 's.id', 'r.script_id')
      .select(['p.session_id', 'p.role_name', 'p.joined_at', 's.id as script_id', 's.title', 's.cover'])
      .select((eb) => [
        sql<string>`case when ${lastTake} > p.joined_at then ${lastTake} else p.joined_at end`.as('last_activity'),
        eb
          .selectFrom('script_lines as l')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('l.script_id', '=', 'r.script_id')
          .where('l.retired_at', 'is', null)
          .where('l.kind', '=', 'dialogue')
          .whereRef('l.role_name', '=', 'p.role_name')
          .as('my_lines'),
        eb
          .selectFrom('script_lines as l')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('l.script_id', '=', 'r.script_id')
          .where('l.retired_at', 'is', null)
          .where('l.kind', '=', 'dialogue')
          .whereRef('l.role_name', '=', 'p.role_name')
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('takes as mine')
                .select('mine.id')
                .whereRef('mine.session_id', '=', 'p.session_id')
                .whereRef('mine.line_id', '=', 'l.id')
                .where('mine.user_id', '=', userId),
            ),
          )
          .as('recorded_lines'),
        eb
          .selectFrom('session_participants as others')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('others.session_id', '=', 'p.session_id')
          .as('participant_count'),
      ])
      .orderBy('last_activity', 'desc')
      .orderBy('p.session_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    total: Number(total),
    items: rows.map((row) => ({
      sessionId: row.session_id,
      script: { id: row.script_id, title: row.title, cover: row.cover },
      role: row.role_name,
      joinedAt: row.joined_at,
      lastActivityAt: row.last_activity,
      myLines: Number(row.my_lines ?? 0),
      recordedLines: Number(row.recorded_lines ?? 0),
      participantCount: Number(row.participant_count ?? 1),
    })),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionsRepository: SessionsRepository;
  }
}

const queries = {
  openCurrentSession,
  findParticipation,
  joinSession,
  claimRole,
  loadSessionDetail,
  listHistory,
};
type SessionsRepository = Repository<typeof queries>;

export default repositoryPlugin('sessionsRepository', 'sessions-repository', queries);
