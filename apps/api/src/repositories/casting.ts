import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { CastingCallsTable, CastingRolesTable, Database } from '../db/schema';
import { newId } from '../db/ids';
import { isPairOf } from './friendships';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Casting calls and their roles: SQL only. A call is open while its stored status is open and
 * its deadline is ahead (`now` is passed in, so a passed deadline closes a call on every read
 * without a timer). The board's full-text search reads `search_text`: PostgreSQL through the
 * generated `search` tsvector, SQLite through casting_calls_fts (migration 200's triggers).
 */

export type CastingCallRow = CastingCallsTable;
type CastingRoleRow = CastingRolesTable;
export type NewCastingRole = Omit<Insertable<CastingRolesTable>, 'id' | 'call_id' | 'position' | 'cast_member_id' | 'cast_audition_id' | 'cast_at'>;

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

type WithCalls = Database & { c: CastingCallsTable };

/** Open: stored open and the deadline not yet passed. */
function isOpen(eb: ExpressionBuilder<WithCalls, 'c'>, now: string) {
  return eb.and([eb('c.status', '=', 'open'), eb('c.deadline', '>', now)]);
}

/** Who may find the call on the board: public to all, friends-only to the owner and the owner's friends; link-only never. */
function listedFor(eb: ExpressionBuilder<WithCalls, 'c'>, viewerId: string | null) {
  if (!viewerId) return eb('c.visibility', '=', 'public');
  return eb.or([
    eb('c.visibility', '=', 'public'),
    eb.and([
      eb('c.visibility', '=', 'friends'),
      eb.or([
        eb('c.owner_id', '=', viewerId),
        eb.exists(
          eb
            .selectFrom('friendships as f')
            .select('f.status')
            .where('f.status', '=', 'accepted')
            .where((w) => isPairOf(w, w.ref('c.owner_id'), viewerId)),
        ),
      ]),
    ]),
  ]);
}

/** The script, when it is `ownerId`'s. */
async function findOwnScript(db: Db, scriptId: string, ownerId: string) {
  return db
    .selectFrom('scripts')
    .select(['id', 'title', 'synopsis', 'genre', 'language'])
    .where('id', '=', scriptId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** The scripts of these calls, for the call pages. */
async function scriptsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; title: string; synopsis: string; genre: string; language: string }>();
  const rows = await db.selectFrom('scripts').select(['id', 'title', 'synopsis', 'genre', 'language']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The script's role names and its current dialogue lines, in script order. */
async function scriptCastingMaterial(db: Db, scriptId: string) {
  const [roles, lines] = await Promise.all([
    db.selectFrom('script_roles').select('name').where('script_id', '=', scriptId).orderBy('position').execute(),
    db
      .selectFrom('script_lines')
      .select(['id', 'role_name', 'position'])
      .where('script_id', '=', scriptId)
      .where('kind', '=', 'dialogue')
      .where('retired_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return { roleNames: roles.map((r) => r.name), lines };
}

/** The text of these lines (a role's sides), by id. */
async function linesByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; parenthetical: string | null; text: string }>();
  const rows = await db.selectFrom('script_lines').select(['id', 'parenthetical', 'text']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** How many open calls the member has. */
async function countOpenCalls(db: Db, ownerId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('casting_calls as c')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('c.owner_id', '=', ownerId)
    .where((eb) => isOpen(eb, now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Runs `write` when the member has fewer than `max` open calls, counted in the same transaction
 * after locking the member's row (PostgreSQL; SQLite runs one transaction at a time), so two
 * posts at once cannot both pass the count. False when the limit is reached.
 */
async function withinOpenLimit(db: Db, ownerId: string, max: number, now: string, write: (trx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', ownerId).forNoKeyUpdate().execute();
    if ((await countOpenCalls(trx, ownerId, now)) >= max) return false;
    await write(trx);
    return true;
  });
}

async function insertRoles(trx: Db, callId: string, roles: NewCastingRole[]) {
  if (roles.length === 0) return;
  await trx
    .insertInto('casting_roles')
    .values(roles.map((role, position) => ({ ...role, id: newId(), call_id: callId, position, cast_member_id: null, cast_audition_id: null, cast_at: null })))
    .execute();
}

/**
 * Makes the call's roles `roles`, in that order: a role kept by name is changed in place (its id,
 * casting and auditions stay), a new one is added, one left out goes with its auditions.
 */
async function replaceRoles(trx: Db, callId: string, roles: NewCastingRole[]) {
  const before = new Map((await trx.selectFrom('casting_roles').select(['id', 'role_name']).where('call_id', '=', callId).execute()).map((r) => [r.role_name, r.id]));
  const kept = new Set(roles.map((r) => r.role_name));
  const gone = [...before].filter(([name]) => !kept.has(name)).map(([, id]) => id);
  if (gone.length) await trx.deleteFrom('casting_roles').where('id', 'in', gone).execute();
  const added: Array<NewCastingRole & { position: number }> = [];
  for (const [position, role] of roles.entries()) {
    const id = before.get(role.role_name);
    if (id) await trx.updateTable('casting_roles').set({ ...role, position }).where('id', '=', id).execute();
    else added.push({ ...role, position });
  }
  if (added.length) {
    await trx
      .insertInto('casting_roles')
      .values(added.map((role) => ({ ...role, id: newId(), call_id: callId, cast_member_id: null, cast_audition_id: null, cast_at: null })))
      .execute();
  }
}

/** Posts a call with its roles, unless the member already has `maxOpen` open calls ('limit'). */
async function insertCall(
  db: Db,
  call: Omit<CastingCallRow, 'id' | 'link_id' | 'status' | 'closed_at' | 'hidden' | 'created_at' | 'updated_at'>,
  roles: NewCastingRole[],
  maxOpen: number,
  now: string,
): Promise<CastingCallRow | 'limit'> {
  const row: CastingCallRow = { ...call, id: newId(), link_id: newId(20), status: 'open', closed_at: null, hidden: 0, created_at: now, updated_at: now };
  const done = await withinOpenLimit(db, call.owner_id, maxOpen, now, async (trx) => {
    await trx.insertInto('casting_calls').values(row).execute();
    await insertRoles(trx, row.id, roles);
  });
  return done ? row : 'limit';
}

async function findCall(db: Db, callId: string): Promise<CastingCallRow | undefined> {
  return db.selectFrom('casting_calls').selectAll().where('id', '=', callId).executeTakeFirst();
}

async function findCallByLink(db: Db, linkId: string): Promise<CastingCallRow | undefined> {
  return db.selectFrom('casting_calls').selectAll().where('link_id', '=', linkId).executeTakeFirst();
}

/** The roles of these calls, in each call's order. */
async function rolesOf(db: Db, callIds: string[]): Promise<CastingRoleRow[]> {
  if (callIds.length === 0) return [];
  return db.selectFrom('casting_roles').selectAll().where('call_id', 'in', callIds).orderBy('call_id').orderBy('position').execute();
}

/**
 * Changes an open call: its own fields and, when `roles` is given, its whole set of roles (a role
 * kept by name keeps its id, casting and auditions). False when the call was no longer open.
 */
async function updateCall(
  db: Db,
  callId: string,
  fields: Partial<Pick<CastingCallRow, 'deadline' | 'paid' | 'pay_note' | 'visibility' | 'search_text'>>,
  roles: NewCastingRole[] | null,
  now: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('casting_calls as c')
      .set({ ...fields, updated_at: now })
      .where('c.id', '=', callId)
      .where((eb) => isOpen(eb, now))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (roles) await replaceRoles(trx, callId, roles);
    return true;
  });
}

/** Closes an open call; false when it was not open. */
async function closeCall(db: Db, callId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('casting_calls')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('id', '=', callId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Reopens a closed call within the owner's open-calls limit ('limit'); false when it was not closed. */
async function reopenCall(db: Db, callId: string, ownerId: string, maxOpen: number, now: string): Promise<boolean | 'limit'> {
  let reopened = false;
  const done = await withinOpenLimit(db, ownerId, maxOpen, now, async (trx) => {
    const result = await trx
      .updateTable('casting_calls')
      .set({ status: 'open', closed_at: null, updated_at: now })
      .where('id', '=', callId)
      .where('status', '=', 'closed')
      .where('deadline', '>', now)
      .executeTakeFirst();
    reopened = Number(result.numUpdatedRows) > 0;
  });
  return done ? reopened : 'limit';
}

interface BoardFilters {
  q?: string;
  voice?: string;
  paid?: boolean;
  language?: string;
  /** Deadline at or before this instant. */
  closingBy?: string;
}

/** Word prefixes of the query, each required (at most 8 words, letters and digits only). */
function searchTerms(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Open, unhidden calls the viewer may find, filtered; newest first, one page. */
async function listBoard(
  db: Db,
  viewerId: string | null,
  filters: BoardFilters,
  now: string,
  page: number,
  pageSize: number,
): Promise<{ rows: CastingCallRow[]; total: number }> {
  const terms = filters.q ? searchTerms(filters.q) : [];
  const where = <O>(qb: SelectQueryBuilder<WithCalls & { s: Database['scripts'] }, 'c' | 's', O>) => {
    let query = qb.where((eb) => isOpen(eb, now)).where('c.hidden', '=', 0).where((eb) => listedFor(eb, viewerId));
    if (filters.paid !== undefined) query = query.where('c.paid', '=', filters.paid ? 1 : 0);
    if (filters.language) query = query.where('s.language', '=', filters.language);
    if (filters.closingBy) query = query.where('c.deadline', '<=', filters.closingBy);
    if (filters.voice?.trim()) {
      const pattern = `%${escapeLike(filters.voice.trim())}%`;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('casting_roles as r')
            .select('r.id')
            .whereRef('r.call_id', '=', 'c.id')
            .where(sql<boolean>`lower(r.voice_notes) like ${pattern} escape '\\'`),
        ),
      );
    }
    if (terms.length) {
      query = isPostgres(db)
        ? query.where(sql<boolean>`c.search @@ to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' & ')})`)
        : query.where(
            'c.id',
            'in',
            sql<string>`(select call_id from casting_calls_fts where casting_calls_fts match ${terms.map((t) => `"${t}"*`).join(' ')})`,
          );
    }
    return query;
  };
  const base = () => db.selectFrom('casting_calls as c').innerJoin('scripts as s', 's.id', 'c.script_id');
  const [rows, count] = await Promise.all([
    where(base().selectAll('c'))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    where(base().select((eb) => eb.fn.countAll<string | number>().as('n'))).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The member's own calls, every state, newest first. */
async function listMine(db: Db, ownerId: string, page: number, pageSize: number): Promise<{ rows: CastingCallRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('casting_calls')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db.selectFrom('casting_calls').select((eb) => eb.fn.countAll<string | number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

declare module 'fastify' {
  interface FastifyInstance {
    castingRepository: CastingRepository;
  }
}

const queries = {
  findOwnScript,
  scriptsByIds,
  scriptCastingMaterial,
  linesByIds,
  countOpenCalls,
  insertCall,
  findCall,
  findCallByLink,
  rolesOf,
  updateCall,
  closeCall,
  reopenCall,
  listBoard,
  listMine,
};
type CastingRepository = Repository<typeof queries>;

export default repositoryPlugin('castingRepository', 'casting-repository', queries);
