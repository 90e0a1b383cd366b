import Type from 'typebox';
import { IdParam, Person } from './common';
import { DRAFT_COMMENT_LIMITS as L } from './drafts-values';

/**
 * Comments on a range of a draft's lines: a thread starts on lines `fromLine`..`toLine` (1-based,
 * inclusive) with the text those lines held (`quote`), so the editor can find them again after
 * the lines above have moved; replies join the thread; anyone in the draft resolves or reopens it.
 */

export const DraftCommentParams = Type.Object({ draftId: IdParam, threadId: IdParam });
export type DraftCommentParams = Type.Static<typeof DraftCommentParams>;

const DraftComment = Type.Object({
  id: Type.String(),
  author: Person,
  body: Type.String(),
  createdAt: Type.String(),
});

export const DraftCommentThread = Type.Object({
  id: Type.String(),
  fromLine: Type.Integer({ minimum: 1 }),
  toLine: Type.Integer({ minimum: 1 }),
  quote: Type.String(),
  /** When it was resolved, and by whom; null while open. */
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
  resolvedBy: Type.Union([Person, Type.Null()]),
  createdAt: Type.String(),
  /** Oldest first: the first one started the thread. */
  comments: Type.Array(DraftComment),
});
export type DraftCommentThread = Type.Static<typeof DraftCommentThread>;

/** GET /api/drafts/{id}/comments: every thread, open ones first, each by its first line. */
export const DraftCommentThreads = Type.Object({ threads: Type.Array(DraftCommentThread) });
export type DraftCommentThreads = Type.Static<typeof DraftCommentThreads>;

export const DraftCommentStart = Type.Object({
  fromLine: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  toLine: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  quote: Type.String({ maxLength: L.quote * 4 }),
  body: Type.String({ maxLength: L.body * 4 }),
});
export type DraftCommentStart = Type.Static<typeof DraftCommentStart>;

export const DraftCommentReply = Type.Object({ body: Type.String({ maxLength: L.body * 4 }) });
export type DraftCommentReply = Type.Static<typeof DraftCommentReply>;

export const DraftCommentResolution = Type.Object({ resolved: Type.Boolean() });
export type DraftCommentResolution = Type.Static<typeof DraftCommentResolution>;

/** The thread as it is after the change, and what to tell the writer. */
export const DraftCommentResult = Type.Object({ thread: DraftCommentThread, message: Type.String() });
export type DraftCommentResult = Type.Static<typeof DraftCommentResult>;
