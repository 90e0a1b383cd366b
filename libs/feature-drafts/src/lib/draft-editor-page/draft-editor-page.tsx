import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Draft } from '@vox/contract';
import { revisionColorName, type TextEdit } from '@vox/fountain';
import { Alert, Button, MAIN_CONTENT_ID, Spinner, cx, lazyComponent } from '@vox/ui';
import { ArrowLeftIcon } from '@vox/ui/page-kit';
import { Modal } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { createDraft, download, draftFdx, draftPdf, fileName, getDraft, saveDraft, startRevisionColor, useDraft, useDraftComments } from '../api/drafts';
import { ScreenplayPreview } from '../screenplay/screenplay-preview';
import { whenIdle } from '../when-idle';
import { Autosave, STATUS_TEXT, warmChangePath, type Conflict, type SaveStatus } from './autosave';
import { locateThreads, type LineRange } from './comment-threads';
import { CommentsPanel } from './comments-panel';
import type { FountainEditorHandle } from './fountain-editor';
import { outlineOf } from './fountain-outline';
import { idbDraftStore, logStore, memoryBackend } from './local-store';
import { PublishControl } from './publish-control';
import { RevisionsPanel } from './revisions-panel';
import { tabChannel, type TabChannel } from './tab-channel';
import './draft-editor.css';

// CodeMirror is a chunk of its own (never loaded by /write or the shell). webpackPreload: the
// browser fetches it alongside this page's chunk, so it is there when the draft has arrived
// instead of being asked for only then (one round trip less when opening a draft).
// Not React.lazy: see lazyComponent (a Suspense reveal waits up to 300 ms after the page's own fallback).
const FountainEditor = lazyComponent(
  () => import(/* webpackPreload: true */ './fountain-editor'),
  (m) => m.FountainEditor,
  <Spinner label="Loading the editor" />,
);

type View = 'write' | 'preview' | 'scenes';

/** /write/{documentId} (privilege draft): the full-screen writing editor. */
export function DraftEditorPage() {
  const { documentId = '' } = useParams();
  const draft = useDraft(documentId);

  return (
    <main className="vox-draft-editor" id={MAIN_CONTENT_ID} tabIndex={-1}>
      {draft.isPending ? (
        <EditorFrame title="Writing editor">
          <Spinner size="lg" label="Opening your draft" />
        </EditorFrame>
      ) : draft.isError ? (
        <EditorFrame title="Writing editor">
          <Alert>{draft.error.message}</Alert>
        </EditorFrame>
      ) : (
        <Writer key={draft.data.id} draft={draft.data} />
      )}
    </main>
  );
}

function EditorFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <header className="vox-toolbar vox-toolbar--center vox-draft-editor__bar">
        <BackLink />
        <h1 className="vox-draft-editor__title">{title}</h1>
      </header>
      <div className="vox-draft-editor__message">{children}</div>
    </>
  );
}

function BackLink() {
  return (
    <Link to={href('drafts')} className="vox-draft-editor__back" aria-label="Back to drafts">
      <ArrowLeftIcon />
      <span className="vox-draft-editor__back-text">Drafts</span>
    </Link>
  );
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

interface StatusValue {
  status: SaveStatus;
  message?: string;
}

/**
 * The save status, outside the page's state: a change of status (the first keystroke after a
 * pause turns 'Saved' into 'Saving…') renders the status alone, not the whole page with its
 * scene list (about 1-3 ms of the first key's work; tools/bench/README.md, "Typing warm-up").
 */
function statusBox(initial: StatusValue) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: StatusValue) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type StatusBox = ReturnType<typeof statusBox>;

function SaveStatusText({ box }: { box: StatusBox }) {
  const status = useSyncExternalStore(box.subscribe, box.get, box.get);
  return (
    <span className={cx('vox-draft-editor__status', `vox-draft-editor__status--${status.status}`)} role="status" data-status={status.status}>
      {STATUS_TEXT[status.status]}
      {status.message ? `: ${status.message}` : ''}
    </span>
  );
}

