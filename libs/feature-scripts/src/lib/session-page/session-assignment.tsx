import { useState, type FormEvent, type RefObject } from 'react';
import { displayName, type SessionDetail } from '@vox/contract';
import { HAND_IN_TEXTS, WORK_STATUS_LABELS, type Work } from '@vox/contract/school';
import { Alert, Button } from '@vox/ui';
import { ConfirmDialog } from '@vox/ui/forms';
import { useCommentOnWork, useFreshWork, useSessionWork, useWorkDecisions } from '../api/work';
import './session-assignment.css';

/** "4.5 s": takes are short, so seconds with a tenth. */
const atTime = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The reader's assignment panel (docs/school.md): when the session belongs to a class
 * assignment, the student sees the feedback and hands the work in; the teacher comments on the
 * work, a line, or a time in a take, returns it for another try or marks it complete. Nothing
 * shows for an ordinary session.
 */
export function SessionAssignment({ session, audioRef }: { session: SessionDetail; audioRef: RefObject<HTMLAudioElement | null> }) {
  const works = useSessionWork(session.id);
  const list = works.data?.works ?? [];
  if (list.length === 0) return null;
  return (
    <div className="vox-assignment">
      {list.map((w) => (
        <WorkPanel key={w.id} work={w} session={session} audioRef={audioRef} />
      ))}
    </div>
  );
}

function WorkPanel({ work, session, audioRef }: { work: Work; session: SessionDetail; audioRef: RefObject<HTMLAudioElement | null> }) {
  const { submit, review, refresh } = useWorkDecisions(session.id, work.id);
  const freshWork = useFreshWork(session.id);
  const who = work.canReview ? `${displayName(work.student)} reads ${work.role}` : `You read ${work.role}`;
  const error = submit.error?.message ?? review.error?.message;
  // Open when there is something to do or read (the student's Hand in, the teacher's review,
  // feedback); the reader folds it away and it stays as they left it while the work changes.
  const [open, setOpen] = useState(() => work.canReview || work.canSubmit || work.comments.length > 0);
  // Handing in with lines left asks first, saying how many: counted by the server just now, as
  // takes recorded since the panel loaded count.
  const [asking, setAsking] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const handIn = async () => {
    setChecking(true);
    const fresh = await freshWork();
    setChecking(false);
    const left = fresh?.works.find((w) => w.id === work.id)?.linesLeft ?? work.linesLeft;
    if (left > 0) setAsking(left);
    else submit.mutate();
  };

  return (
    <details className="vox-assignment__work" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="vox-assignment__title">
          Assignment: {who} · {work.className}
        </span>
        <span className={`vox-assignment__status vox-assignment__status--${work.status}`}>{WORK_STATUS_LABELS[work.status]}</span>
      </summary>
      <div className="vox-assignment__body">
        {work.instructions && <p className="vox-assignment__instructions">{work.instructions}</p>}
        {work.comments.length > 0 ? (
          <ul className="vox-assignment__comments" aria-label={`Feedback for ${work.canReview ? displayName(work.student) : 'you'}`}>
            {work.comments.map((c) => (
              <li key={c.id}>
                {c.lineText && (
                  <q>
                    {c.lineText}
                    {c.atMs !== null && ` (at ${atTime(c.atMs)} in the take)`}
                  </q>
                )}
                <p>{c.body}</p>
                <span>{displayName(c.author)}</span>
              </li>
            ))}
          </ul>
        ) : (
          !work.canReview && <p className="vox-assignment__none">No feedback yet.</p>
        )}
        {work.canSubmit && (
          <Button size="sm" busy={checking || submit.isPending} onClick={() => void handIn()}>
            Hand in to your teacher
          </Button>
        )}
        {asking !== null && (
          <ConfirmDialog
            title={HAND_IN_TEXTS.title(asking)}
            confirmLabel={HAND_IN_TEXTS.confirm}
            dismissLabel={HAND_IN_TEXTS.dismiss}
            busy={submit.isPending}
            error={submit.error?.message}
            onConfirm={() => submit.mutate(undefined, { onSuccess: () => setAsking(null) })}
            onClose={() => setAsking(null)}
          >
            <p>{HAND_IN_TEXTS.body(asking)}</p>
          </ConfirmDialog>
        )}
        {/* The decision before the comment form, so a phone shows it without scrolling the panel. */}
        {work.canReview && work.status === 'submitted' && (
          <div className="vox-assignment__actions">
            <Button size="sm" variant="secondary" busy={review.isPending && review.variables === 'returned'} onClick={() => review.mutate('returned')}>
              Return for another try
            </Button>
            <Button size="sm" busy={review.isPending && review.variables === 'complete'} onClick={() => review.mutate('complete')}>
              Mark complete
            </Button>
          </div>
        )}
        {work.canReview && <CommentForm work={work} session={session} audioRef={audioRef} onDone={refresh} />}
        {error && <Alert variant="error">{error}</Alert>}
      </div>
    </details>
  );
}

