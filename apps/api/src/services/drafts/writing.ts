import { DRAFT_LIMITS, DRAFT_MESSAGES, type Draft, type DraftCreate, type DraftImport, type DraftList, type DraftListQuery, type DraftSave } from '@vox/contract/schemas';
import { applyEdit, fountainFileText, parseFountain } from '@vox/fountain';
import { BadRequestError, ConflictError, NotFoundError } from '../../domain-errors';
import { stateOf, toBase64 } from './doc';
import { fdxToFountain, fountainToFdx } from './fdx';
import { screenplayPdf } from './screenplay-pdf';
import { UNTITLED, toSummary, toDraft, toPublishedAs, type DraftsContext } from './context';

/** A writer's drafts: list, create, read, save, rename, duplicate, delete and print them. */
export interface WritingService {
  list(me: string, query: DraftListQuery): Promise<DraftList>;
  /** Blank, from a template (ready-made or mine) or from a text; the first snapshot is taken at once. */
  create(me: string, input: DraftCreate): Promise<Draft>;
  /** A Fountain or Final Draft file as a new draft; a file that is neither makes nothing. */
  importFile(me: string, input: DraftImport): Promise<Draft>;
  get(me: string, draftId: string): Promise<Draft>;
  /** Compare and set on the revision number; a snapshot when the last one is older than AUTO_SNAPSHOT_MS. */
  save(me: string, draftId: string, input: DraftSave): Promise<Draft>;
  rename(me: string, draftId: string, title: string): Promise<Draft>;
  remove(me: string, draftId: string): Promise<void>;
  duplicate(me: string, draftId: string): Promise<Draft>;
  pdf(me: string, draftId: string): Promise<{ title: string; bytes: Buffer }>;
  fdx(me: string, draftId: string): Promise<{ title: string; xml: string }>;
  /** Starts the next revision colour: the lines changed from now on are marked in it. */
  startRevisionColor(me: string, draftId: string): Promise<Draft>;
}

const FDX_NAME = /\.fdx$/i;
const FOUNTAIN_NAME = /\.(?:fountain|spmd|txt)$/i;

/** A file's Fountain text, by its name: Final Draft converted, Fountain checked as the browser checks a chosen file. */
function importedText(input: DraftImport): string {
  if (FDX_NAME.test(input.fileName)) return fdxToFountain(input.content);
  if (!FOUNTAIN_NAME.test(input.fileName)) throw new BadRequestError(DRAFT_MESSAGES.importKind);
  const read = fountainFileText({ name: input.fileName, size: input.content.length, type: '' }, input.content);
  if (read.problem !== undefined) throw new BadRequestError(read.problem);
  return read.text;
}

export function writingService(ctx: DraftsContext): WritingService {
  const { repo, mine, findTemplate, insertDraft, writeText, autoSnapshot, loadDoc, access, withDocText } = ctx;
  return {
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

    async importFile(me, input) {
      const body = importedText(input);
      if (body.length > DRAFT_LIMITS.body) throw new BadRequestError(DRAFT_MESSAGES.importTooLong);
      const title = parseFountain(body).title || input.fileName.replace(/\.[^.]*$/, '').trim().slice(0, DRAFT_LIMITS.title) || UNTITLED;
      return toDraft(await insertDraft(me, title, body));
    },

    async get(me, draftId) {
      const { row: found, role } = await access(me, draftId);
      const { doc, updates } = await loadDoc(found);
      const row = await withDocText(found, doc);
      const published = await repo.findPublication(row.owner_id, draftId);
      const seat = role === 'owner' ? 0 : (await repo.listCollaborators(draftId)).findIndex((person) => person.id === me) + 1;
      return {
        ...toDraft(row),
        publishedAs: published ? toPublishedAs(published) : null,
        doc: toBase64(stateOf(doc, updates.map((update) => update.data))),
        access: role,
        seat,
      };
    },

    async save(me, draftId, input) {
      const row = await mine(me, draftId);
      if (row.revision !== input.baseRevision) throw new ConflictError(DRAFT_MESSAGES.staleRevision);
      let body: string | null;
      if (input.body !== undefined) body = input.body;
      else if (input.edit) body = applyEdit(row.body, input.edit);
      else throw new BadRequestError(DRAFT_MESSAGES.nothingToSave);
      if (body === null) throw new BadRequestError(DRAFT_MESSAGES.badEdit);
      // Through the document: the editors open on it see the change at once.
      const saved = await writeText(row, body);
      await autoSnapshot(saved);
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
      const revision = row.revision_base === null ? null : { color: row.revision_color, base: row.revision_base, startedAt: row.revision_started_at ?? row.updated_at };
      return { title: row.title, bytes: await screenplayPdf(row.body, row.title, revision) };
    },

    async fdx(me, draftId) {
      const row = await mine(me, draftId);
      return { title: row.title, xml: fountainToFdx(row.body) };
    },

    async startRevisionColor(me, draftId) {
      const row = await mine(me, draftId);
      const values = { revision_color: row.revision_color + 1, revision_base: row.body, revision_started_at: new Date().toISOString() };
      if (!(await repo.setRevisionColor(me, draftId, values))) throw new NotFoundError(DRAFT_MESSAGES.notFound);
      return toDraft({ ...row, ...values });
    },
  };
}