function Writer({ draft }: { draft: Draft }) {
  const editor = useRef<FountainEditorHandle | null>(null);
  const [status] = useState(() => statusBox({ status: 'saved' }));
  const [initialText, setInitialText] = useState<string | null>(null);
  const [previewText, setPreviewText] = useState(draft.body);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [view, setView] = useState<View>('write');
  const [showRevisions, setShowRevisions] = useState(false);
  // A message about a comment opens the draft with its thread (?comment=id) shown.
  const [searchParams] = useSearchParams();
  const focusThread = searchParams.get('comment');
  const [commentsOpen, setCommentsOpen] = useState(Boolean(focusThread));
  const [editorReady, setEditorReady] = useState(false);
  const [notice, setNotice] = useState<React.ReactNode>(null);
  const previewTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const previewDue = useRef(0);
  const previewPane = useRef<HTMLElement>(null);
  const [pageWindow, setPageWindow] = useState({ first: 1, last: 4 });
  // Which pages are near the preview's scroll position (the title page counts as one page).
  const onPreviewScroll = useCallback(() => {
    const pane = previewPane.current;
    const page = pane?.querySelector<HTMLElement>('.vox-screenplay__page');
    if (!pane || !page) return;
    const pitch = page.offsetHeight + 16;
    const top = Math.floor(pane.scrollTop / pitch);
    const bottom = Math.ceil((pane.scrollTop + pane.clientHeight) / pitch);
    const next = { first: Math.max(1, top - 2), last: bottom + 2 };
    setPageWindow((current) => (current.first === next.first && current.last === next.last ? current : next));
  }, []);

  // The other tabs of this browser with this draft open (see tab-channel.ts).
  const tabs = useRef<TabChannel | null>(null);
  const autosave = useMemo(
    () =>
      new Autosave(draft, {
        save: (baseRevision, change) => saveDraft(draft.id, baseRevision, change),
        load: () => getDraft(draft.id),
        store: idbDraftStore(draft.id),
        isOnline,
        onStatus: (next, message) => status.set({ status: next, message }),
        onConflict: setConflict,
        // Another tab's or device's revision merged with this tab's typing.
        onText: (text, edits) => {
          editor.current?.setText(text, edits);
          setPreviewText(text);
        },
        onSaved: (saved) => tabs.current?.post(saved),
      }),
    [draft, status],
  );

  // A copy kept in this browser (unsaved, offline, or cut short by a reload) comes first.
  useEffect(() => {
    let live = true;
    idbDraftStore(draft.id)
      .get()
      .catch(() => undefined)
      .then((copy) => {
        if (!live) return;
        const text = copy ? autosave.resume(copy, draft) : draft.body;
        setInitialText(text);
        setPreviewText(text);
        // Nothing unsaved kept: the saved text becomes the base the first keystrokes' changes go on.
        if (!copy) whenIdle(() => autosave.keepSaved());
      });
    return () => {
      live = false;
    };
  }, [autosave, draft]);

  useEffect(() => {
    const channel = tabChannel(draft.id, (saved) => autosave.heard(saved));
    tabs.current = channel;
    const online = () => void autosave.flush();
    const offline = () => autosave.pending && status.set({ status: 'offline' });
    const hide = () => {
      if (document.visibilityState === 'hidden') void autosave.flush();
      // Shown again: a save made meanwhile on another device is taken in as another tab's would be.
      else
        void getDraft(draft.id).then(
          (server) => autosave.heard(server),
          () => undefined,
        );
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', online);
    document.addEventListener('visibilitychange', hide);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', online);
      document.removeEventListener('visibilitychange', hide);
      // Leaving the editor saves what is left (the local copy stays until it lands), and tells the other tabs.
      void autosave.flush().finally(() => {
        autosave.stop();
        channel.close();
        if (tabs.current === channel) tabs.current = null;
      });
    };
  }, [autosave, draft.id, status]);

  const onChange = useCallback(
    (read: () => string, edits: readonly TextEdit[]) => {
      // The text itself is read only when autosave or the preview needs it, not on every keystroke;
      // the browser's copy keeps only the changes.
      autosave.change(read, edits);
      // The preview and the scene list follow once typing pauses (400 ms), when the browser is
      // idle. A keystroke only moves the time; the timer, firing early, waits the rest.
      previewDue.current = Date.now() + 400;
      if (previewTimer.current !== undefined) return;
      const wait = (ms: number) => {
        previewTimer.current = setTimeout(() => {
          const left = previewDue.current - Date.now();
          if (left > 0) return wait(left);
          previewTimer.current = undefined;
          whenIdle(() => setPreviewText(autosave.current));
        }, ms);
      };
      wait(400);
    },
    [autosave],
  );

  // The editor's warm-up after opening (fountain-editor.tsx, warmTypingPath): the change path once,
  // on a throw-away autosave over a store in memory (never the draft's, never a save or a status).
  const warmChange = useCallback((read: () => string, edits: readonly TextEdit[]) => {
    void warmChangePath(read, edits, logStore(memoryBackend())).catch(() => undefined);
  }, []);

  const replaceText = (text: string) => {
    editor.current?.setText(text);
    setPreviewText(text);
  };

  // Comment threads, located in the text as of the last pause in typing (as the preview is).
  const comments = useDraftComments(draft.id);
  const located = useMemo(() => locateThreads(previewText, comments.data?.threads ?? []), [previewText, comments.data]);
  const openCount = located.filter(({ thread }) => thread.resolvedAt === null).length;
  const marks = useRef<LineRange[]>([]);
  marks.current = located.flatMap(({ thread, at }) => (thread.resolvedAt === null && at ? [at] : []));
  // The margin's marks are set again only when the marked lines change, not on every render.
  const marksKey = marks.current.map((at) => `${at.fromLine}-${at.toLine}`).join(',');
  useEffect(() => {
    if (editorReady) editor.current?.setCommentedLines(marks.current);
  }, [editorReady, marksKey]);
  // The thread a message pointed at: its lines are selected once the editor and the comments are there.
  const shownThread = useRef<string | null>(null);
  useEffect(() => {
    if (!editorReady || !focusThread || shownThread.current === focusThread) return;
    const target = located.find(({ thread }) => thread.id === focusThread);
    if (!target) return;
    shownThread.current = focusThread;
    if (target.at) editor.current?.selectLines(target.at);
  }, [editorReady, focusThread, located]);

  const outline = useMemo(() => outlineOf(previewText), [previewText]);
  const outlineNow = useRef(outline);
  outlineNow.current = outline;
  // Completion offers the names and places of the outline the scene list shows (as of the last pause in typing).
  const known = useCallback(() => outlineNow.current, []);
  // The draft's revision colour: the margin marks the lines changed since its set started.
  const [revision, setRevision] = useState(() => ({ base: draft.revisionBase, color: draft.revisionColor.index, name: draft.revisionColor.name }));
  const [startingRevision, setStartingRevision] = useState(false);
  const startRevision = async () => {
    setStartingRevision(true);
    setNotice(null);
    try {
      // The new set starts from the text as saved: what is typed until then belongs to the old one.
      await autosave.flush();
      if (autosave.pending) throw new Error('Your latest changes are not saved yet. Try again once the draft says Saved.');
      const started = await startRevisionColor(draft.id);
      const next = { base: started.revisionBase, color: started.revisionColor.index, name: started.revisionColor.name };
      setRevision(next);
      editor.current?.setRevision(next);
      setNotice(<Alert variant="success">{`${started.revisionColor.name} revision started: the lines you change from now on are marked in the margin and in the PDF.`}</Alert>);
    } catch (error) {
      setNotice(<Alert>{(error as Error).message}</Alert>);
    } finally {
      setStartingRevision(false);
    }
  };
  const nextColorName = revisionColorName(revision.color + 1);

  const exportFountain = () => download(new Blob([autosave.current], { type: 'text/plain;charset=utf-8' }), fileName(draft.title, 'fountain'));
  const exportFdx = async () => {
    await autosave.flush();
    try {
      download(await draftFdx(draft.id), fileName(draft.title, 'fdx'));
    } catch (error) {
      setNotice(<Alert>{(error as Error).message}</Alert>);
    }
  };
  const exportPdf = async () => {
    await autosave.flush();
    try {
      download(await draftPdf(draft.id), fileName(draft.title, 'pdf'));
    } catch (error) {
      setNotice(<Alert>{(error as Error).message}</Alert>);
    }
  };

  return (
    <div className={cx('vox-draft-editor__frame', `vox-draft-editor__frame--${view}`, commentsOpen && 'vox-draft-editor__frame--comments')}>
      <header className="vox-toolbar vox-toolbar--center vox-draft-editor__bar">
        <BackLink />
        <h1 className="vox-draft-editor__title" title={draft.title}>
          {draft.title}
        </h1>
        <SaveStatusText box={status} />
        <div className="vox-draft-editor__tools">
          <Button variant="secondary" size="sm" onClick={() => editor.current?.openSearch()}>
            Find
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setShowRevisions(true)}>
            Revisions
          </Button>
          <Button variant="secondary" size="sm" aria-pressed={commentsOpen} onClick={() => setCommentsOpen((shown) => !shown)}>
            {openCount > 0 ? `Comments (${openCount})` : 'Comments'}
          </Button>
          <Button variant="secondary" size="sm" onClick={exportFountain}>
            Export Fountain
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void exportFdx()}>
            Export FDX
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void exportPdf()}>
            Export PDF
          </Button>
          <Button variant="secondary" size="sm" busy={startingRevision} onClick={() => void startRevision()} aria-label={`Start ${nextColorName} revision`}>
            {`Start ${nextColorName}`}
          </Button>
          <PublishControl
            draftId={draft.id}
            publishedAs={draft.publishedAs ?? null}
            prepare={async () => (await autosave.flush(), autosave.pending ? null : autosave.revision)}
            onNotice={setNotice}
          />
        </div>
      </header>

      <nav className="vox-draft-editor__views" aria-label="Editor views">
        {(['scenes', 'write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className="vox-plain-button vox-draft-editor__view"
            aria-pressed={view === name && !commentsOpen}
            onClick={() => {
              setView(name);
              setCommentsOpen(false);
            }}
          >
            {name === 'scenes' ? 'Scenes' : name === 'write' ? 'Write' : 'Preview'}
          </button>
        ))}
      </nav>

      {notice && <div className="vox-draft-editor__notice">{notice}</div>}

      <div className="vox-draft-editor__panes">
        <nav className="vox-draft-editor__scenes" aria-label="Scenes">
          <h2 className="vox-draft-editor__pane-title">Scenes</h2>
          {outline.scenes.length === 0 ? (
            <p className="vox-draft-editor__empty">Scene headings (INT. or EXT.) appear here.</p>
          ) : (
            <ol className="vox-draft-editor__scene-list">
              {outline.scenes.map((scene, i) => (
                <li key={`${scene.from}-${i}`}>
                  <button
                    type="button"
                    className="vox-plain-button vox-draft-editor__scene"
                    onClick={() => {
                      setView('write');
                      editor.current?.jumpTo(scene.from);
                    }}
                  >
                    <span className="vox-draft-editor__scene-number">{i + 1}</span> {scene.title}
                  </button>
                </li>
              ))}
            </ol>
          )}
        </nav>

        <section className="vox-draft-editor__write" aria-label="Fountain text">
          {initialText === null ? (
            <Spinner label="Opening your draft" />
          ) : (
            <FountainEditor
              initialText={initialText}
              onChange={onChange}
              onWarm={warmChange}
              known={known}
              onReady={(handle) => {
                editor.current = handle;
                setEditorReady(true);
                handle.setRevision(revision);
                // A revision from another tab may have been merged in while the editor was loading.
                handle.setText(autosave.current);
                handle.focus();
              }}
              label={`${draft.title}, Fountain text`}
            />
          )}
        </section>

        {commentsOpen ? (
          <CommentsPanel
            draftId={draft.id}
            threads={located}
            state={{ pending: comments.isPending, error: comments.error }}
            selection={() => editor.current?.selectedLines() ?? { fromLine: 1, toLine: 1, quote: '' }}
            onSelectLines={(range) => {
              editor.current?.selectLines(range);
              editor.current?.focus();
            }}
            onClose={() => setCommentsOpen(false)}
            focusThread={focusThread}
          />
        ) : (
          /* Focusable: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable). */
          <section className="vox-draft-editor__preview" aria-label="Preview" ref={previewPane} onScroll={onPreviewScroll} tabIndex={0}>
            <ScreenplayPreview text={previewText} fallbackTitle={draft.title} window={pageWindow} />
          </section>
        )}
      </div>

      {conflict && (
        <ConflictDialog
          conflict={conflict}
          title={draft.title}
          mine={() => autosave.current}
          onKeptBoth={(copy) => {
            autosave.adopt(conflict.theirs, conflict.theirs.body);
            replaceText(conflict.theirs.body);
            setConflict(null);
            setNotice(
              <Alert variant="success">
                Your version is kept as a new draft: <Link to={href('draft', { documentId: copy.id })}>{copy.title}</Link>. This one now shows the other version.
              </Alert>,
            );
          }}
        />
      )}

      {showRevisions && (
        <RevisionsPanel
          draftId={draft.id}
          beforeSnapshot={async () => {
            await autosave.flush();
            return !autosave.pending;
          }}
          onRestored={(restored) => {
            autosave.adopt(restored, restored.body);
            replaceText(restored.body);
            tabs.current?.post(restored);
            setShowRevisions(false);
          }}
          onClose={() => setShowRevisions(false)}
        />
      )}
    </div>
  );
}

