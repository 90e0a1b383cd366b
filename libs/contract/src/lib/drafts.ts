import Type from 'typebox';
import { IdParam } from './common';
import { DRAFT_LIMITS as L } from './drafts-values';

/**
 * Drafts, revisions and templates: the schemas of the writing room. A draft is
 * Fountain text with a revision number that every save moves on; a save names the revision it
 * was made on, and a stale one is refused (409), so two tabs never overwrite each other.
 */

export const DraftParams = Type.Object({ draftId: IdParam });
export type DraftParams = Type.Static<typeof DraftParams>;
export const DraftRevisionParams = Type.Object({ draftId: IdParam, revisionId: IdParam });
export type DraftRevisionParams = Type.Static<typeof DraftRevisionParams>;
export const TemplateParams = Type.Object({ templateId: IdParam });
export type TemplateParams = Type.Static<typeof TemplateParams>;

/** A draft as the list shows it. */
export const DraftSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** The save counter: every accepted save adds one. */
  revision: Type.Integer({ minimum: 1 }),
  wordCount: Type.Integer({ minimum: 0 }),
  /**
   * Pages of the draft's PDF after its title page, by the PDF's own layout (@vox/fountain's
   * `pageCount`): the number of its last page. 0 when there is nothing to print.
   */
  pageEstimate: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DraftSummary = Type.Static<typeof DraftSummary>;

/** The script a draft was last published as; the next publish updates that script. */
export const DraftPublishedAs = Type.Object({
  scriptId: Type.String(),
  scriptTitle: Type.String(),
  /** The draft's revision that was published. */
  revision: Type.Integer({ minimum: 1 }),
  publishedAt: Type.String(),
});
export type DraftPublishedAs = Type.Static<typeof DraftPublishedAs>;

/**
 * The draft's current revision colour (industry sequence: White, Blue, Pink, ... Cherry, then
 * Double White, ...): `index` 0 is White, the original, with nothing marked.
 */
const DraftRevisionColor = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  /** "Blue", "Double White" (@vox/fountain's revisionColorName). */
  name: Type.String(),
  /** When the writer started this revision set; null while White. */
  startedAt: Type.Union([Type.String(), Type.Null()]),
});

export const Draft = Type.Object({
  ...DraftSummary.properties,
  /** Fountain text. */
  body: Type.String(),
  revisionColor: DraftRevisionColor,
  /**
   * The text when the current revision set started: the lines changed since are the ones the
   * editor's margin and the PDF mark. Null while White.
   */
  revisionBase: Type.Union([Type.String(), Type.Null()]),
  /** GET /api/drafts/{id} only: the script it was published as, or null when never published. */
  publishedAs: Type.Optional(Type.Union([DraftPublishedAs, Type.Null()])),
});
export type Draft = Type.Static<typeof Draft>;

export const DraftList = Type.Object({ items: Type.Array(DraftSummary) });
export type DraftList = Type.Static<typeof DraftList>;

export const DraftListQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: L.search })) });
export type DraftListQuery = Type.Static<typeof DraftListQuery>;

/** A new draft: blank, from a template, or from a given text (keep both after a conflict). */
export const DraftCreate = Type.Object({
  title: Type.Optional(Type.String({ maxLength: L.title })),
  templateId: Type.Optional(IdParam),
  body: Type.Optional(Type.String({ maxLength: L.body })),
});
export type DraftCreate = Type.Static<typeof DraftCreate>;

const DraftEditSchema = Type.Object({
  from: Type.Integer({ minimum: 0 }),
  to: Type.Integer({ minimum: 0 }),
  insert: Type.String({ maxLength: L.body }),
});

/**
 * A save: made on `baseRevision`, carrying either the whole text (`body`) or one replacement
 * against the base (`edit`, what autosave sends so a large draft is not sent whole each time).
 */
