import type { Db } from '../db/database';
import type { CastingAuditionTakesTable, CastingAuditionsTable, CastingCallsTable, CastingRolesTable } from '../db/schema';
import { newId } from '../db/ids';
import { isUniqueViolation } from './db-errors';
import { repositoryPlugin, type Repository } from './repository-plugin';

/**
 * Auditions for casting roles, their takes, reports on calls and members' casting settings: SQL
 * only. An audition row is a draft while `sent_at` is null (status 'sent' means "in play"; a
 * withdrawn one keeps its row, without recordings, so auditioning again takes it up).
 */

export type AuditionRow = CastingAuditionsTable;
export type AuditionTakeRow = CastingAuditionTakesTable;
export interface RoleWithCall {
  role: CastingRolesTable;
  call: CastingCallsTable;
}
/** An audition with its whole file's stored facts (null when it has none). */
export type AuditionWithFile = AuditionRow & { file_content_type: string | null; file_byte_size: number | null };
interface NewAuditionAudio {
  id: string;
  contentType: string;
  byteSize: number;
}

const isDraft = (row: Pick<AuditionRow, 'status' | 'sent_at'>) => row.status === 'sent' && row.sent_at === null;

/** The role and its call. */
async function findRole(db: Db, roleId: string): Promise<RoleWithCall | undefined> {
  const role = await db.selectFrom('casting_roles').selectAll().where('id', '=', roleId).executeTakeFirst();
  if (!role) return undefined;
  const call = await db.selectFrom('casting_calls').selectAll().where('id', '=', role.call_id).executeTakeFirstOrThrow();
  return { role, call };
}

const auditionsWithFile = (db: Db) =>
  db
    .selectFrom('casting_auditions as a')
    .leftJoin('audio_files as f', 'f.id', 'a.audio_id')
    .selectAll('a')
    .select(['f.content_type as file_content_type', 'f.byte_size as file_byte_size']);

async function findAudition(db: Db, auditionId: string): Promise<AuditionWithFile | undefined> {
  return auditionsWithFile(db).where('a.id', '=', auditionId).executeTakeFirst();
}

async function auditionsByIds(db: Db, ids: string[]): Promise<AuditionWithFile[]> {
  if (ids.length === 0) return [];
  return auditionsWithFile(db).where('a.id', 'in', [...new Set(ids)]).execute();
}

/**
 * The member's draft for the role, created when they have none, or their withdrawn audition
 * taken up again as a fresh draft. `created` is false for a draft or a sent audition they had.
 */
async function startAudition(db: Db, roleId: string, memberId: string, now: string): Promise<{ row: AuditionWithFile; created: boolean }> {
  const existing = await db.selectFrom('casting_auditions').selectAll().where('role_id', '=', roleId).where('member_id', '=', memberId).executeTakeFirst();
  let created = false;
  if (!existing) {
    try {
      await db
        .insertInto('casting_auditions')
        .values({ id: newId(), role_id: roleId, member_id: memberId, status: 'sent', sent_at: null, audio_id: null, audio_duration_ms: null, owner_note: '', shortlisted: 0, rating: null, created_at: now, updated_at: now })
        .execute();
      created = true;
    } catch (err) {
      // The same member starting twice at once: the other request's row stands.
      if (!isUniqueViolation(err)) throw err;
    }
  } else if (existing.status === 'withdrawn') {
    const result = await db
      .updateTable('casting_auditions')
      .set({ status: 'sent', sent_at: null, created_at: now, updated_at: now })
      .where('id', '=', existing.id)
      .where('status', '=', 'withdrawn')
      .executeTakeFirst();
    created = Number(result.numUpdatedRows) > 0;
  }
  const row = await auditionsWithFile(db).where('a.role_id', '=', roleId).where('a.member_id', '=', memberId).executeTakeFirstOrThrow();
  return { row, created };
}

/** The member's drafts and sent auditions for the roles of a call. */
async function memberAuditionsInCall(db: Db, callId: string, memberId: string): Promise<AuditionWithFile[]> {
  return auditionsWithFile(db)
    .innerJoin('casting_roles as r', 'r.id', 'a.role_id')
    .where('r.call_id', '=', callId)
    .where('a.member_id', '=', memberId)
    .where('a.status', '=', 'sent')
    .orderBy('r.position')
    .execute();
}

