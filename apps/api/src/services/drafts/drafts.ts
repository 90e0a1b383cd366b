import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  AUTO_SNAPSHOT_MS,
  DRAFT_MESSAGES,
  SCRIPT_LIMITS,
  type Draft,
  type DraftCreate,
  type DraftList,
  type DraftListQuery,
  type DraftPublication,
  type ScriptInput,
  type DraftRevision,
  type DraftRevisionList,
  type DraftSave,
  type Template,
  type TemplateInput,
  type TemplateList,
} from '@vox/contract/schemas';
import { applyEdit, countWords, pageCount, parseFountain } from '@vox/fountain';
import { newId } from '../../db/ids';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors';
import type { DraftRevisionRow, DraftRow, DraftSummaryRow, TemplateRow } from '../../repositories/drafts';
import { lineKey, matchLines } from '../scripts/line-matching';
import { checkedScript } from '../scripts/scripts';
import { screenplayPdf } from './screenplay-pdf';
import { SYSTEM_TEMPLATES, systemTemplate } from './system-templates';

declare module 'fastify' {
  interface FastifyInstance {
    drafts: DraftsService;
  }
}

/**
 * Drafts, revisions and templates. The routes check the `draft` privilege; this
 * service makes every draft its writer's alone (anyone else's is "not found") and keeps every
 * text: a save must name the revision it was made on (409 otherwise), automatic snapshots are
 * taken while writing, and a restore first keeps what it replaces.
 */
export interface DraftsService {
  list(me: string, query: DraftListQuery): Promise<DraftList>;
  /** Blank, from a template (ready-made or mine) or from a text; the first snapshot is taken at once. */
  create(me: string, input: DraftCreate): Promise<Draft>;
  get(me: string, draftId: string): Promise<Draft>;
  /** Compare and set on the revision number; a snapshot when the last one is older than AUTO_SNAPSHOT_MS. */
  save(me: string, draftId: string, input: DraftSave): Promise<Draft>;
  rename(me: string, draftId: string, title: string): Promise<Draft>;
  remove(me: string, draftId: string): Promise<void>;
  duplicate(me: string, draftId: string): Promise<Draft>;
  pdf(me: string, draftId: string): Promise<{ title: string; bytes: Buffer }>;
  revisions(me: string, draftId: string): Promise<DraftRevisionList>;
  nameRevision(me: string, draftId: string, name: string): Promise<DraftRevision>;
  revision(me: string, draftId: string, revisionId: string): Promise<DraftRevision>;
  restore(me: string, draftId: string, revisionId: string): Promise<Draft>;
  templates(me: string): Promise<TemplateList>;
  template(me: string, templateId: string): Promise<Template>;
  createTemplate(me: string, input: TemplateInput): Promise<Template>;
  saveTemplate(me: string, templateId: string, input: TemplateInput): Promise<Template>;
  removeTemplate(me: string, templateId: string): Promise<void>;
  /**
   * Makes the draft (as it is at `baseRevision`) a script, or updates the script it made
   * before: lines matched by line-matching.ts keep their ids and takes; see DraftPublication.
   */
  publish(me: string, draftId: string, baseRevision: number): Promise<DraftPublication>;
}

const UNTITLED = 'Untitled draft';

const toSummary = (row: DraftSummaryRow) => ({
  id: row.id,
  title: row.title,
  revision: row.revision,
  wordCount: row.word_count,
  pageEstimate: row.page_estimate,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
const toDraft = (row: DraftRow): Draft => ({ ...toSummary(row), body: row.body });
const toRevisionSummary = (row: Omit<DraftRevisionRow, 'body'>) => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  name: row.name,
  title: row.title,
  wordCount: row.word_count,
  createdAt: row.created_at,
});
const toTemplate = (row: TemplateRow): Template => ({
  id: row.id,
  title: row.title,
  description: row.description,
  system: false,
  updatedAt: row.updated_at,
  body: row.body,
});

const toPublishedAs = (row: { script_id: string; title: string; revision: number; published_at: string }) => ({
  scriptId: row.script_id,
  scriptTitle: row.title,
  revision: Number(row.revision),
  publishedAt: row.published_at,
});

/** The list's numbers of a text: its words, and its pages as its PDF prints them. */
const measures = (body: string) => ({ word_count: countWords(body), page_estimate: pageCount(body) });

