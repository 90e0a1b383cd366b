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
  /**
   * GET /api/drafts/{id} only: the shared document (a Yjs update holding the whole state, base64)
   * the editor starts from; `body` is the Fountain text derived from it (docs/drafts.md).
   */
  doc: Type.Optional(Type.String()),
  /** GET /api/drafts/{id} only: what I may do in it (the owner publishes, deletes and invites). */
  access: Type.Optional(Type.Union([Type.Literal('owner'), Type.Literal('editor'), Type.Literal('commenter')])),
  /** GET /api/drafts/{id} only: my place among its writers (the owner 0, then by invitation), which picks my cursor's colour. */
  seat: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type Draft = Type.Static<typeof Draft>;

/** An invited co-writer's part: an editor writes, a commenter reads. */
export const DraftRole = Type.Union([Type.Literal('editor'), Type.Literal('commenter')]);
export type DraftRole = Type.Static<typeof DraftRole>;

export const DraftPersonParams = Type.Object({ draftId: IdParam, userId: IdParam });
export type DraftPersonParams = Type.Static<typeof DraftPersonParams>;
export const DraftLinkParams = Type.Object({ draftId: IdParam, token: Type.String({ minLength: 10, maxLength: 64 }) });
export type DraftLinkParams = Type.Static<typeof DraftLinkParams>;
export const DraftInviteParams = Type.Object({ token: Type.String({ minLength: 10, maxLength: 64 }) });
export type DraftInviteParams = Type.Static<typeof DraftInviteParams>;

/** A friend of the owner, invited by name. */
export const DraftInvite = Type.Object({ userId: IdParam, role: DraftRole });
export type DraftInvite = Type.Static<typeof DraftInvite>;
export const DraftLinkCreate = Type.Object({ role: DraftRole });
export type DraftLinkCreate = Type.Static<typeof DraftLinkCreate>;

/** A link that makes whoever opens it (signed in) a co-writer of the draft, in `role`. */
export const DraftInviteLink = Type.Object({ token: Type.String(), role: DraftRole, createdAt: Type.String() });
export type DraftInviteLink = Type.Static<typeof DraftInviteLink>;

/** Who writes in a draft besides its owner, and the owner's invite links (the owner's view). */
export const DraftPeople = Type.Object({
  people: Type.Array(
    Type.Object({
      id: Type.String(),
      /** Their name, else @handle (coWriterName). */
      name: Type.String(),
      handle: Type.Union([Type.String(), Type.Null()]),
      photo: Type.Union([Type.String(), Type.Null()]),
      role: DraftRole,
      invitedAt: Type.String(),
    }),
  ),
  links: Type.Array(DraftInviteLink),
});
export type DraftPeople = Type.Static<typeof DraftPeople>;

/** An invite link taken: the draft to open, and my part in it. */
export const DraftJoined = Type.Object({ draftId: Type.String(), title: Type.String(), role: Type.Union([Type.Literal('owner'), DraftRole]) });
export type DraftJoined = Type.Static<typeof DraftJoined>;

/** A change to the shared document (a Yjs update, base64) from one editor's connection. */
export const DraftDocUpdate = Type.Object({
  update: Type.String({ minLength: 1, maxLength: L.docUpdate }),
  /** The stream's `hello` id, so the change is not sent back to the tab that made it. */
  connectionId: Type.Optional(Type.String({ maxLength: 64 })),
});
export type DraftDocUpdate = Type.Static<typeof DraftDocUpdate>;

/** Where my cursor and selection are (a y-protocols awareness update, base64). */
export const DraftAwarenessUpdate = Type.Object({
  update: Type.String({ minLength: 1, maxLength: 4000 }),
  connectionId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type DraftAwarenessUpdate = Type.Static<typeof DraftAwarenessUpdate>;

export const DraftDocSaved = Type.Object({ revision: Type.Integer({ minimum: 1 }) });
export type DraftDocSaved = Type.Static<typeof DraftDocSaved>;

export const DraftStream = Type.String({ description: 'text/event-stream: one DraftLiveEvent per event, as JSON in its data field.' });

/** What the co-writing stream of a draft carries (docs/drafts.md). */
export type DraftLiveEvent =
  | { type: 'hello'; connectionId: string }
  /** The whole document as the server has it now (a Yjs update, base64). */
  | { type: 'sync'; update: string }
  /** A change someone made (a Yjs update, base64). */
  | { type: 'update'; update: string }
  /** Someone's cursor and selection (a y-protocols awareness update, base64). */
  | { type: 'awareness'; update: string }
  /** My access ended (removed from the draft, or the draft deleted): the stream ends, no reconnect. */
  | { type: 'revoked'; message: string }
  | { type: 'reconnect' };

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