/** The sent auditions for a role, first sent first. */
async function sentAuditionsOfRole(db: Db, roleId: string): Promise<AuditionWithFile[]> {
  return auditionsWithFile(db)
    .where('a.role_id', '=', roleId)
    .where('a.status', '=', 'sent')
    .where('a.sent_at', 'is not', null)
    .orderBy('a.sent_at')
    .orderBy('a.id')
    .execute();
}

/** How many sent auditions each of these roles has. */
async function sentCounts(db: Db, roleIds: string[]): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('casting_auditions')
    .select(['role_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('role_id', 'in', roleIds)
    .where('status', '=', 'sent')
    .where('sent_at', 'is not', null)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
}

async function takesOf(db: Db, auditionIds: string[]): Promise<AuditionTakeRow[]> {
  if (auditionIds.length === 0) return [];
  return db.selectFrom('casting_audition_takes').selectAll().where('audition_id', 'in', auditionIds).execute();
}

/** Marks a draft changed; false when it is not a draft (sent or withdrawn meanwhile). */
async function touchDraft(trx: Db, auditionId: string, fields: Partial<Pick<AuditionRow, 'audio_id' | 'audio_duration_ms'>>, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('casting_auditions')
    .set({ ...fields, updated_at: now })
    .where('id', '=', auditionId)
    .where('status', '=', 'sent')
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function insertAudioRow(trx: Db, audio: NewAuditionAudio, now: string): Promise<void> {
  await trx
    .insertInto('audio_files')
    .values({ id: audio.id, content_type: audio.contentType, byte_size: audio.byteSize, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The take a recording (the browser's clientId) became in this audition, if it is still there. */
async function findTakeByClientId(db: Db, auditionId: string, clientId: string): Promise<AuditionTakeRow | undefined> {
  return db.selectFrom('casting_audition_takes').selectAll().where('audition_id', '=', auditionId).where('client_id', '=', clientId).executeTakeFirst();
}

/**
 * Records a draft's take of one line, replacing the line's earlier take and the whole file (the
 * last chosen wins). Answers the recordings it let go (for pruning), or 'notDraft'.
 */
async function putTake(
  db: Db,
  auditionId: string,
  take: { lineId: string; clientId: string; audio: NewAuditionAudio; durationMs: number | null },
  now: string,
): Promise<{ released: string[]; row: AuditionTakeRow } | 'notDraft'> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('casting_auditions').select('audio_id').where('id', '=', auditionId).executeTakeFirst();
    if (!(await touchDraft(trx, auditionId, { audio_id: null, audio_duration_ms: null }, now))) return 'notDraft' as const;
    await insertAudioRow(trx, take.audio, now);
    const old = await trx.selectFrom('casting_audition_takes').select('audio_id').where('audition_id', '=', auditionId).where('line_id', '=', take.lineId).executeTakeFirst();
    await trx.deleteFrom('casting_audition_takes').where('audition_id', '=', auditionId).where('line_id', '=', take.lineId).execute();
    const row: AuditionTakeRow = {
      audition_id: auditionId,
      line_id: take.lineId,
      audio_id: take.audio.id,
      content_type: take.audio.contentType,
      byte_size: take.audio.byteSize,
      duration_ms: take.durationMs,
      created_at: now,
      client_id: take.clientId,
    };
    await trx.insertInto('casting_audition_takes').values(row).execute();
    return { released: [old?.audio_id, before?.audio_id].filter((id): id is string => Boolean(id) && id !== take.audio.id), row };
  });
}

/** Removes a draft's take of a line; its recording's id (to prune), null without one, or 'notDraft'. */
async function deleteTake(db: Db, auditionId: string, lineId: string, now: string): Promise<string | null | 'notDraft'> {
  return db.transaction().execute(async (trx) => {
    if (!(await touchDraft(trx, auditionId, {}, now))) return 'notDraft' as const;
    const old = await trx.selectFrom('casting_audition_takes').select('audio_id').where('audition_id', '=', auditionId).where('line_id', '=', lineId).executeTakeFirst();
    await trx.deleteFrom('casting_audition_takes').where('audition_id', '=', auditionId).where('line_id', '=', lineId).execute();
    return old?.audio_id ?? null;
  });
}

/** Stores one file for the whole draft, dropping its line takes; the recordings let go, or 'notDraft'. */
async function putWholeFile(db: Db, auditionId: string, audio: NewAuditionAudio, durationMs: number | null, now: string): Promise<string[] | 'notDraft'> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('casting_auditions').select('audio_id').where('id', '=', auditionId).executeTakeFirst();
    await insertAudioRow(trx, audio, now);
    if (!(await touchDraft(trx, auditionId, { audio_id: audio.id, audio_duration_ms: durationMs }, now))) return 'notDraft' as const;
    const takes = await trx.selectFrom('casting_audition_takes').select('audio_id').where('audition_id', '=', auditionId).execute();
    await trx.deleteFrom('casting_audition_takes').where('audition_id', '=', auditionId).execute();
    return [...takes.map((t) => t.audio_id), before?.audio_id].filter((id): id is string => Boolean(id) && id !== audio.id);
  });
}

