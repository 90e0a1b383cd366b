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

/**
 * Writes the new text when the draft is still at `baseRevision` (compare and set): answers
 * false when another save came first, so nothing is overwritten unseen.
 */
async function updateDraftBody(
  db: Db,
  draft: { id: string; ownerId: string; baseRevision: number },
  values: { body: string; word_count: number; page_estimate: number; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('drafts')
    .set({ ...values, revision: draft.baseRevision + 1 })
    .where('id', '=', draft.id)
    .where('owner_id', '=', draft.ownerId)
    .where('revision', '=', draft.baseRevision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

declare module 'fastify' {
  interface FastifyInstance {
    draftsRepository: DraftsRepository;
  }
}

const queries = {
  listDrafts,
  findDraft,
  insertDraft,
  updateDraftBody,
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
