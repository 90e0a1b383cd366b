import { useState, type FormEvent } from 'react';
import type { Draft, DraftRevisionSummary } from '@vox/contract';
import { Alert, Button, Spinner } from '@vox/ui';
import { Modal, TextField } from '@vox/ui/forms';
import { nameRevision, restoreRevision, useRefreshRevisions, useRevision, useRevisions } from '../api/drafts';
import { RevisionCompare } from './revision-compare';

const revisionLabel = (revision: Pick<DraftRevisionSummary, 'kind' | 'name'>): string =>
  revision.name ?? (revision.kind === 'auto' ? 'Autosave' : 'Revision');

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The draft's revisions: name the current text, view any revision, compare two side by side,
 * restore one (a new revision; the replaced text is kept too).
 */
export function RevisionsPanel({
  draftId,
  beforeSnapshot,
  onRestored,
  onClose,
}: {
  draftId: string;
  /** Saves what is typed first; false when it could not (offline). */
  beforeSnapshot(): Promise<boolean>;
  onRestored(draft: Draft): void;
  onClose(): void;
}) {
  const revisions = useRevisions(draftId);
  const refreshRevisions = useRefreshRevisions(draftId);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [compare, setCompare] = useState<string[]>([]);
  const [confirmRestore, setConfirmRestore] = useState<DraftRevisionSummary | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      if (!(await beforeSnapshot())) throw new Error('Your latest changes are not saved yet (offline). Try again when they are.');
      await nameRevision(draftId, name.trim());
      setName('');
      await refreshRevisions();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const restore = async (revision: DraftRevisionSummary) => {
    setBusy(true);
    setProblem(null);
    try {
      if (!(await beforeSnapshot())) throw new Error('Your latest changes are not saved yet (offline). Try again when they are.');
      const restored = await restoreRevision(draftId, revision.id);
      await refreshRevisions();
      onRestored(restored);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  const items = revisions.data?.items ?? [];
  const byId = (id: string) => items.find((r) => r.id === id);
  const toggleCompare = (id: string) =>
    setCompare((picked) => (picked.includes(id) ? picked.filter((p) => p !== id) : [...picked.slice(-1), id]));

  if (compare.length === 2 && viewing === 'compare') {
    // Older on the left.
    const [a, b] = compare.map((id) => byId(id)).sort((x, y) => (x && y ? x.createdAt.localeCompare(y.createdAt) || x.number - y.number : 0));
    return (
      <Modal title="Compare revisions" onClose={() => setViewing(null)} size="lg" className="vox-revisions vox-revisions--wide" closeLabel="Back to revisions">
        {a && b && <RevisionCompare draftId={draftId} left={a} right={b} label={(r) => `${revisionLabel(r)} · ${when(r.createdAt)}`} />}
      </Modal>
    );
  }
  if (viewing && viewing !== 'compare') {
    const summary = byId(viewing);
    return <RevisionView draftId={draftId} revisionId={viewing} title={summary ? `${revisionLabel(summary)} · ${when(summary.createdAt)}` : 'Revision'} onClose={() => setViewing(null)} />;
  }

  return (
    <Modal title="Revisions" description="Every version is kept. Restoring one makes it the newest; nothing is lost." onClose={onClose} size="lg" className="vox-revisions">
      <form className="vox-revisions__name" onSubmit={(event) => void submit(event)}>
        <TextField label="Name this version" placeholder="e.g. Table read draft" value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="primary" busy={busy} disabled={!name.trim()}>
          Save revision
        </Button>
      </form>
      {problem && <Alert>{problem}</Alert>}
      {revisions.isPending ? (
        <Spinner label="Loading revisions" />
      ) : revisions.isError ? (
        <Alert>{revisions.error.message}</Alert>
      ) : (
        <>
          <div className="vox-revisions__compare-bar">
            <span>{compare.length === 2 ? 'Two revisions picked.' : 'Tick two revisions to compare them.'}</span>
            <Button variant="secondary" size="sm" disabled={compare.length !== 2} onClick={() => setViewing('compare')}>
              Compare
            </Button>
          </div>
          <ol className="vox-revisions__list" aria-label="Revisions">
            {items.map((revision) => (
              <li key={revision.id} className="vox-revisions__item">
                <label className="vox-revisions__pick">
                  <input type="checkbox" checked={compare.includes(revision.id)} onChange={() => toggleCompare(revision.id)} aria-label={`Compare ${revisionLabel(revision)}, ${when(revision.createdAt)}`} />
                </label>
                <span className="vox-revisions__text">
                  <span className="vox-revisions__label">{revisionLabel(revision)}</span>
                  <span className="vox-revisions__meta">
                    Revision {revision.number} · {when(revision.createdAt)} · {revision.wordCount} {revision.wordCount === 1 ? 'word' : 'words'}
                  </span>
                </span>
                <Button variant="link" size="sm" onClick={() => setViewing(revision.id)}>
                  View
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirmRestore(revision)}>
                  Restore
                </Button>
              </li>
            ))}
          </ol>
        </>
      )}
      {confirmRestore && (
        <Modal
          title="Restore this revision?"
          description={`“${revisionLabel(confirmRestore)}” becomes the newest text. What you have now is kept as a revision too.`}
          onClose={() => setConfirmRestore(null)}
        >
          <div className="vox-revisions__confirm">
            <Button variant="secondary" onClick={() => setConfirmRestore(null)}>
              Cancel
            </Button>
            <Button variant="primary" busy={busy} onClick={() => void restore(confirmRestore)}>
              Restore
            </Button>
          </div>
        </Modal>
      )}
    </Modal>
  );
}

function RevisionView({ draftId, revisionId, title, onClose }: { draftId: string; revisionId: string; title: string; onClose(): void }) {
  const revision = useRevision(draftId, revisionId);
  return (
    <Modal title={title} onClose={onClose} size="lg" className="vox-revisions" closeLabel="Back to revisions">
      {revision.isPending ? <Spinner label="Loading the revision" /> : revision.isError ? <Alert>{revision.error.message}</Alert> : <pre className="vox-revisions__body">{revision.data.body}</pre>}
    </Modal>
  );
}
