import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { containsPattern } from './scripts';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** Drafts, their revisions and writers' own templates: SQL only. */

export type DraftRow = Selectable<Database['drafts']>;
export type DraftRevisionRow = Selectable<Database['draft_revisions']>;
export type TemplateRow = Selectable<Database['draft_templates']>;
export type DraftSummaryRow = Omit<DraftRow, 'body' | 'revision_color' | 'revision_base' | 'revision_started_at'>;

const summaryColumns = ['id', 'owner_id', 'title', 'revision', 'word_count', 'page_estimate', 'created_at', 'updated_at'] as const;

/** My drafts, last edited first; `search` matches the title (case-insensitive). */
async function listDrafts(db: Db, ownerId: string, search?: string): Promise<DraftSummaryRow[]> {
  let query = db.selectFrom('drafts').select(summaryColumns).where('owner_id', '=', ownerId);
  if (search?.trim()) query = query.where(sql<boolean>`lower(title) like ${containsPattern(search.trim())} escape '\\'`);
  return query.orderBy('updated_at', 'desc').orderBy('id').execute();
}

/** The draft when `ownerId` owns it (someone else's is not there, as far as they can tell). */
async function findDraft(db: Db, ownerId: string, draftId: string): Promise<DraftRow | undefined> {
  return db.selectFrom('drafts').selectAll().where('id', '=', draftId).where('owner_id', '=', ownerId).executeTakeFirst();
}

async function insertDraft(db: Db, row: DraftRow): Promise<void> {
  await db.insertInto('drafts').values(row).execute();
}

