import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Draft } from '@vox/contract';
import { revisionColorName } from '@vox/fountain';
import { Alert, Button, MAIN_CONTENT_ID, PrivilegeRequired, Spinner, cx, lazyComponent } from '@vox/ui';
import { ArrowLeftIcon } from '@vox/ui/page-kit';
import { PRIVILEGE_LABELS, useUser } from '@vox/auth';
import { AUTH_MESSAGES } from '@vox/contract';
import { coWriterName } from '@vox/contract/drafts';
import { href } from '@vox/variant';
import { download, draftFdx, draftPdf, fileName, getDraft, joinDraft, openDraftStream, sendAwareness, sendDocUpdate, startRevisionColor, useDraft, useDraftComments } from '../api/drafts';
import { ScreenplayPreview } from '../screenplay/screenplay-preview';
import { whenIdle } from '../when-idle';
import type { CoWriting, SaveStatus } from './co-writing';
import { idbDocStore } from './doc-store';
import { locateThreads, type LineRange } from './comment-threads';
import { CommentsPanel } from './comments-panel';
import type { FountainEditorHandle } from './fountain-editor';
import { outlineOf } from './fountain-outline';
import { PublishControl } from './publish-control';
import { RevisionsPanel } from './revisions-panel';
import { ShareDialog } from './share-dialog';
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
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  return (
    <main className="vox-draft-editor" id={MAIN_CONTENT_ID} tabIndex={-1}>
      {invite ? <Joining token={invite} onJoined={() => setParams({}, { replace: true })} /> : <OpenDraft documentId={documentId} />}
    </main>
  );
}

