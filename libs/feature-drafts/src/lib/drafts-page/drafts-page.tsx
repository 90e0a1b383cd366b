import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DraftSummary } from '@vox/contract';
import { DRAFT_LIMITS } from '@vox/contract/drafts';
import { Alert, Button, Page, Spinner, buttonClassName, cx } from '@vox/ui';
import { Modal, TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useCreateDraft, useDraftActions, useDrafts, useImportDraft } from '../api/drafts';
import { formatWhen } from '../format';
import '@vox/ui/page-kit';
import './drafts-page.css';

/** "1,234 words · 3 pages": the pages of the draft's PDF after its title page, as the PDF numbers them. */
export const draftStats = (draft: Pick<DraftSummary, 'wordCount' | 'pageEstimate'>): string =>
  `${draft.wordCount.toLocaleString('en')} ${draft.wordCount === 1 ? 'word' : 'words'} · ${
    draft.pageEstimate === 0 ? 'no pages yet' : `${draft.pageEstimate.toLocaleString('en')} ${draft.pageEstimate === 1 ? 'page' : 'pages'}`
  }`;

/** The file picker's choice: Fountain (and plain text in Fountain) and Final Draft. */
const IMPORT_ACCEPT = '.fountain,.spmd,.txt,.fdx,text/plain';

const DRAFT_IMPORT_MESSAGES = {
  tooLarge: `This file is larger than a screenplay can be (${(DRAFT_LIMITS.importBytes / 1_000_000).toLocaleString('en')} MB). Choose a Fountain or Final Draft screenplay.`,
  unreadable: 'This file could not be read. Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.',
} as const;

/** A chosen file's text as UTF-8 (FileReader: jsdom's File has no text()). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/**
 * /write (privilege draft): my drafts, newest edit first, with search and the list's actions.
 * Import: a Fountain file (.fountain, or .txt in Fountain) or a Final Draft file (.fdx) becomes a
 * new draft. The page sends the file's text; the server converts Final Draft's XML and checks
 * either kind (so the XML code stays out of the web bundles), and a bad file makes nothing.
 */
export function DraftsPage() {
  const [search, setSearch] = useState('');
  const drafts = useDrafts(search.trim());
  const create = useCreateDraft();
  const importDraft = useImportDraft();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<DraftSummary | null>(null);
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const actions = useDraftActions();
  const [problem, setProblem] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const newDraft = async () => {
    setProblem(null);
    try {
      const draft = await create.mutateAsync({});
      void navigate(href('draft', { documentId: draft.id }));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const importFile = async (file: File) => {
    setProblem(null);
    setImporting(true);
    try {
      if (file.size > DRAFT_LIMITS.importBytes) return setProblem(DRAFT_IMPORT_MESSAGES.tooLarge);
      let content: string;
      try {
        content = await readText(file);
      } catch {
        return setProblem(DRAFT_IMPORT_MESSAGES.unreadable);
      }
      // The server names the draft after the screenplay's title; without one, after the file.
      const draft = await importDraft.mutateAsync({ fileName: file.name.slice(-255), content });
      void navigate(href('draft', { documentId: draft.id }));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setImporting(false);
    }
  };

  const duplicate = async (draft: DraftSummary) => {
    setProblem(null);
    try {
      await actions.duplicate.mutateAsync(draft.id);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <Page className="vox-drafts">
      <header className="vox-page-head">
        <div>
          <h1 className="vox-page-title vox-drafts__title">Drafts</h1>
          <p className="vox-page-lead vox-drafts__lead">Write in Fountain with a live screenplay preview. Every draft saves as you type and keeps its revision history.</p>
        </div>
        <div className="vox-toolbar">
          <Button variant="primary" size="lg" busy={create.isPending} onClick={() => void newDraft()}>
            New draft
          </Button>
          <Link to={href('templates')} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            From a template
          </Link>
          <Button variant="secondary" size="lg" busy={importing} onClick={() => fileRef.current?.click()}>
            Import
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept={IMPORT_ACCEPT}
            className="vox-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </div>
      </header>

      <div className="vox-drafts__search" role="search">
        <TextField label="Search drafts" type="search" placeholder="Title" value={search} onChange={(event) => setSearch(event.target.value)} maxLength={100} />
      </div>

      {problem && <Alert>{problem}</Alert>}

      {drafts.isPending ? (
        <Spinner size="lg" label="Loading your drafts" />
      ) : drafts.isError ? (
        <Alert>{drafts.error.message}</Alert>
      ) : drafts.data.items.length === 0 ? (
        <section className="vox-drafts__empty">
          <h2>{search.trim() ? 'No draft matches this search' : 'No drafts yet'}</h2>
          <p>{search.trim() ? 'Try another title.' : 'Start a blank draft, or begin from a ready-made template such as a radio spot or an audio drama scene.'}</p>
        </section>
      ) : (
        <ul className={cx('vox-stack vox-stack--close vox-drafts__list', drafts.isPlaceholderData && 'vox-drafts__list--stale')} aria-label="Your drafts">
          {drafts.data.items.map((draft) => (
            <li key={draft.id} className="vox-drafts__item">
              <Link to={href('draft', { documentId: draft.id })} className="vox-drafts__link">
                <span className="vox-drafts__name">{draft.title}</span>
                <span className="vox-drafts__meta">
                  {draftStats(draft)} · Edited <time dateTime={draft.updatedAt}>{formatWhen(draft.updatedAt)}</time>
                </span>
              </Link>
              <div className="vox-drafts__actions">
                <Button variant="link" size="sm" onClick={() => setRenaming(draft)} aria-label={`Rename ${draft.title}`}>
                  Rename
                </Button>
                <Button variant="link" size="sm" onClick={() => void duplicate(draft)} aria-label={`Duplicate ${draft.title}`}>
                  Duplicate
                </Button>
                <Button variant="link" size="sm" onClick={() => setDeleting(draft)} aria-label={`Delete ${draft.title}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {renaming && <RenameDialog draft={renaming} onClose={() => setRenaming(null)} />}
      {deleting && (
        <Modal
          title={`Delete “${deleting.title}”?`}
          description="The draft and all its revisions are deleted. Scripts published from it stay."
          onClose={() => setDeleting(null)}
        >
          {actions.remove.isError && <Alert>{actions.remove.error.message}</Alert>}
          <div className="vox-drafts__confirm">
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button
              variant="primary"
              busy={actions.remove.isPending}
              onClick={() => actions.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
            >
              Delete draft
            </Button>
          </div>
        </Modal>
      )}
    </Page>
  );
}

function RenameDialog({ draft, onClose }: { draft: DraftSummary; onClose(): void }) {
  const [title, setTitle] = useState(draft.title);
  const { rename } = useDraftActions();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ draftId: draft.id, title: title.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal title="Rename draft" onClose={onClose}>
      <form onSubmit={submit} className="vox-drafts__rename">
        <TextField label="Title" value={title} maxLength={200} required onChange={(event) => setTitle(event.target.value)} autoFocus error={rename.error?.message} />
        <div className="vox-drafts__confirm">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={rename.isPending} disabled={!title.trim()}>
            Rename
          </Button>
        </div>
      </form>
    </Modal>
  );
}