/**
 * Asked only when the automatic merge could not be made: both sides changed the same lines, or
 * the changes were kept in this browser on an older revision (no base to merge on). Focus goes to
 * the explanation, not to a button, so a key still being typed as the dialog opens chooses nothing.
 */
function ConflictDialog({ conflict, title, mine, onKeptBoth }: { conflict: Conflict; title: string; mine(): string; onKeptBoth(copy: Draft): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const keepBoth = async () => {
    setBusy(true);
    try {
      // What the editor holds now (typing may have gone on after the conflict was found).
      onKeptBoth(await createDraft({ title: `${title} (my version)`, body: mine() }));
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <Modal
      title="This draft changed elsewhere"
      description="Another tab or device saved this draft after you started these changes. Nothing has been overwritten."
      onClose={() => undefined}
      size="md"
    >
      {problem && <Alert>{problem}</Alert>}
      <p className="vox-meta" tabIndex={-1} data-autofocus>
        {conflict.base === undefined
          ? 'These changes were kept in this browser while offline, so they are kept as a new draft beside the other version.'
          : 'These changes touch the same lines, so they cannot be merged by themselves. Keep both and compare them.'}
      </p>
      <div className="vox-draft-editor__conflict-actions">
        <Button variant="primary" busy={busy} disabled={busy} onClick={() => void keepBoth()}>
          Keep both
        </Button>
      </div>
    </Modal>
  );
}