export const DraftSave = Type.Object({
  baseRevision: Type.Integer({ minimum: 1 }),
  body: Type.Optional(Type.String({ maxLength: L.body })),
  edit: Type.Optional(DraftEditSchema),
});
export type DraftSave = Type.Static<typeof DraftSave>;

/**
 * A screenplay file made a new draft: Fountain (.fountain, .spmd, .txt) or Final Draft (.fdx),
 * told apart by the file's name; `content` is the file's text.
 */
export const DraftImport = Type.Object({
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  content: Type.String({ maxLength: L.importBytes }),
});
export type DraftImport = Type.Static<typeof DraftImport>;

export const DraftRename = Type.Object({ title: Type.String({ minLength: 1, maxLength: L.title }) });
export type DraftRename = Type.Static<typeof DraftRename>;

const RevisionKindSchema = Type.Union([Type.Literal('auto'), Type.Literal('named'), Type.Literal('restore')]);

export const DraftRevisionSummary = Type.Object({
  id: Type.String(),
  /** The draft's save counter when the snapshot was taken. */
  number: Type.Integer({ minimum: 1 }),
  kind: RevisionKindSchema,
  /** Named revisions: the writer's name; automatic ones: null; restores: what was restored. */
  name: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  wordCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
});
export type DraftRevisionSummary = Type.Static<typeof DraftRevisionSummary>;

export const DraftRevision = Type.Object({ ...DraftRevisionSummary.properties, body: Type.String() });
export type DraftRevision = Type.Static<typeof DraftRevision>;

export const DraftRevisionList = Type.Object({ items: Type.Array(DraftRevisionSummary) });
export type DraftRevisionList = Type.Static<typeof DraftRevisionList>;

export const DraftRevisionCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: L.revisionName }) });
export type DraftRevisionCreate = Type.Static<typeof DraftRevisionCreate>;

/** Publish the draft as it is at `baseRevision` (409 when it was saved elsewhere since). */
export const DraftPublishInput = Type.Object({ baseRevision: Type.Integer({ minimum: 1 }) });
export type DraftPublishInput = Type.Static<typeof DraftPublishInput>;

/**
 * POST /api/drafts/{id}/publish: the script made or updated, and what became of its lines and
 * takes. Unchanged lines keep their id (and takes); changed lines keep their takes, marked as
 * recorded on earlier text; removed lines that had takes are kept, retired, their takes listed.
 */
export const DraftPublication = Type.Object({
  publishedAs: DraftPublishedAs,
  /** True when this publish made a new script (first publish, or the old one was deleted). */
  created: Type.Boolean(),
  lines: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    unchanged: Type.Integer({ minimum: 0 }),
    changed: Type.Integer({ minimum: 0 }),
    added: Type.Integer({ minimum: 0 }),
    removed: Type.Integer({ minimum: 0 }),
  }),
  takes: Type.Object({
    /** Every take of the script, in every session. */
    total: Type.Integer({ minimum: 0 }),
    onEarlierText: Type.Integer({ minimum: 0 }),
    onRemovedLines: Type.Integer({ minimum: 0 }),
  }),
});
export type DraftPublication = Type.Static<typeof DraftPublication>;

export const TemplateSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  /** Ready-made (everyone's, read only) or mine. */
  system: Type.Boolean(),
  updatedAt: Type.String(),
});
export type TemplateSummary = Type.Static<typeof TemplateSummary>;

export const Template = Type.Object({ ...TemplateSummary.properties, body: Type.String() });
export type Template = Type.Static<typeof Template>;

export const TemplateList = Type.Object({ items: Type.Array(TemplateSummary) });
export type TemplateList = Type.Static<typeof TemplateList>;

export const TemplateInput = Type.Object({
  title: Type.String({ maxLength: L.title }),
  description: Type.String({ maxLength: L.templateDescription }),
  body: Type.String({ maxLength: L.body }),
});
export type TemplateInput = Type.Static<typeof TemplateInput>;
