import { Link } from 'react-router';
import { displayName } from '@vox/contract';
import { WORK_STATUS_LABELS, type Work, type WorkComment } from '@vox/contract/school';
import { href } from '@vox/variant';
import { dueText } from './dates';

/** A work's state as a small coloured label. */
export function StatusChip({ status }: { status: Work['status'] }) {
  return <span className={`vox-class-status vox-class-status--${status}`}>{WORK_STATUS_LABELS[status]}</span>;
}

/** "at 0:12" for a comment on a time in a take. */
const atTime = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function CommentList({ comments }: { comments: WorkComment[] }) {
  if (comments.length === 0) return null;
  return (
    <ul className="vox-class-comments" aria-label="Feedback">
      {comments.map((c) => (
        <li key={c.id}>
          {c.lineText && (
            <q className="vox-class-comments__line">
              {c.lineText}
              {c.atMs !== null && <span className="vox-class-comments__at"> at {atTime(c.atMs)}</span>}
            </q>
          )}
          <p>{c.body}</p>
          <span className="vox-class-comments__who">{displayName(c.author)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One piece of work in a list: what, for which class, when due, its state and a way in. */
export function WorkRow({ work, showStudent = false, showComments = false }: { work: Work; showStudent?: boolean; showComments?: boolean }) {
  return (
    <li className="vox-class-work">
      <div className="vox-class-work__main">
        <h3>
          <Link to={href('assignment', { assignmentId: work.assignmentId })}>{work.scriptTitle}</Link>
        </h3>
        <p className="vox-class-work__meta">
          {showStudent ? `${displayName(work.student)} as ${work.role}` : `You read ${work.role}`} · {work.className} · due {dueText(work.dueAt)}
        </p>
        {showComments && <CommentList comments={work.comments} />}
      </div>
      <div className="vox-class-work__side">
        <StatusChip status={work.status} />
        <Link className="vox-class-work__open" to={href('session', { sessionId: work.sessionId })} aria-label={`${work.canReview ? 'Listen and review' : 'Open the reading'}: ${work.scriptTitle}${showStudent ? `, ${displayName(work.student)}` : ''}`}>
          {work.canReview ? 'Listen and review' : 'Open the reading'}
        </Link>
      </div>
    </li>
  );
}
