import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, AUTO_SNAPSHOT_MS, DRAFT_MESSAGES, type Draft, type Template, type TemplateInput } from '@vox/contract/schemas';
import { countWords, pageCount, revisionColorName } from '@vox/fountain';
import { newId } from '../../db/ids';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../domain-errors';
import type { DraftRevisionRow, DraftRole, DraftRow, DraftSummaryRow, TemplateRow } from '../../repositories/drafts';
import * as Y from 'yjs';
import { docOf, replaceText, seedDoc, textOf, toBase64 } from './doc';
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

  /**
   * One change at a time per draft on this instance: each reads the stored updates, applies its
   * own and writes the text they make, so two at once would each write a text without the other's.
   */
  const queues = new Map<string, Promise<unknown>>();
  const serial = <T>(draftId: string, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(draftId) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(draftId, settled);
    void settled.then(() => queues.get(draftId) === settled && queues.delete(draftId));
    return run;
  };

  /** The draft's document and the updates it is made of; a text-only draft is converted (stored) first. */
  const loadDoc = async (row: DraftRow) => {
    let updates = await repo.listDocUpdates(row.id);
    if (updates.length === 0) {
      const data = toBase64(Y.encodeStateAsUpdate(seedDoc(row.body)));
      updates = [{ id: await repo.insertDocUpdate(row.id, data, new Date().toISOString()), data }];
    }
    return { doc: docOf(updates.map((update) => update.data)), updates };
  };

  /** The Fountain text the document makes is the draft's: written back when the stored copy lags. */
  const withDocText = async (row: DraftRow, doc?: Y.Doc): Promise<DraftRow> => {
    let body: string;
    if (doc) body = textOf(doc);
    else {
      const updates = await repo.listDocUpdates(row.id);
      if (updates.length === 0) return row;
      body = textOf(docOf(updates.map((update) => update.data)));
    }
    if (body === row.body) return row;
    const values = { body, ...measures(body), updated_at: new Date().toISOString() };
    const revision = await repo.writeDerivedBody(row.id, values);
    return { ...row, ...values, revision };
  };

  const hasDraftPrivilege = async (userId: string) => ((await app.rolesRepository.effectivePrivileges([userId])).get(userId) ?? []).includes('draft');

  /**
   * The draft and my part in it: its owner (with the `draft` privilege), or a co-writer the
   * owner invited (covered by the owner's privilege, needing none of their own). Anyone else gets
   * the 404 of an unknown id, or, lacking the privilege themselves, the 403 every drafts call gives them.
   */
  const access = async (me: string, draftId: string): Promise<{ row: DraftRow; role: DraftRole }> => {
    const found = await repo.findDraftAccess(me, draftId);
    if (!found) {
      if (!(await hasDraftPrivilege(me))) throw new ForbiddenError(AUTH_MESSAGES.missingPrivilege);
      throw new NotFoundError(DRAFT_MESSAGES.notFound);
    }
    if (!(await hasDraftPrivilege(found.row.owner_id))) throw new ForbiddenError(AUTH_MESSAGES.missingPrivilege);
    return found;
  };

  /** My own draft (anyone else's is "not found"), its text as the document has it. */
  const mine = async (me: string, draftId: string): Promise<DraftRow> => {
    const row = await repo.findDraft(me, draftId);
    if (!row) throw new NotFoundError(DRAFT_MESSAGES.notFound);
    return withDocText(row);
  };

  /** Hooked by co-writing: a change made on the server is sent to everyone in the draft. */
  const changed: { publish: (draftId: string, updateId: string, update: Uint8Array) => Promise<void> } = { publish: async () => undefined };

  /**
   * Makes the draft's text `text` through its document (a restore, a write through the REST API):
   * only what differs changes, so the editors' own typing around it stays. Answers the draft as saved.
   */
  const writeText = (row: DraftRow, text: string): Promise<DraftRow> =>
    serial(row.id, async () => {
      const { doc } = await loadDoc(row);
      const update = replaceText(doc, text);
      const now = new Date().toISOString();
      if (update) {
        const id = await repo.insertDocUpdate(row.id, toBase64(update), now);
        await changed.publish(row.id, id, update);
      }
      const body = textOf(doc);
      const values = { body, ...measures(body), updated_at: now };
      const revision = await repo.writeDerivedBody(row.id, values);
      return { ...row, ...values, revision };
    });

  const snapshot = (row: DraftRow, kind: DraftRevisionRow['kind'], name: string | null, at = new Date().toISOString()) =>
    repo.insertRevision({ draft_id: row.id, number: row.revision, kind, name, title: row.title, body: row.body, word_count: row.word_count, created_at: at });

  /** A snapshot when the last automatic one is older than AUTO_SNAPSHOT_MS (writing keeps its history by itself). */
  const autoSnapshot = async (row: DraftRow, now = new Date().toISOString()) => {
    const last = await repo.lastAutoRevisionAt(row.id);
    if (!last || Date.parse(now) - Date.parse(last) >= AUTO_SNAPSHOT_MS) await snapshot(row, 'auto', null, now);
  };

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

  return { app, repo, scripts, mine, snapshot, findTemplate, insertDraft, cleanTemplate, serial, loadDoc, withDocText, writeText, changed, autoSnapshot, access };
}

export type DraftsContext = ReturnType<typeof createDraftsContext>;
