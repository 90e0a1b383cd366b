import { useEffect, useState } from 'react';
import type { DraftRevisionSummary } from '@vox/contract';
import { Alert, Spinner, cx } from '@vox/ui';
import { getRevision } from '../api/drafts';
import { sideBySide, type CompareRow } from './side-by-side';

/** Two revisions side by side, removed lines marked on the left and added ones on the right (`diff`, loaded here only). */
export function RevisionCompare({
  draftId,
  left,
  right,
  label,
}: {
  draftId: string;
  left: DraftRevisionSummary;
  right: DraftRevisionSummary;
  label(revision: DraftRevisionSummary): string;
}) {
  const [rows, setRows] = useState<CompareRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([getRevision(draftId, left.id), getRevision(draftId, right.id), import('diff')])
      .then(([a, b, { diffLines }]) => live && setRows(sideBySide(diffLines(a.body, b.body))))
      .catch((error: Error) => live && setProblem(error.message));
    return () => {
      live = false;
    };
  }, [draftId, left.id, right.id]);

  if (problem) return <Alert>{problem}</Alert>;
  if (!rows) return <Spinner label="Comparing" />;
  const changed = rows.filter((row) => row.left?.changed || row.right?.changed).length;
  return (
    <div className="vox-compare">
      <p className="vox-compare__summary">{changed === 0 ? 'These revisions are the same.' : `${changed} ${changed === 1 ? 'line differs' : 'lines differ'}.`}</p>
      <table className="vox-compare__table">
        <thead>
          <tr>
            <th scope="col">{label(left)}</th>
            <th scope="col">{label(right)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <td className={cx('vox-compare__cell', row.left?.changed && 'vox-compare__cell--removed')}>
                {row.left?.changed ? <del>{row.left.text}</del> : row.left?.text}
              </td>
              <td className={cx('vox-compare__cell', row.right?.changed && 'vox-compare__cell--added')}>
                {row.right?.changed ? <ins>{row.right.text}</ins> : row.right?.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