function CommentForm({ work, session, audioRef, onDone }: { work: Work; session: SessionDetail; audioRef: RefObject<HTMLAudioElement | null>; onDone(): void }) {
  const [body, setBody] = useState('');
  const [lineId, setLineId] = useState('');
  const [takeId, setTakeId] = useState('');
  const [seconds, setSeconds] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lines = session.script.lines.filter((l) => l.kind === 'dialogue' && l.role === work.role);
  const takes = session.takes.filter((t) => t.lineId === lineId && t.userId === work.student.id);
  const send = useCommentOnWork(work.id, () => {
    setBody('');
    setSeconds('');
    onDone();
  });
  const id = `vox-assignment-${work.id}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setProblem('Please write a comment.');
    if (seconds.trim() && !(Number(seconds) >= 0)) return setProblem('Give the time as seconds, like 4.5.');
    setProblem(null);
    send.mutate({ body, lineId: lineId || null, takeId: takeId || null, atMs: takeId && seconds.trim() ? Math.round(Number(seconds) * 1000) : null });
  };

  return (
    <form className="vox-assignment__form" onSubmit={submit} noValidate aria-label={`Comment on ${displayName(work.student)}'s reading`}>
      <div className="vox-assignment__row">
        <label>
          <span>Line</span>
          <select className="vox-input" value={lineId} onChange={(e) => (setLineId(e.target.value), setTakeId(''))}>
            <option value="">The whole reading</option>
            {lines.map((l, i) => (
              <option key={l.id} value={l.id}>
                {i + 1}. {l.text.length > 50 ? `${l.text.slice(0, 47)}...` : l.text}
              </option>
            ))}
          </select>
        </label>
        {takes.length > 0 && (
          <label>
            <span>Take</span>
            <select className="vox-input" value={takeId} onChange={(e) => setTakeId(e.target.value)}>
              <option value="">Any take</option>
              {takes.map((t, i) => (
                <option key={t.id} value={t.id}>
                  Take {i + 1}
                  {t.picked ? ' (picked)' : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {takeId && (
          <div className="vox-assignment__time">
            <label>
              <span>At (seconds)</span>
              <input className="vox-input" type="number" min={0} step={0.1} inputMode="decimal" value={seconds} onChange={(e) => setSeconds(e.target.value)} />
            </label>
            <Button type="button" variant="link" size="sm" onClick={() => setSeconds((audioRef.current?.currentTime ?? 0).toFixed(1))}>
              Time now playing
            </Button>
          </div>
        )}
      </div>
      <label className="vox-assignment__text">
        <span>Comment</span>
        <textarea className="vox-input" value={body} onChange={(e) => setBody(e.target.value)} maxLength={2000} id={`${id}-body`} />
      </label>
      {(problem || send.isError) && <Alert variant="error">{problem ?? send.error?.message}</Alert>}
      <div>
        <Button type="submit" size="sm" variant="secondary" busy={send.isPending}>
          Add comment
        </Button>
      </div>
    </form>
  );
}
