import type { FastifyInstance } from 'fastify';
import { DRAFT_MESSAGES, type Draft, type Template, type TemplateInput } from '@vox/contract/schemas';
import { countWords, pageCount, revisionColorName } from '@vox/fountain';
import { newId } from '../../db/ids';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import type { DraftRevisionRow, DraftRow, DraftSummaryRow, TemplateRow } from '../../repositories/drafts';
import { systemTemplate } from './system-templates';

export const UNTITLED = 'Untitled draft';

export const toSummary = (row: DraftSummaryRow) => ({
  id: row.id,
  title: row.title,
  revision: row.revision,
  wordCount: row.word_count,
  pageEstimate: row.page_estimate,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
export const toDraft = (row: DraftRow): Draft => ({
  ...toSummary(row),
  body: row.body,
  revisionColor: { index: row.revision_color, name: revisionColorName(row.revision_color), startedAt: row.revision_started_at },
  revisionBase: row.revision_base,
});
export const toRevisionSummary = (row: Omit<DraftRevisionRow, 'body'>) => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  name: row.name,
  title: row.title,
  wordCount: row.word_count,
  createdAt: row.created_at,
});
export const toTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  title: row.title,
  description: row.description,
  system: false,
  updatedAt: row.updated_at,
  body: row.body,
});

export const toPublishedAs = (row: { script_id: string; title: string; revision: number; published_at: string }) => ({
  scriptId: row.script_id,
  scriptTitle: row.title,
  revision: Number(row.revision),
  publishedAt: row.published_at,
});

/** The list's numbers of a text: its words, and its pages as its PDF prints them. */
export const measures = (body: string) => ({ word_count: countWords(body), page_estimate: pageCount(body) });

/** What every part of the drafts service shares: the repositories, the ownership check and the answer shapes. */
export function createDraftsContext(app: FastifyInstance) {
  const repo = app.draftsRepository;
  const scripts = app.scriptsRepository;

  const mine = async (me: string, draftId: string): Promise<DraftRow> => {
    const row = await repo.findDraft(me, draftId);
    if (!row) throw new NotFoundError(DRAFT_MESSAGES.notFound);
    return row;
  };

  const snapshot = (row: DraftRow, kind: DraftRevisionRow['kind'], name: string | null, at = new Date().toISOString()) =>
    repo.insertRevision({ draft_id: row.id, number: row.revision, kind, name, title: row.title, body: row.body, word_count: row.word_count, created_at: at });

  const findTemplate = async (me: string, templateId: string): Promise<Template> => {
    const found = systemTemplate(templateId) ?? (await repo.findTemplate(me, templateId).then((row) => row && toTemplate(row)));
    if (!found) throw new NotFoundError(DRAFT_MESSAGES.templateNotFound);
    return found;
  };

  const insertDraft = async (me: string, title: string, body: string): Promise<DraftRow> => {
    const now = new Date().toISOString();
    const row: DraftRow = {
      id: newId(),
      owner_id: me,
      title,
      body,
      revision: 1,
      ...measures(body),
      created_at: now,
      updated_at: now,
      revision_color: 0,
      revision_base: null,
      revision_started_at: null,
    };
    await repo.insertDraft(row);
    await snapshot(row, 'auto', null, now);
    return row;
  };

  const cleanTemplate = (input: TemplateInput) => {
    const title = input.title.trim();
    if (!title) throw new BadRequestError(DRAFT_MESSAGES.titleRequired);
    return { title, description: input.description.trim(), body: input.body };
  };

  return { app, repo, scripts, mine, snapshot, findTemplate, insertDraft, cleanTemplate };
}

export type DraftsContext = ReturnType<typeof createDraftsContext>;