/** An invite link (`?invite=`): taken first, then the draft opens as for anyone in it. */
function Joining({ token, onJoined }: { token: string; onJoined(): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const joined = useRef(onJoined);
  joined.current = onJoined;
  useEffect(() => {
    let live = true;
    joinDraft(token).then(
      () => live && joined.current(),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return <EditorFrame title="Writing editor">{problem ? <Alert>{problem}</Alert> : <Spinner size="lg" label="Joining the draft" />}</EditorFrame>;
}

function OpenDraft({ documentId }: { documentId: string }) {
  const draft = useDraft(documentId);
  if (draft.isPending) {
    return (
      <EditorFrame title="Writing editor">
        <Spinner size="lg" label="Opening your draft" />
      </EditorFrame>
    );
  }
  if (draft.isError) {
    // My own draft without the membership for it: the page every drafts page shows then.
    const unpaid = (draft.error as { status?: number }).status === 403 && draft.error.message === AUTH_MESSAGES.missingPrivilege;
    return unpaid ? (
      <PrivilegeRequired privilege="draft" label={PRIVILEGE_LABELS.draft} />
    ) : (
      <EditorFrame title="Writing editor">
        <Alert>{draft.error.message}</Alert>
      </EditorFrame>
    );
  }
  return <Writer key={draft.data.id} draft={draft.data} />;
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

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline, will save',
  error: 'Not saved',
};

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
  const [previewText, setPreviewText] = useState(draft.body);
  const [view, setView] = useState<View>('write');
  const [showRevisions, setShowRevisions] = useState(false);
  // A message about a comment opens the draft with its thread (?comment=id) shown.
  const [searchParams] = useSearchParams();
  const focusThread = searchParams.get('comment');
  const [commentsOpen, setCommentsOpen] = useState(Boolean(focusThread));
  const [editorReady, setEditorReady] = useState(false);
  const [notice, setNotice] = useState<React.ReactNode>(null);
  const [closed, setClosed] = useState<string | null>(null);
  const [showShare, setShowShare] = useState(false);
  // A co-writer writes (editor) or reads (commenter); only the owner publishes, deletes or invites.
  const owner = (draft.access ?? 'owner') === 'owner';
  const readOnly = draft.access === 'commenter';
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

  // The shared document (co-writing.ts): kept in this browser, sent to the server, in step with
  // everyone in the draft. Yjs comes with the editor's chunk, not with the drafts list's.
  const [shared, setShared] = useState<CoWriting | null>(null);
  const me = useUser();
  useEffect(() => {
    let live = true;
    let made: CoWriting | null = null;
    void import(/* webpackPreload: true */ './co-writing').then(async ({ CoWriting }) => {
      if (!live) return;
      made = new CoWriting(draft, {
        transport: {
          send: (update, connectionId) => sendDocUpdate(draft.id, update, connectionId),
          sendAwareness: (update, connectionId) => sendAwareness(draft.id, update, connectionId),
          open: (signal) => openDraftStream(draft.id, signal),
        },
        store: idbDocStore(draft.id),
        isOnline,
        me: { name: coWriterName(me ?? {}), seat: draft.seat ?? 0 },
        onStatus: (next, message) => status.set({ status: next, message }),
        onClosed: setClosed,
      });
      // What this browser kept (typed offline, or not sent before a reload) comes in first.
      await made.open();
      if (!live) return;
      setPreviewText(made.current);
      setShared(made);
      made.connect();
    });
    const online = () => made?.online();
    const offline = () => made?.offline();
    const leave = () => {
      void made?.persist();
      made?.online();
    };
    const hide = () => document.visibilityState === 'hidden' && void made?.flush();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hide);
    return () => {
      live = false;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hide);
      // Leaving the editor sends what is left (the browser's copy keeps it until it lands).
      made?.close();
    };
    // The editor is made once per draft; my name is read when it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, status]);

  // The text as of the latest change: each change's reader reads the text as that change left it.
  const latestText = useRef<() => string>(() => draft.body);
  const onChange = useCallback(
    (read: () => string) => {
      latestText.current = read;
      // The preview and the scene list follow once typing pauses (400 ms), when the browser is
      // idle. A keystroke only moves the time; the timer, firing early, waits the rest.
      previewDue.current = Date.now() + 400;
      if (previewTimer.current !== undefined) return;
      const wait = (ms: number) => {
        previewTimer.current = setTimeout(() => {
          const left = previewDue.current - Date.now();
          if (left > 0) return wait(left);
          previewTimer.current = undefined;
          whenIdle(() => setPreviewText(latestText.current()));
        }, ms);
      };
      wait(400);
    },
    [],
  );

  /** Everything typed here has reached the server (or the writer is told it has not). */
  const settle = async () => {
    if (!shared) return true;
    await shared.flush();
    return !shared.unsaved;
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
      if (!(await settle())) throw new Error('Your latest changes are not saved yet. Try again once the draft says Saved.');
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

  const exportFountain = () => download(new Blob([shared?.current ?? draft.body], { type: 'text/plain;charset=utf-8' }), fileName(draft.title, 'fountain'));
  const exportFdx = async () => {
    await settle();
    try {
      download(await draftFdx(draft.id), fileName(draft.title, 'fdx'));
    } catch (error) {
      setNotice(<Alert>{(error as Error).message}</Alert>);
    }
  };
  const exportPdf = async () => {
    await settle();
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
          {owner && (
            <Button variant="secondary" size="sm" onClick={() => setShowShare(true)}>
              Share
            </Button>
          )}
          {owner && (
            <Button variant="secondary" size="sm" onClick={() => setShowRevisions(true)}>
              Revisions
            </Button>
          )}
          <Button variant="secondary" size="sm" aria-pressed={commentsOpen} onClick={() => setCommentsOpen((shown) => !shown)}>
            {openCount > 0 ? `Comments (${openCount})` : 'Comments'}
          </Button>
          <Button variant="secondary" size="sm" onClick={exportFountain}>
            Export Fountain
          </Button>
          {/* The owner's: revisions, exports made on the server, revision colours and publishing stay theirs. */}
          {owner && (
            <>
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
                // The draft as the server has it now, everyone's changes included.
                prepare={async () => ((await settle()) ? (await getDraft(draft.id)).revision : null)}
                onNotice={setNotice}
              />
            </>
          )}
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

      {closed && (
        <div className="vox-draft-editor__notice">
          <Alert>{closed}</Alert>
        </div>
      )}
      {readOnly && !closed && (
        <div className="vox-draft-editor__notice">
          <Alert variant="info">You were invited to read this draft as a commenter: you see everyone’s changes as they type, but cannot change it.</Alert>
        </div>
      )}
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
          {!shared ? (
            <Spinner label="Opening your draft" />
          ) : (
            <FountainEditor
              shared={shared}
              readOnly={readOnly}
              cutOff={closed !== null}
              onChange={onChange}
              known={known}
              onReady={(handle) => {
                editor.current = handle;
                setEditorReady(true);
                handle.setRevision(revision);
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

      {showShare && <ShareDialog draftId={draft.id} onClose={() => setShowShare(false)} />}

      {showRevisions && (
        <RevisionsPanel
          draftId={draft.id}
          beforeSnapshot={settle}
          onRestored={() => {
            // The server made the change in the document: it arrives over the stream, for everyone.
            setShowRevisions(false);
          }}
          onClose={() => setShowRevisions(false)}
        />
      )}
    </div>
  );
}