/** The draft's next revision colour, marking changes against `base` from now on. */
async function setRevisionColor(db: Db, ownerId: string, draftId: string, values: { revision_color: number; revision_base: string; revision_started_at: string }): Promise<boolean> {
  const result = await db.updateTable('drafts').set(values).where('id', '=', draftId).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function renameDraft(db: Db, ownerId: string, draftId: string, title: string, at: string): Promise<boolean> {
  const result = await db.updateTable('drafts').set({ title, updated_at: at }).where('id', '=', draftId).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function deleteDraft(db: Db, ownerId: string, draftId: string): Promise<boolean> {
  const result = await db.deleteFrom('drafts').where('id', '=', draftId).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

async function insertRevision(db: Db, row: Omit<DraftRevisionRow, 'id'>): Promise<DraftRevisionRow> {
  const full = { id: newId(), ...row };
  await db.insertInto('draft_revisions').values(full).execute();
  return full;
}

/** The draft's revisions, newest first, without their text. */
async function listRevisions(db: Db, draftId: string): Promise<Omit<DraftRevisionRow, 'body'>[]> {
  return db
    .selectFrom('draft_revisions')
    .select(['id', 'draft_id', 'number', 'kind', 'name', 'title', 'word_count', 'created_at'])
    .where('draft_id', '=', draftId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .execute();
}

async function findRevision(db: Db, draftId: string, revisionId: string): Promise<DraftRevisionRow | undefined> {
  return db.selectFrom('draft_revisions').selectAll().where('draft_id', '=', draftId).where('id', '=', revisionId).executeTakeFirst();
}

/** When the draft's newest automatic snapshot was taken (undefined: none yet). */
async function lastAutoRevisionAt(db: Db, draftId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('draft_revisions')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('draft_id', '=', draftId)
    .where('kind', '=', 'auto')
    .executeTakeFirst();
  return row?.at ?? undefined;
}

async function listTemplates(db: Db, ownerId: string): Promise<TemplateRow[]> {
  return db.selectFrom('draft_templates').selectAll().where('owner_id', '=', ownerId).orderBy('updated_at', 'desc').orderBy('id').execute();
}

async function findTemplate(db: Db, ownerId: string, templateId: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('draft_templates').selectAll().where('id', '=', templateId).where('owner_id', '=', ownerId).executeTakeFirst();
}

async function insertTemplate(db: Db, row: TemplateRow): Promise<void> {
  await db.insertInto('draft_templates').values(row).execute();
}

async function updateTemplate(db: Db, ownerId: string, templateId: string, values: Pick<TemplateRow, 'title' | 'description' | 'body' | 'updated_at'>): Promise<boolean> {
  const result = await db.updateTable('draft_templates').set(values).where('id', '=', templateId).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function deleteTemplate(db: Db, ownerId: string, templateId: string): Promise<boolean> {
  const result = await db.deleteFrom('draft_templates').where('id', '=', templateId).where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// --- publishing ---

/** The script the draft was last published as, while that script exists and is still the writer's. */
async function findPublication(db: Db, ownerId: string, draftId: string) {
  return db
    .selectFrom('draft_publications as p')
    .innerJoin('scripts as s', 's.id', 'p.script_id')
    .select(['p.script_id', 'p.revision', 'p.published_at', 's.title'])
    .where('p.draft_id', '=', draftId)
    .where('s.owner_id', '=', ownerId)
    .executeTakeFirst();
}

async function savePublication(db: Db, row: Selectable<Database['draft_publications']>): Promise<void> {
  await db
    .insertInto('draft_publications')
    .values(row)
    .onConflict((oc) => oc.column('draft_id').doUpdateSet({ script_id: row.script_id, revision: row.revision, published_at: row.published_at }))
    .execute();
}

/** The script's takes in every session: all, those recorded on a line's earlier text, those of removed lines. */
async function scriptTakeCounts(db: Db, scriptId: string): Promise<{ total: number; onEarlierText: number; onRemovedLines: number }> {
  const row = await db
    .selectFrom('takes as t')
    .innerJoin('script_lines as l', 'l.id', 't.line_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when(eb.and([eb('l.retired_at', 'is', null), eb('t.recorded_text', 'is not', null)])).then(1).else(0).end()).as('earlier'),
      eb.fn.sum<number | string | null>(eb.case().when('l.retired_at', 'is not', null).then(1).else(0).end()).as('removed'),
    ])
    .where('l.script_id', '=', scriptId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), onEarlierText: Number(row.earlier ?? 0), onRemovedLines: Number(row.removed ?? 0) };
}

export type DraftRole = 'owner' | 'editor' | 'commenter';

/** The draft and what `userId` may do in it: its owner, an invited co-writer, or nothing (undefined). */
async function findDraftAccess(db: Db, userId: string, draftId: string): Promise<{ row: DraftRow; role: DraftRole } | undefined> {
  const row = await db.selectFrom('drafts').selectAll().where('id', '=', draftId).executeTakeFirst();
  if (!row) return undefined;
  if (row.owner_id === userId) return { row, role: 'owner' };
  const seat = await db.selectFrom('draft_collaborators').select('role').where('draft_id', '=', draftId).where('user_id', '=', userId).executeTakeFirst();
  return seat ? { row, role: seat.role } : undefined;
}

/** Who writes in the draft besides its owner, first invited first. */
async function listCollaborators(db: Db, draftId: string) {
  return db
    .selectFrom('draft_collaborators as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['u.id', 'u.name', 'u.handle', 'u.photo', 'c.role', 'c.created_at'])
    .where('c.draft_id', '=', draftId)
    .orderBy('c.created_at')
    .orderBy('u.id')
    .execute();
}

/** Invites `userId` as `role`, or gives them that role when already invited. */
async function putCollaborator(db: Db, row: { draft_id: string; user_id: string; role: 'editor' | 'commenter'; created_at: string }): Promise<void> {
  await db
    .insertInto('draft_collaborators')
    .values(row)
    .onConflict((oc) => oc.columns(['draft_id', 'user_id']).doUpdateSet({ role: row.role }))
    .execute();
}

/** Adds `userId` as `role` unless they are in already (an invite link never lowers or changes a part). */
async function addCollaborator(db: Db, row: { draft_id: string; user_id: string; role: 'editor' | 'commenter'; created_at: string }): Promise<void> {
  await db
    .insertInto('draft_collaborators')
    .values(row)
    .onConflict((oc) => oc.columns(['draft_id', 'user_id']).doNothing())
    .execute();
}

async function removeCollaborator(db: Db, draftId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('draft_collaborators').where('draft_id', '=', draftId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

async function listInviteLinks(db: Db, draftId: string) {
  return db.selectFrom('draft_invite_links').select(['token', 'role', 'created_at']).where('draft_id', '=', draftId).orderBy('created_at').execute();
}

async function insertInviteLink(db: Db, row: { token: string; draft_id: string; role: 'editor' | 'commenter'; created_at: string }): Promise<void> {
  await db.insertInto('draft_invite_links').values(row).execute();
}

async function deleteInviteLink(db: Db, draftId: string, token: string): Promise<boolean> {
  const result = await db.deleteFrom('draft_invite_links').where('draft_id', '=', draftId).where('token', '=', token).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

async function findInviteLink(db: Db, token: string) {
  return db
    .selectFrom('draft_invite_links as l')
    .innerJoin('drafts as d', 'd.id', 'l.draft_id')
    .select(['l.draft_id', 'l.role', 'd.owner_id', 'd.title'])
    .where('l.token', '=', token)
    .executeTakeFirst();
}

/** The draft's shared document: its updates, oldest first. */
async function listDocUpdates(db: Db, draftId: string): Promise<{ id: string; data: string }[]> {
  return db.selectFrom('draft_doc_updates').select(['id', 'data']).where('draft_id', '=', draftId).orderBy('created_at').orderBy('id').execute();
}

async function findDocUpdate(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('draft_doc_updates').select('data').where('id', '=', id).executeTakeFirst())?.data;
}

async function insertDocUpdate(db: Db, draftId: string, data: string, at: string): Promise<string> {
  const id = newId();
  await db.insertInto('draft_doc_updates').values({ id, draft_id: draftId, data, created_at: at }).execute();
  return id;
}

/**
 * Compaction: the updates `ids` become the one update `merged` (kept under the newest of their
 * ids, so a stream that already sent them does not send them again). Updates stored meanwhile
 * are not among `ids` and stay.
 */
async function compactDocUpdates(db: Db, draftId: string, ids: string[], keep: string, merged: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('draft_doc_updates').set({ data: merged }).where('id', '=', keep).where('draft_id', '=', draftId).execute();
    const drop = ids.filter((id) => id !== keep);
    for (let i = 0; i < drop.length; i += 500) await tx.deleteFrom('draft_doc_updates').where('draft_id', '=', draftId).where('id', 'in', drop.slice(i, i + 500)).execute();
  });
}

/** The Fountain text derived from the document, with its measures; the save counter moves on. */
async function writeDerivedBody(db: Db, draftId: string, values: { body: string; word_count: number; page_estimate: number; updated_at: string }): Promise<number> {
  await db.updateTable('drafts').set((eb) => ({ ...values, revision: eb('revision', '+', 1) })).where('id', '=', draftId).execute();
  const row = await db.selectFrom('drafts').select('revision').where('id', '=', draftId).executeTakeFirstOrThrow();
  return Number(row.revision);
}

declare module 'fastify' {
  interface FastifyInstance {
    draftsRepository: DraftsRepository;
  }
}

const queries = {
  findDraftAccess,
  listCollaborators,
  putCollaborator,
  addCollaborator,
  removeCollaborator,
  listInviteLinks,
  insertInviteLink,
  deleteInviteLink,
  findInviteLink,
  listDocUpdates,
  findDocUpdate,
  insertDocUpdate,
  compactDocUpdates,
  writeDerivedBody,
  listDrafts,
  findDraft,
  insertDraft,
  setRevisionColor,
  renameDraft,
  deleteDraft,
  insertRevision,
  listRevisions,
  findRevision,
  lastAutoRevisionAt,
  listTemplates,
  findTemplate,
  insertTemplate,
  updateTemplate,
  deleteTemplate,
  findPublication,
  savePublication,
  scriptTakeCounts,
};
type DraftsRepository = Repository<typeof queries>;

export default repositoryPlugin('draftsRepository', 'drafts-repository', queries);
