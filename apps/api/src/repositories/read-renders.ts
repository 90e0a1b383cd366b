import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ReadRendersTable } from '../db/schema';
import { repositoryPlugin, type Repository } from './repository-plugin';

export type RenderRow = Selectable<ReadRendersTable>;

/** How long a render may sit queued or rendering before another of its kind may start. */
const RUNNING_FOR_MS = 30 * 60_000;

const findRender = (db: Db, id: string) => db.selectFrom('read_renders').selectAll().where('id', '=', id).executeTakeFirst();

async function updateRender(db: Db, id: string, changes: Partial<RenderRow>): Promise<void> {
  await db.updateTable('read_renders').set(changes).where('id', '=', id).execute();
}

async function insertRender(db: Db, row: RenderRow): Promise<void> {
  await db.insertInto('read_renders').values(row).execute();
}

/** The member's render of this kind for the session that is still queued or running (recently). */
function findRunningRender(db: Db, row: Pick<RenderRow, 'session_id' | 'kind' | 'requested_by'>) {
  return db
    .selectFrom('read_renders')
    .select('id')
    .where('session_id', '=', row.session_id)
    .where('kind', '=', row.kind)
    .where('requested_by', '=', row.requested_by)
    .where('state', 'in', ['queued', 'rendering'])
    .where('created_at', '>', new Date(Date.now() - RUNNING_FOR_MS).toISOString())
    .executeTakeFirst();
}

/** A session's newest renders (at most `limit`). */
function listSessionRenders(db: Db, sessionId: string, limit = 20) {
  return db.selectFrom('read_renders').selectAll().where('session_id', '=', sessionId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

const findRenderByShareToken = (db: Db, token: string) => db.selectFrom('read_renders').selectAll().where('share_token', '=', token).executeTakeFirst();

/** The title of the script a session reads (null when the session is gone). */
async function sessionScriptTitle(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('reading_sessions as r').innerJoin('scripts as s', 's.id', 'r.script_id').select('s.title').where('r.id', '=', sessionId).executeTakeFirst();
  return row?.title ?? null;
}

const findSessionScriptId = (db: Db, sessionId: string) => db.selectFrom('reading_sessions').select(['id', 'script_id']).where('id', '=', sessionId).executeTakeFirst();

/** The picked take of each line of a session: what a render reads. */
const pickedTakes = (db: Db, sessionId: string) =>
  db.selectFrom('takes').select(['line_id', 'audio_id', 'user_id']).where('session_id', '=', sessionId).where('picked', '=', 1).execute();

declare module 'fastify' {
  interface FastifyInstance {
    readRendersRepository: ReadRendersRepository;
  }
}

const queries = { findRender, updateRender, insertRender, findRunningRender, listSessionRenders, findRenderByShareToken, sessionScriptTitle, findSessionScriptId, pickedTakes };
type ReadRendersRepository = Repository<typeof queries>;

export default repositoryPlugin('readRendersRepository', 'read-renders-repository', queries);