/** Sends a draft; false when it was not one. */
async function sendAudition(db: Db, auditionId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('casting_auditions')
    .set({ sent_at: now, updated_at: now })
    .where('id', '=', auditionId)
    .where('status', '=', 'sent')
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Withdraws an audition: its takes, file and the owner's marks go; answers the recordings to prune. */
async function withdrawAudition(db: Db, auditionId: string, now: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('casting_auditions').select('audio_id').where('id', '=', auditionId).executeTakeFirst();
    const takes = await trx.selectFrom('casting_audition_takes').select('audio_id').where('audition_id', '=', auditionId).execute();
    await trx.deleteFrom('casting_audition_takes').where('audition_id', '=', auditionId).execute();
    await trx
      .updateTable('casting_auditions')
      .set({ status: 'withdrawn', sent_at: null, audio_id: null, audio_duration_ms: null, owner_note: '', shortlisted: 0, rating: null, updated_at: now })
      .where('id', '=', auditionId)
      .execute();
    return [...takes.map((t) => t.audio_id), row?.audio_id].filter((id): id is string => Boolean(id));
  });
}

async function updateReview(db: Db, auditionId: string, fields: Partial<Pick<AuditionRow, 'owner_note' | 'shortlisted' | 'rating'>>, now: string): Promise<void> {
  await db
    .updateTable('casting_auditions')
    .set({ ...fields, updated_at: now })
    .where('id', '=', auditionId)
    .execute();
}

