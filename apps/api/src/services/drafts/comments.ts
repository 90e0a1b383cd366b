import {
  DRAFT_COMMENT_LIMITS as L,
  DRAFT_COMMENT_MESSAGES as M,
  type DraftCommentResult,
  type DraftCommentStart,
  type DraftCommentThread,
  type DraftCommentThreads,
  type Person,
} from '@vox/contract/schemas';
import { newId } from '../../db/ids';
import { BadRequestError, NotFoundError } from '../../domain-errors';
import { insertThread, type DraftCommentRow, type DraftCommentThreadRow } from '../../repositories/draft-comments';
import type { DraftRow } from '../../repositories/drafts';
import { createNotification } from '../../repositories/notifications';
import { unknownPerson } from '../../repositories/people';
import type { DraftsContext } from './context';

export interface CommentsService {
  /** The draft's threads: open ones first, then resolved ones, each group by its first line. */
  comments(me: string, draftId: string): Promise<DraftCommentThreads>;
  /** A new thread on lines `fromLine`..`toLine`, with its first comment. */
  startComment(me: string, draftId: string, input: DraftCommentStart): Promise<DraftCommentResult>;
  reply(me: string, draftId: string, threadId: string, body: string): Promise<DraftCommentResult>;
  /** Resolves or reopens a thread; doing what is already done changes nothing. */
  resolve(me: string, draftId: string, threadId: string, resolved: boolean): Promise<DraftCommentResult>;
}

/** A comment's text as kept: trimmed, not empty, within the limit. */
function cleanBody(body: string): string {
  const text = body.trim();
  if (!text) throw new BadRequestError(M.empty);
  if (text.length > L.body) throw new BadRequestError(M.tooLong);
  return text;
}

export function commentsService({ app, access }: DraftsContext): CommentsService {
  const threads = app.draftCommentsRepository;

  /**
   * The draft, when `me` is in it (its owner, or a co-writer as editor or commenter): the drafts'
   * own access, so whoever may not read it gets the same 404 (or 403) as for the draft itself.
   */
  const inDraft = async (me: string, draftId: string): Promise<DraftRow> => (await access(me, draftId)).row;

  const shape = (thread: DraftCommentThreadRow, comments: DraftCommentRow[], people: Map<string, Person>): DraftCommentThread => ({
    id: thread.id,
    fromLine: thread.from_line,
    toLine: thread.to_line,
    quote: thread.quote,
    resolvedAt: thread.resolved_at,
    resolvedBy: thread.resolved_by ? (people.get(thread.resolved_by) ?? unknownPerson(thread.resolved_by)) : null,
    createdAt: thread.created_at,
    comments: comments.map((c) => ({ id: c.id, author: people.get(c.author_id) ?? unknownPerson(c.author_id), body: c.body, createdAt: c.created_at })),
  });

  const peopleOf = (rows: { thread: DraftCommentThreadRow; comments: DraftCommentRow[] }[]) =>
    app.peopleRepository.peopleById(new Set(rows.flatMap(({ thread, comments }) => [...comments.map((c) => c.author_id), ...(thread.resolved_by ? [thread.resolved_by] : [])])));

  const one = async (draftId: string, threadId: string) => {
    const found = await threads.findThread(draftId, threadId);
    if (!found) throw new NotFoundError(M.notFound);
    return found;
  };

  const answer = async (draftId: string, threadId: string, message: string): Promise<DraftCommentResult> => {
    const found = await one(draftId, threadId);
    return { thread: shape(found.thread, found.comments, await peopleOf([found])), message };
  };

  /**
   * A message in Messages for the draft's writer and for everyone else who wrote in the thread,
   * never for the one who commented.
   */
  const notify = async (draft: DraftRow, me: string, thread: DraftCommentThreadRow, earlier: DraftCommentRow[], text: string) => {
    const to = new Set([draft.owner_id, ...earlier.map((c) => c.author_id)]);
    to.delete(me);
    const payload = { fromUserId: me, draftId: draft.id, draftTitle: draft.title, threadId: thread.id, fromLine: thread.from_line, toLine: thread.to_line, reply: earlier.length > 0, text };
    await Promise.all([...to].map((userId) => createNotification(app.db, { userId, type: 'draft_comment', payload })));
  };

  return {
    async comments(me, draftId) {
      await inDraft(me, draftId);
      const { threads: rows, comments } = await threads.listThreads(draftId);
      const byThread = new Map<string, DraftCommentRow[]>(rows.map((t) => [t.id, []]));
      for (const c of comments) byThread.get(c.thread_id)?.push(c);
      const grouped = rows.map((thread) => ({ thread, comments: byThread.get(thread.id) ?? [] }));
      const people = await peopleOf(grouped);
      const ordered = grouped.sort((a, b) => Number(a.thread.resolved_at !== null) - Number(b.thread.resolved_at !== null) || a.thread.from_line - b.thread.from_line);
      return { threads: ordered.map(({ thread, comments: list }) => shape(thread, list, people)) };
    },

    async startComment(me, draftId, input) {
      const draft = await inDraft(me, draftId);
      const body = cleanBody(input.body);
      if (input.toLine < input.fromLine) throw new BadRequestError(M.badLines);
      if ((await threads.countThreads(draftId)) >= L.threads) throw new BadRequestError(M.tooManyThreads);
      const now = new Date().toISOString();
      const thread: DraftCommentThreadRow = {
        id: newId(),
        draft_id: draftId,
        author_id: me,
        from_line: input.fromLine,
        to_line: input.toLine,
        quote: input.quote.slice(0, L.quote),
        resolved_at: null,
        resolved_by: null,
        created_at: now,
      };
      // The thread and its first comment land together: a thread is never without its comment.
      await app.db.transaction().execute((trx) => insertThread(trx, thread, { id: newId(), thread_id: thread.id, author_id: me, body, created_at: now }));
      await notify(draft, me, thread, [], body);
      return answer(draftId, thread.id, M.added);
    },

    async reply(me, draftId, threadId, text) {
      const draft = await inDraft(me, draftId);
      const body = cleanBody(text);
      const { thread, comments } = await one(draftId, threadId);
      if (comments.length >= L.comments) throw new BadRequestError(M.tooManyComments);
      await threads.insertComment({ id: newId(), thread_id: threadId, author_id: me, body, created_at: new Date().toISOString() });
      await notify(draft, me, thread, comments, body);
      return answer(draftId, threadId, M.replied);
    },

    async resolve(me, draftId, threadId, resolved) {
      await inDraft(me, draftId);
      const { thread } = await one(draftId, threadId);
      if (resolved !== (thread.resolved_at !== null)) await threads.setResolved(threadId, resolved ? { at: new Date().toISOString(), by: me } : null);
      return answer(draftId, threadId, resolved ? M.resolved : M.reopened);
    },
  };
}
