import { sql } from 'kysely';
import type { Db } from '../db/database';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * SQL for what a visitor sees before joining (a share link's preview,
 * the demo scenes with their featured reads) and for the newcomer's handle suggestion.
 */

/** A usable (known, not revoked) link: its script's title, who made it, the role it offers. */
async function findLinkPreview(db: Db, linkId: string) {
  return db
    .selectFrom('share_links as l')
    .innerJoin('reading_sessions as r', 'r.id', 'l.session_id')
    .innerJoin('scripts as s', 's.id', 'r.script_id')
    .leftJoin('users as u', (join) => join.on(sql<boolean>`u.id = coalesce(l.created_by, r.created_by)`))
    .select(['s.title', 'l.role_name as role', 'u.name as inviterName', 'u.handle as inviterHandle'])
    .where('l.id', '=', linkId)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
}

/** The public scenes of the account with this handle (the demo scenes), by title, with their featured read's session. */
export async function listDemoScenes(db: Db, ownerHandle: string) {
  const scripts = await db
    .selectFrom('scripts as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .leftJoin('featured_reads as f', 'f.script_id', 's.id')
    .select(['s.id', 's.title', 's.synopsis', 'f.session_id as featuredSession'])
    .where(sql<string>`lower(u.handle)`, '=', ownerHandle.toLowerCase())
    .where('s.visibility', '=', 'public')
    .orderBy('s.title')
    .orderBy('s.id')
    .execute();
  if (scripts.length === 0) return [];
  const ids = scripts.map((s) => s.id);
  const [roles, counts] = await Promise.all([
    db.selectFrom('script_roles').select(['script_id', 'name']).where('script_id', 'in', ids).orderBy('script_id').orderBy('position').execute(),
    db.selectFrom('script_lines').select(['script_id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('script_id', 'in', ids).groupBy('script_id').execute(),
  ]);
  return scripts.map((s) => ({
    ...s,
    roles: roles.filter((r) => r.script_id === s.id).map((r) => r.name),
    lineCount: Number(counts.find((c) => c.script_id === s.id)?.n ?? 0),
  }));
}

/** A public script of the account with this handle (a demo scene): its title and lines in order; undefined otherwise. */
async function findDemoScene(db: Db, ownerHandle: string, scriptId: string) {
  const script = await db
    .selectFrom('scripts as s')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .select(['s.id', 's.title'])
    .where('s.id', '=', scriptId)
    .where(sql<string>`lower(u.handle)`, '=', ownerHandle.toLowerCase())
    .where('s.visibility', '=', 'public')
    .executeTakeFirst();
  if (!script) return undefined;
  const lines = await db
    .selectFrom('script_lines')
    .select(['kind', 'role_name as role', 'parenthetical', 'text'])
    .where('script_id', '=', scriptId)
    .orderBy('position')
    .execute();
  return { ...script, lines };
}

/** The script's lines in order, each with the session's picked take (if any) and its reader. */
export async function readLines(db: Db, scriptId: string, sessionId: string) {
  return db
    .selectFrom('script_lines as l')
    .leftJoin('takes as t', (join) => join.onRef('t.line_id', '=', 'l.id').on('t.session_id', '=', sessionId).on('t.picked', '=', 1))
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select(['l.role_name as role', 'l.text', 'l.kind', 't.audio_id as audioId', 't.duration_ms as durationMs', 'u.name as readerName', 'u.handle as readerHandle'])
    .where('l.script_id', '=', scriptId)
    .orderBy('l.position')
    .execute();
}

/** Features a session's read on the front door for its script (one per script; the newest choice wins). */
export async function featureRead(db: Db, scriptId: string, sessionId: string, now = new Date()) {
  await db
    .insertInto('featured_reads')
    .values({ script_id: scriptId, session_id: sessionId, featured_at: now.toISOString() })
    .onConflict((oc) => oc.column('script_id').doUpdateSet({ session_id: sessionId, featured_at: now.toISOString() }))
    .execute();
}

async function unfeatureRead(db: Db, scriptId: string) {
  await db.deleteFrom('featured_reads').where('script_id', '=', scriptId).execute();
}

/** Which of these handles are taken, in any case (lower-cased). */
async function takenHandles(db: Db, handles: string[]): Promise<Set<string>> {
  if (handles.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(handle)`.as('h'))
    .where(sql<string>`lower(handle)`, 'in', handles.map((h) => h.toLowerCase()))
    .execute();
  return new Set(rows.map((r) => r.h));
}

declare module 'fastify' {
  interface FastifyInstance {
    firstHourRepository: FirstHourRepository;
  }
}

// The admin CLI's demo commands (seed-demo, feature-read): the system account, its scenes and their reads.

/** The account holding a handle (any case), with what would make it a member's own. */
export async function accountByHandle(db: Db, handle: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'login_id', 'password_hash', 'ms_oid'])
    .where((eb) => eb(eb.fn('lower', ['handle']), '=', handle))
    .executeTakeFirst();
}

export async function setBio(db: Db, userId: string, bio: string): Promise<void> {
  await db.updateTable('users').set({ bio }).where('id', '=', userId).execute();
}

/** An owner's scripts by title. */
export async function scriptTitles(db: Db, ownerId: string) {
  return db.selectFrom('scripts').select(['id', 'title']).where('owner_id', '=', ownerId).execute();
}

/** A reading session with its script and the script owner's handle (what featuring it checks). */
export async function sessionWithScript(db: Db, sessionId: string) {
  return db
    .selectFrom('reading_sessions as r')
    .innerJoin('scripts as s', 's.id', 'r.script_id')
    .innerJoin('users as u', 'u.id', 's.owner_id')
    .select(['r.script_id as scriptId', 's.title', 's.visibility', 'u.handle'])
    .where('r.id', '=', sessionId)
    .executeTakeFirst();
}

/** Whether a picked take of the session was recorded on an earlier text of its line. */
export async function hasStalePick(db: Db, sessionId: string): Promise<boolean> {
  const stale = await db.selectFrom('takes').select('id').where('session_id', '=', sessionId).where('picked', '=', 1).where('recorded_text', 'is not', null).executeTakeFirst();
  return Boolean(stale);
}

export async function sessionCreator(db: Db, sessionId: string): Promise<string | null | undefined> {
  return (await db.selectFrom('reading_sessions').select('created_by').where('id', '=', sessionId).executeTakeFirst())?.created_by;
}

/** The stored recordings of a session's takes. */
export async function sessionAudioIds(db: Db, sessionId: string): Promise<string[]> {
  return (await db.selectFrom('takes').select('audio_id').where('session_id', '=', sessionId).execute()).map((t) => t.audio_id);
}

/** Deletes a reading session (its takes, roles and links go with it). */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('reading_sessions').where('id', '=', sessionId).execute();
}

const queries = { findLinkPreview, listDemoScenes, findDemoScene, readLines, featureRead, unfeatureRead, takenHandles };
type FirstHourRepository = Repository<typeof queries>;

export default repositoryPlugin('firstHourRepository', 'first-hour-repository', queries);