async function drafts(app: FastifyInstance) {
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
    const row: DraftRow = { id: newId(), owner_id: me, title, body, revision: 1, ...measures(body), created_at: now, updated_at: now };
    await repo.insertDraft(row);
    await snapshot(row, 'auto', null, now);
    return row;
  };

  const cleanTemplate = (input: TemplateInput) => {
    const title = input.title.trim();
    if (!title) throw new BadRequestError(DRAFT_MESSAGES.titleRequired);
    return { title, description: input.description.trim(), body: input.body };
  };

  const service: DraftsService = {
    async list(me, query) {
      return { items: (await repo.listDrafts(me, query.search)).map(toSummary) };
    },

    async create(me, input) {
      let body = input.body ?? '';
      let title = input.title?.trim() ?? '';
      if (input.templateId) {
        const template = await findTemplate(me, input.templateId);
        body = template.body;
        title ||= parseFountain(body).title || template.title;
      }
      title ||= parseFountain(body).title || UNTITLED;
      return toDraft(await insertDraft(me, title, body));
    },

    async get(me, draftId) {
      const row = await mine(me, draftId);
      const published = await repo.findPublication(me, draftId);
      return { ...toDraft(row), publishedAs: published ? toPublishedAs(published) : null };
    },

    async save(me, draftId, input) {
      const row = await mine(me, draftId);
      if (row.revision !== input.baseRevision) throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      let body: string | null;
      if (input.body !== undefined) body = input.body;
      else if (input.edit) body = applyEdit(row.body, input.edit);
      else throw new BadRequestError(DRAFT_MESSAGES.nothingToSave);
      if (body === null) throw new BadRequestError(DRAFT_MESSAGES.badEdit);
      const now = new Date().toISOString();
      const values = { body, ...measures(body), updated_at: now };
      if (!(await repo.updateDraftBody({ id: row.id, ownerId: me, baseRevision: input.baseRevision }, values))) {
        throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      }
      const saved: DraftRow = { ...row, ...values, revision: row.revision + 1 };
      const last = await repo.lastAutoRevisionAt(row.id);
      if (!last || Date.parse(now) - Date.parse(last) >= AUTO_SNAPSHOT_MS) await snapshot(saved, 'auto', null, now);
      return toDraft(saved);
    },

    async rename(me, draftId, title) {
      const clean = title.trim();
      if (!clean) throw new BadRequestError(DRAFT_MESSAGES.titleRequired);
      if (!(await repo.renameDraft(me, draftId, clean, new Date().toISOString()))) throw new NotFoundError(DRAFT_MESSAGES.notFound);
      return toDraft(await mine(me, draftId));
    },

    async remove(me, draftId) {
      if (!(await repo.deleteDraft(me, draftId))) throw new NotFoundError(DRAFT_MESSAGES.notFound);
    },

    async duplicate(me, draftId) {
      const row = await mine(me, draftId);
      return toDraft(await insertDraft(me, `${row.title} (copy)`.slice(0, 200), row.body));
    },

    async pdf(me, draftId) {
      const row = await mine(me, draftId);
      return { title: row.title, bytes: await screenplayPdf(row.body, row.title) };
    },

    async revisions(me, draftId) {
      await mine(me, draftId);
      return { items: (await repo.listRevisions(draftId)).map(toRevisionSummary) };
    },

    async nameRevision(me, draftId, name) {
      const row = await mine(me, draftId);
      const clean = name.trim();
      if (!clean) throw new BadRequestError('Give the revision a name.');
      const saved = await snapshot(row, 'named', clean);
      return { ...toRevisionSummary(saved), body: saved.body };
    },

    async revision(me, draftId, revisionId) {
      await mine(me, draftId);
      const row = await repo.findRevision(draftId, revisionId);
      if (!row) throw new NotFoundError(DRAFT_MESSAGES.revisionNotFound);
      return { ...toRevisionSummary(row), body: row.body };
    },

    async restore(me, draftId, revisionId) {
      const row = await mine(me, draftId);
      const target = await repo.findRevision(draftId, revisionId);
      if (!target) throw new NotFoundError(DRAFT_MESSAGES.revisionNotFound);
      // What the restore replaces is kept first, unless the newest snapshot already holds it.
      const [newest] = await repo.listRevisions(draftId);
      const newestBody = newest && (await repo.findRevision(draftId, newest.id))?.body;
      if (newestBody !== row.body) await snapshot(row, 'auto', null);
      const now = new Date().toISOString();
      const values = { body: target.body, ...measures(target.body), updated_at: now };
      if (!(await repo.updateDraftBody({ id: row.id, ownerId: me, baseRevision: row.revision }, values))) {
        throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      }
      const restored: DraftRow = { ...row, ...values, revision: row.revision + 1 };
      const label = target.name ? `“${target.name}”` : `revision ${target.number}`;
      await snapshot(restored, 'restore', `Restored ${label}`, now);
      return toDraft(restored);
    },

    async templates(me) {
      const own = (await repo.listTemplates(me)).map(toTemplate);
      return { items: [...SYSTEM_TEMPLATES, ...own].map(({ body: _body, ...summary }) => summary) };
    },

    template: findTemplate,

    async createTemplate(me, input) {
      const now = new Date().toISOString();
      const row: TemplateRow = { id: newId(), owner_id: me, ...cleanTemplate(input), created_at: now, updated_at: now };
      await repo.insertTemplate(row);
      return toTemplate(row);
    },

    async saveTemplate(me, templateId, input) {
      if (systemTemplate(templateId)) throw new ForbiddenError(DRAFT_MESSAGES.systemTemplate);
      if (!(await repo.updateTemplate(me, templateId, { ...cleanTemplate(input), updated_at: new Date().toISOString() }))) {
        throw new NotFoundError(DRAFT_MESSAGES.templateNotFound);
      }
      return toTemplate((await repo.findTemplate(me, templateId)) as TemplateRow);
    },

    async removeTemplate(me, templateId) {
      if (systemTemplate(templateId)) throw new ForbiddenError(DRAFT_MESSAGES.systemTemplate);
      if (!(await repo.deleteTemplate(me, templateId))) throw new NotFoundError(DRAFT_MESSAGES.templateNotFound);
    },

    async publish(me, draftId, baseRevision) {
      const row = await mine(me, draftId);
      if (row.revision !== baseRevision) throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      const parsed = parseFountain(row.body);
      if (parsed.lines.length === 0) throw new BadRequestError(DRAFT_MESSAGES.nothingToPublish);
      const L = SCRIPT_LIMITS;
      if (parsed.lines.length > L.lines || parsed.roles.length > L.roles || parsed.lines.some((line) => line.text.length > L.lineText)) {
        throw new BadRequestError(DRAFT_MESSAGES.tooLongToPublish);
      }
      const before = await repo.findPublication(me, draftId);
      const script = before ? await scripts.loadScript(before.script_id, me) : undefined;
      const oldLines = script?.lines ?? [];
      const match = matchLines(oldLines, parsed.lines);
      // A line cut before and now back word for word is its old self again, with its takes.
      if (script?.retiredLines && match.added > 0) {
        const retired = new Map<string, string[]>();
        for (const line of script.retiredLines) retired.set(lineKey(line), [...(retired.get(lineKey(line)) ?? []), line.id]);
        parsed.lines.forEach((line, i) => {
          const id = match.ids[i] === null ? retired.get(lineKey(line))?.shift() : undefined;
          if (!id) return;
          match.ids[i] = id;
          match.added--;
          match.unchanged++;
        });
      }
      // Title page fields win; what the draft does not say, the script keeps (a synopsis or a
      // role's description added in the script editor is not wiped by the next publish).
      const descriptions = new Map((script?.roles ?? []).map((role) => [role.name.toLowerCase(), role.description]));
      const input: ScriptInput = {
        title: (parsed.title || row.title).slice(0, L.title),
        synopsis: (parsed.synopsis || script?.synopsis || '').slice(0, L.synopsis),
        genre: (parsed.genre || script?.genre || '').slice(0, L.genre),
        language: (parsed.language || script?.language || '').slice(0, L.language),
        visibility: script?.visibility ?? 'private',
        isFree: script?.isFree ?? false,
        roles: parsed.roles.map((role) => ({
          name: role.name.slice(0, L.roleName),
          description: (role.description || descriptions.get(role.name.toLowerCase()) || '').slice(0, L.roleDescription),
        })),
        lines: parsed.lines.map((line, i) => ({
          ...(match.ids[i] && { id: match.ids[i] as string }),
          kind: line.kind,
          role: line.role?.slice(0, L.roleName) ?? null,
          parenthetical: line.parenthetical?.slice(0, L.parenthetical) ?? null,
          text: line.text,
        })),
      };
      const saved = await scripts.saveScript(me, checkedScript(input), script?.id);
      const now = new Date().toISOString();
      await repo.savePublication({ draft_id: row.id, script_id: saved.id, revision: row.revision, published_at: now });
      return {
        publishedAs: toPublishedAs({ script_id: saved.id, title: input.title.trim(), revision: row.revision, published_at: now }),
        created: !script,
        lines: { total: parsed.lines.length, unchanged: match.unchanged, changed: match.changed, added: match.added, removed: match.removed.length },
        takes: await repo.scriptTakeCounts(saved.id),
      };
    },
  };
  app.decorate('drafts', service);
}

export default fp(drafts, { name: 'drafts', dependencies: ['drafts-repository', 'scripts-repository'] });