/** The script's current dialogue lines with their text, in script order. */
async function dialogueLines(db: Db, scriptId: string) {
  return db
    .selectFrom('script_lines')
    .select(['id', 'role_name', 'parenthetical', 'text'])
    .where('script_id', '=', scriptId)
    .where('kind', '=', 'dialogue')
    .where('retired_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * The owner's own recordings of these lines in table reads of the script: per line, the take
 * playback uses (picked) when there is one, else the newest.
 */
async function ownerTakes(db: Db, scriptId: string, ownerId: string, lineIds: string[]): Promise<Map<string, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('takes as t')
    .innerJoin('reading_sessions as r', 'r.id', 't.session_id')
    .select(['t.line_id', 't.audio_id'])
    .where('r.script_id', '=', scriptId)
    .where('t.user_id', '=', ownerId)
    .where('t.line_id', 'in', [...new Set(lineIds)])
    .orderBy('t.picked', 'desc')
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  const best = new Map<string, string>();
  for (const row of rows) if (!best.has(row.line_id)) best.set(row.line_id, row.audio_id);
  return best;
}

/** Marks the role cast (once); false when it already was. */
async function markCast(db: Db, roleId: string, auditionId: string, memberId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('casting_roles')
    .set({ cast_member_id: memberId, cast_audition_id: auditionId, cast_at: now })
    .where('id', '=', roleId)
    .where('cast_member_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes the call when every role of it is cast; true when it closed now. */
async function closeIfAllCast(db: Db, callId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('casting_calls as c')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('c.id', '=', callId)
    .where('c.status', '=', 'open')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('casting_roles as r').select('r.id').whereRef('r.call_id', '=', 'c.id').where('r.cast_member_id', 'is', null))),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a member's report of a call (again: the newer reason and time). */
async function upsertReport(db: Db, callId: string, reporterId: string, reason: string, now: string): Promise<void> {
  await db
    .insertInto('casting_call_reports')
    .values({ call_id: callId, reporter_id: reporterId, reason, created_at: now })
    .onConflict((oc) => oc.columns(['call_id', 'reporter_id']).doUpdateSet({ reason, created_at: now }))
    .execute();
}

/** Reported calls, most recently reported first, with their count and newest reason. */
async function listReports(db: Db, limit: number) {
  const rows = await db
    .selectFrom('casting_call_reports as rp')
    .innerJoin('casting_calls as c', 'c.id', 'rp.call_id')
    .innerJoin('scripts as s', 's.id', 'c.script_id')
    .select(['rp.call_id', 'rp.reason', 'rp.created_at', 'c.owner_id', 'c.hidden', 's.title'])
    .orderBy('rp.created_at', 'desc')
    .execute();
  const byCall = new Map<string, { callId: string; scriptTitle: string; ownerId: string; hidden: boolean; reports: number; lastReason: string; lastReportedAt: string }>();
  for (const r of rows) {
    const seen = byCall.get(r.call_id);
    if (seen) seen.reports += 1;
    else byCall.set(r.call_id, { callId: r.call_id, scriptTitle: r.title, ownerId: r.owner_id, hidden: Boolean(r.hidden), reports: 1, lastReason: r.reason, lastReportedAt: r.created_at });
  }
  return [...byCall.values()].slice(0, limit);
}

async function setHidden(db: Db, callId: string, hidden: boolean, now: string): Promise<void> {
  await db.updateTable('casting_calls').set({ hidden: hidden ? 1 : 0, updated_at: now }).where('id', '=', callId).execute();
}

/** The roles the member was cast in, newest first. */
async function creditsOf(db: Db, memberId: string) {
  return db
    .selectFrom('casting_roles as r')
    .innerJoin('casting_calls as c', 'c.id', 'r.call_id')
    .innerJoin('scripts as s', 's.id', 'c.script_id')
    .select(['c.id as callId', 's.title as scriptTitle', 'r.role_name as roleName', 'r.cast_at as castAt'])
    .where('r.cast_member_id', '=', memberId)
    .where('r.cast_at', 'is not', null)
    .orderBy('r.cast_at', 'desc')
    .execute();
}

/** Whether the member's profile lists their credits (no row: yes). */
async function showsCredits(db: Db, memberId: string): Promise<boolean> {
  const row = await db.selectFrom('casting_member_settings').select('show_credits').where('user_id', '=', memberId).executeTakeFirst();
  return row ? Boolean(row.show_credits) : true;
}

async function setShowCredits(db: Db, memberId: string, show: boolean): Promise<void> {
  await db
    .insertInto('casting_member_settings')
    .values({ user_id: memberId, show_credits: show ? 1 : 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ show_credits: show ? 1 : 0 }))
    .execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    auditionsRepository: AuditionsRepository;
  }
}

const queries = {
  findRole,
  findAudition,
  auditionsByIds,
  startAudition,
  memberAuditionsInCall,
  sentAuditionsOfRole,
  sentCounts,
  takesOf,
  findTakeByClientId,
  putTake,
  deleteTake,
  putWholeFile,
  sendAudition,
  withdrawAudition,
  updateReview,
  dialogueLines,
  ownerTakes,
  upsertReport,
  listReports,
  setHidden,
  creditsOf,
  showsCredits,
  setShowCredits,
};
type AuditionsRepository = Repository<typeof queries>;

export { isDraft, markCast, closeIfAllCast };
export default repositoryPlugin('auditionsRepository', 'auditions-repository', queries);
