import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DraftCommentThread } from '@vox/contract';
import { DRAFT_COMMENT_LIMITS, coWriterName } from '@vox/contract/drafts';
import { Alert, Button, Spinner } from '@vox/ui';
import { useDraftCommentActions } from '../api/drafts';
import { linesLabel, type LineRange, type LocatedThread } from './comment-threads';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The first line a thread quotes, shortened: enough to recognise the place. */
const quoteLine = (quote: string) => {
  const first = quote.split('\n').find((line) => line.trim()) ?? '';
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
};

/**
 * Comments on the draft's lines, beside the text: comment on the selected lines, reply, resolve
 * and reopen; a thread's place button selects its lines in the text.
 */
export function CommentsPanel({
  draftId,
  threads,
  state,
  selection,
  onSelectLines,
  onClose,
  focusThread,
}: {
  draftId: string;
  threads: readonly LocatedThread<DraftCommentThread>[];
  state: { pending: boolean; error: Error | null };
  /** The lines the writer has selected in the text now, and their text. */
  selection(): LineRange & { quote: string };
  onSelectLines(range: LineRange): void;
  onClose(): void;
  /** A thread to show first (opened from a message). */
  focusThread?: string | null;
}) {
  const actions = useDraftCommentActions(draftId);
  const [range, setRange] = useState(() => selection());
  const [body, setBody] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!focusThread) return;
    const item = panel.current?.querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(focusThread)}"]`);
    item?.scrollIntoView({ block: 'nearest' });
    item?.focus();
  }, [focusThread, threads.length]);

  const start = (event: FormEvent) => {
    event.preventDefault();
    const lines = selection();
    setRange(lines);
    actions.start.mutate(
      { ...lines, body },
      {
        onSuccess: (result) => {
          setBody('');
          setNotice({ ok: true, text: result.message });
        },
        onError: (error) => setNotice({ ok: false, text: error.message }),
      },
    );
  };

  const open = threads.filter(({ thread }) => thread.resolvedAt === null);
  const resolved = threads.filter(({ thread }) => thread.resolvedAt !== null);
  const item = (located: LocatedThread<DraftCommentThread>) => (
    <ThreadItem key={located.thread.id} draftId={draftId} located={located} onSelectLines={onSelectLines} onNotice={setNotice} />
  );

  return (
    <aside className="vox-draft-editor__comments" aria-labelledby="vox-draft-comments-title" ref={panel}>
      <div className="vox-draft-editor__comments-head">
        <h2 className="vox-draft-editor__pane-title" id="vox-draft-comments-title">
          Comments
        </h2>
        <Button variant="secondary" size="sm" onClick={onClose} aria-label="Close comments">
          Close
        </Button>
      </div>
      <form className="vox-draft-editor__comment-form" onSubmit={start}>
        <label htmlFor="vox-draft-comment-new" className="vox-draft-editor__comment-label">
          {`Comment on ${linesLabel(range)}`}
        </label>
        <textarea
          id="vox-draft-comment-new"
          className="vox-textarea"
          rows={3}
          maxLength={DRAFT_COMMENT_LIMITS.body}
          value={body}
          // The lines are read when the writer comes to write: selecting lines moves focus to the text.
          onFocus={() => setRange(selection())}
          onChange={(event) => setBody(event.target.value)}
        />
        <p className="vox-meta">Select lines in the text first to comment on several at once.</p>
        <Button type="submit" variant="primary" size="sm" busy={actions.start.isPending} disabled={!body.trim()}>
          Comment
        </Button>
      </form>
      {notice && <Alert variant={notice.ok ? 'success' : 'error'}>{notice.text}</Alert>}
      {state.pending ? (
        <Spinner label="Loading comments" />
      ) : state.error ? (
        <Alert>{state.error.message}</Alert>
      ) : (
        <>
          {open.length === 0 ? (
            <p className="vox-draft-editor__empty">No open comments. Select lines and write one above.</p>
          ) : (
            <ol className="vox-draft-editor__threads" aria-label="Open comments">
              {open.map(item)}
            </ol>
          )}
          {resolved.length > 0 && (
            <details className="vox-draft-editor__resolved" open={resolved.some(({ thread }) => thread.id === focusThread)}>
              <summary>{`Resolved (${resolved.length})`}</summary>
              <ol className="vox-draft-editor__threads" aria-label="Resolved comments">
                {resolved.map(item)}
              </ol>
            </details>
          )}
        </>
      )}
    </aside>
  );
}

function ThreadItem({
  draftId,
  located: { thread, at },
  onSelectLines,
  onNotice,
}: {
  draftId: string;
  located: LocatedThread<DraftCommentThread>;
  onSelectLines(range: LineRange): void;
  onNotice(notice: { ok: boolean; text: string }): void;
}) {
  const actions = useDraftCommentActions(draftId);
  const [reply, setReply] = useState('');
  const place = at ? linesLabel(at) : `${linesLabel(thread)}, changed since`;
  const send = (event: FormEvent) => {
    event.preventDefault();
    actions.reply.mutate(
      { threadId: thread.id, body: reply },
      { onSuccess: (result) => (setReply(''), onNotice({ ok: true, text: result.message })), onError: (error) => onNotice({ ok: false, text: error.message }) },
    );
  };
  const resolved = thread.resolvedAt !== null;
  return (
    <li className="vox-draft-editor__thread" data-thread-id={thread.id} tabIndex={-1}>
      <div className="vox-draft-editor__thread-head">
        {at ? (
          <button type="button" className="vox-plain-button vox-draft-editor__thread-place" onClick={() => onSelectLines(at)} aria-label={`Select ${place} in the text`}>
            {place.charAt(0).toUpperCase() + place.slice(1)}
          </button>
        ) : (
          <span className="vox-draft-editor__thread-place">{place.charAt(0).toUpperCase() + place.slice(1)}</span>
        )}
        <Button
          variant="secondary"
          size="sm"
          busy={actions.resolve.isPending}
          onClick={() =>
            actions.resolve.mutate(
              { threadId: thread.id, resolved: !resolved },
              { onSuccess: (result) => onNotice({ ok: true, text: result.message }), onError: (error) => onNotice({ ok: false, text: error.message }) },
            )
          }
          aria-label={`${resolved ? 'Reopen' : 'Resolve'} the comment on ${place}`}
        >
          {resolved ? 'Reopen' : 'Resolve'}
        </Button>
      </div>
      {thread.quote.trim() && <blockquote className="vox-draft-editor__thread-quote">{quoteLine(thread.quote)}</blockquote>}
      <ol className="vox-draft-editor__thread-comments">
        {thread.comments.map((comment) => (
          <li key={comment.id}>
            <p className="vox-draft-editor__comment-meta">
              <strong>{coWriterName(comment.author)}</strong> · <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
            </p>
            <p className="vox-draft-editor__comment-body">{comment.body}</p>
          </li>
        ))}
      </ol>
      {resolved && thread.resolvedBy && <p className="vox-meta">{`Resolved by ${coWriterName(thread.resolvedBy)}`}</p>}
      {!resolved && (
        <form className="vox-draft-editor__reply" onSubmit={send}>
          <textarea
            className="vox-textarea"
            rows={2}
            aria-label={`Reply on ${place}`}
            placeholder="Reply"
            maxLength={DRAFT_COMMENT_LIMITS.body}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
          <Button type="submit" size="sm" variant="secondary" busy={actions.reply.isPending} disabled={!reply.trim()}>
            Reply
          </Button>
        </form>
      )}
    </li>
  );
}
