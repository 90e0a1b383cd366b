import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { repositoryPlugin, type Repository } from './repository-plugin';

/** Comment threads on lines of drafts, and their comments: SQL only. */

export type DraftCommentThreadRow = Selectable<Database['draft_comment_threads']>;
export type DraftCommentRow = Selectable<Database['draft_comments']>;

/** The draft's threads, oldest first, and all their comments, oldest first. */
async function listThreads(db: Db, draftId: string): Promise<{ threads: DraftCommentThreadRow[]; comments: DraftCommentRow[] }> {
  const threads = await db.selectFrom('draft_comment_threads').selectAll().where('draft_id', '=', draftId).orderBy('created_at').orderBy('id').execute();
  const comments =
    threads.length === 0
      ? []
      : await db
          .selectFrom('draft_comments as c')
          .innerJoin('draft_comment_threads as t', 't.id', 'c.thread_id')
          .selectAll('c')
          .where('t.draft_id', '=', draftId)
          .orderBy('c.created_at')
          .orderBy('c.id')
          .execute();
  return { threads, comments };
}

/** One thread of the draft (a thread id of another draft is not there) and its comments. */
async function findThread(db: Db, draftId: string, threadId: string): Promise<{ thread: DraftCommentThreadRow; comments: DraftCommentRow[] } | undefined> {
  const thread = await db.selectFrom('draft_comment_threads').selectAll().where('id', '=', threadId).where('draft_id', '=', draftId).executeTakeFirst();
  if (!thread) return undefined;
  const comments = await db.selectFrom('draft_comments').selectAll().where('thread_id', '=', threadId).orderBy('created_at').orderBy('id').execute();
  return { thread, comments };
}

async function countThreads(db: Db, draftId: string): Promise<number> {
  const row = await db.selectFrom('draft_comment_threads').select((eb) => eb.fn.countAll<number | string>().as('n')).where('draft_id', '=', draftId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertThread(db: Db, thread: DraftCommentThreadRow, first: DraftCommentRow): Promise<void> {
  await db.insertInto('draft_comment_threads').values(thread).execute();
  await db.insertInto('draft_comments').values(first).execute();
}

async function insertComment(db: Db, comment: DraftCommentRow): Promise<void> {
  await db.insertInto('draft_comments').values(comment).execute();
}

async function setResolved(db: Db, threadId: string, resolved: { at: string; by: string } | null): Promise<void> {
  await db
    .updateTable('draft_comment_threads')
    .set({ resolved_at: resolved?.at ?? null, resolved_by: resolved?.by ?? null })
    .where('id', '=', threadId)
    .execute();
}

declare module 'fastify' {
  interface FastifyInstance {
    draftCommentsRepository: DraftCommentsRepository;
  }
}

const queries = { listThreads, findThread, countThreads, insertComment, setResolved };
type DraftCommentsRepository = Repository<typeof queries>;

export default repositoryPlugin('draftCommentsRepository', 'draft-comments-repository', queries);
