import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { displayName } from '@vox/contract';
import { HAND_IN_TEXTS, type Work } from '@vox/contract/school';
import { Alert, Button, Page, Spinner, buttonClassName } from '@vox/ui';
import { ConfirmDialog } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useAssignment, useWorkActions } from '../api/classes';
import { dueText } from '../shared/dates';
import { CommentList, StatusChip } from '../shared/work-bits';
import '@vox/ui/page-kit';
import '../shared/school.css';
import '../shared/classes.css';

/**
 * /assignments/{assignmentId}: the teacher sees every student's work with a way into the reader
 * to listen and review; a student sees their own, the feedback, and hands it in.
 */
export function AssignmentPage() {
  const { assignmentId = '' } = useParams();
  const detail = useAssignment(assignmentId);
  const { submit } = useWorkActions();
  // Handing in with lines left asks first, saying how many: counted by the server just now, as
  // takes recorded in the reader since this page loaded count.
  const [asking, setAsking] = useState<Work | null>(null);
  const handIn = async (w: Work) => {
    const fresh = (await detail.refetch()).data?.works.find((x) => x.id === w.id) ?? w;
    if (fresh.linesLeft > 0) setAsking(fresh);
    else submit.mutate(w.id);
  };

  if (detail.isPending)
    return (
      <Page>
        <Spinner label="Loading the assignment" />
      </Page>
    );
  if (detail.isError)
    return (
      <Page>
        <Alert variant="error">{detail.error.message}</Alert>
      </Page>
    );
  const { assignment, works } = detail.data;
  const teaching = assignment.counts !== null;

  return (
    <Page>
      <p className="vox-class-crumb">
        <Link to={href('class', { classId: assignment.classId })}>{assignment.className}</Link>
      </p>
      <h1 className="vox-page-title vox-page-title--plain">{assignment.scriptTitle}</h1>
      <p className="vox-meta vox-class-card__meta">Due {dueText(assignment.dueAt)}</p>
      {assignment.instructions && <p className="vox-page-lead vox-page-lead--end vox-school-lead vox-class-instructions">{assignment.instructions}</p>}

      {teaching ? (
        <section className="vox-class-section" aria-labelledby="vox-assignment-work">
          <h2 id="vox-assignment-work">Students' work</h2>
          <ul className="vox-stack vox-stack--tight vox-class-works">
            {works.map((w) => (
              <li key={w.id} className="vox-class-work">
                <div className="vox-class-work__main">
                  <h3>{displayName(w.student)}</h3>
                  <p className="vox-class-work__meta">
                    Reads {w.role}
                    {w.submittedAt && ` · submitted ${dueText(w.submittedAt)}`}
                    {w.comments.length > 0 && ` · ${w.comments.length} ${w.comments.length === 1 ? 'comment' : 'comments'}`}
                  </p>
                </div>
                <div className="vox-class-work__side">
                  <StatusChip status={w.status} />
                  <Link className="vox-class-work__open" to={href('session', { sessionId: w.sessionId })} aria-label={`Listen and review: ${displayName(w.student)}`}>
                    Listen and review
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        works.map((w) => (
          <section key={w.id} className="vox-card vox-school-card" aria-labelledby="vox-assignment-mine">
            <div className="vox-class-section__head">
              <h2 id="vox-assignment-mine">Your reading: {w.role}</h2>
              <StatusChip status={w.status} />
            </div>
            <p className="vox-class-help">
              {w.status === 'complete'
                ? 'Your teacher marked this complete.'
                : w.status === 'submitted'
                  ? 'Handed in. Your teacher listens and replies; you get a message.'
                  : 'Record your lines in the reading session, then hand it in here or in the reader.'}
            </p>
            <CommentList comments={w.comments} />
            <div className="vox-class-actions">
              <Link className={buttonClassName({ variant: w.canSubmit ? 'secondary' : 'primary' })} to={href('session', { sessionId: w.sessionId })}>
                Open the reading session
              </Link>
              {w.canSubmit && (
                <Button busy={detail.isFetching || submit.isPending} onClick={() => void handIn(w)}>
                  Hand in
                </Button>
              )}
            </div>
            {submit.isError && <Alert variant="error">{submit.error.message}</Alert>}
          </section>
        ))
      )}
      {asking && (
        <ConfirmDialog
          title={HAND_IN_TEXTS.title(asking.linesLeft)}
          confirmLabel={HAND_IN_TEXTS.confirm}
          dismissLabel={HAND_IN_TEXTS.dismiss}
          busy={submit.isPending}
          error={submit.error?.message}
          onConfirm={() => submit.mutate(asking.id, { onSuccess: () => setAsking(null) })}
          onClose={() => setAsking(null)}
        >
          <p>{HAND_IN_TEXTS.body(asking.linesLeft)}</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
