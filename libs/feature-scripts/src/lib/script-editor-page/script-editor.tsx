import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, buttonClassName } from '@vox/ui';
import { ArrowLeftIcon } from '@vox/ui/page-kit';
import { Modal } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useDeleteScript, useSaveScript } from '../api/scripts';
import { EditorContext, focusTarget, type EditorContextValue } from './editor-context';
import { useEditorValue, type EditorStore } from './editor-store';
import { downloadText } from './export-fountain';
import { useFountainCues } from './use-fountain-cues';
import { CoverPanel, DetailsPanel } from './details-panel';
import { ImportDialog } from './import-dialog';
import { focusLine, LinesPanel } from './lines-panel';
import { RolesPanel } from './roles-panel';
import { useLeaveGuard } from './use-leave-guard';
import { editorProblems, type Problem } from './validate';

type Dialog = 'import' | 'delete' | null;

/** The editor around one store: toolbar, details, roles, lines, and the dialogs. */
export function ScriptEditor({ store }: { store: EditorStore }) {
  const navigate = useNavigate();
  const scriptId = useEditorValue(store, store.getScriptId);
  const dirty = useEditorValue(store, store.isDirty);
  const title = useEditorValue(store, () => store.getHead().title);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const save = useSaveScript();
  const remove = useDeleteScript();
  const guard = useLeaveGuard(store.isDirty);
  const fountainCues = useFountainCues(store); // Cues as Fountain notes.

  // Once a save was refused, the message follows the edits: the next problem, or none.
  useEffect(() => {
    if (!problem) return undefined;
    return store.subscribe(() => {
      const next = editorProblems(store)[0] ?? null;
      setProblem((shown) => (shown?.message === next?.message && JSON.stringify(shown?.target) === JSON.stringify(next?.target) ? shown : next));
    });
  }, [problem, store]);

  // "Saved" stays until the next edit.
  useEffect(() => {
    if (!status) return undefined;
    return store.subscribe(() => setStatus(null));
  }, [status, store]);

  const onSave = useCallback(async () => {
    if (save.isPending) return;
    setServerError(null);
    // A role name being typed is committed when its field is left.
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (active?.classList.contains('vox-editor-role__name')) {
      active.blur();
      active.focus();
    }
    const problems = editorProblems(store);
    if (problems.length > 0) {
      setProblem(problems[0]);
      focusTarget(problems[0].target);
      return;
    }
    setProblem(null);
    const wasNew = store.getScriptId() === null;
    const { input, sent } = store.toInput();
    try {
      const saved = await save.mutateAsync({ scriptId: store.getScriptId(), input });
      store.applySaved(saved, sent);
      void fountainCues.restore(saved).then((problem) => problem && setServerError(problem));
      setStatus(wasNew ? 'Script created.' : 'Saved.');
      if (wasNew) guard.bypass(() => navigate(href('scriptEdit', { scriptId: saved.id }), { replace: true }));
    } catch (error) {
      setServerError((error as Error).message);
    }
  }, [fountainCues, guard, navigate, save, store]);

  // Ctrl+S / Cmd+S saves, wherever focus is on the page.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void onSave();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onSave]);

  const onExport = () => {
    const { fileName, text } = fountainCues.exportFountain();
    downloadText(fileName, text);
  };

  const onDelete = async () => {
    const id = store.getScriptId();
    if (!id) return;
    try {
      await remove.mutateAsync(id);
      guard.bypass(() => navigate(href('scripts')));
    } catch (error) {
      setDialog(null);
      setServerError((error as Error).message);
    }
  };

  const context = useMemo<EditorContextValue>(() => ({ store, problem }), [store, problem]);
  const alert = problem?.message ?? serverError;
  const savedLines = store.getOrder().filter((key) => store.getLine(key)?.id).length;

  return (
    <EditorContext.Provider value={context}>
      <div className="vox-script-editor">
        <header className="vox-split vox-script-editor__bar">
          <div className="vox-script-editor__heading">
            <Link to={href('scripts')} className="vox-script-editor__back">
              <ArrowLeftIcon width={16} height={16} /> Scripts
            </Link>
            <h1 className="vox-script-editor__title">{scriptId ? title.trim() || 'Untitled script' : 'New script'}</h1>
          </div>
          <div className="vox-script-editor__actions">
            <span className="vox-script-editor__status" role="status">
              {save.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : (status ?? (scriptId ? 'All changes saved' : ''))}
            </span>
            {scriptId && (
              // Once everything is saved, reading it is the next step: the primary button.
              <Link
                to={href('script', { scriptId: scriptId })}
                className={dirty || save.isPending ? 'vox-script-editor__open' : buttonClassName({ variant: 'primary', size: 'sm' })}
                data-primary={dirty || save.isPending ? undefined : 'true'}
              >
                Open table read
              </Link>
            )}
            <Button variant="secondary" size="sm" onClick={() => setDialog('import')}>
              Import Fountain
            </Button>
            <Button variant="secondary" size="sm" onClick={onExport}>
              Export Fountain
            </Button>
            <Button
              size="sm"
              variant={scriptId && !dirty && !save.isPending ? 'secondary' : 'primary'}
              busy={save.isPending}
              disabled={!dirty && scriptId !== null && !save.isPending}
              onClick={() => void onSave()}
            >
              {scriptId ? 'Save' : 'Save script'}
            </Button>
          </div>
        </header>

        {alert && (
          <Alert className="vox-script-editor__alert">
            {alert}
            {problem && (
              <>
                {' '}
                <Button variant="link" size="sm" onClick={() => focusTarget(problem.target)}>
                  Show me
                </Button>
              </>
            )}
          </Alert>
        )}

        <div className="vox-script-editor__layout">
          <div className="vox-script-editor__side">
            <DetailsPanel />
            <RolesPanel />
          </div>
          <div className="vox-script-editor__main">
            <LinesPanel onImport={() => setDialog('import')} />
          </div>
          {/* After the lines on a phone, under the roles on a wide screen. */}
          <div className="vox-script-editor__side vox-script-editor__side--end">
            <CoverPanel />
            {scriptId && (
              <section className="vox-card vox-editor-card vox-editor-danger" aria-labelledby="script-delete">
                <h2 className="vox-editor-card__title" id="script-delete">
                  Delete script
                </h2>
                <p className="vox-meta vox-editor-card__hint">Deletes the script with its reading sessions and recorded takes, for everyone.</p>
                <Button variant="secondary" size="sm" className="vox-editor-danger__button" onClick={() => setDialog('delete')}>
                  Delete script
                </Button>
              </section>
            )}
          </div>
        </div>
      </div>

      {dialog === 'import' && (
        <ImportDialog
          current={{ roles: store.getRoles().length, lines: store.getOrder().length, savedLines }}
          onClose={() => setDialog(null)}
          onImport={(script, text) => {
            store.replaceContent(script);
            fountainCues.hold(text);
            setDialog(null);
            setProblem(null);
            setStatus(null);
            const first = store.getOrder()[0];
            if (first) focusLine(first);
          }}
        />
      )}

      {dialog === 'delete' && (
        <Modal
          title="Delete this script?"
          description={`“${title.trim() || 'Untitled script'}” and its reading sessions and recorded takes will be deleted. This cannot be undone.`}
          onClose={() => setDialog(null)}
        >
          <div className="vox-editor-dialog__actions">
            <Button variant="secondary" onClick={() => setDialog(null)} data-autofocus>
              Cancel
            </Button>
            <Button className="vox-editor-danger__button" busy={remove.isPending} onClick={() => void onDelete()}>
              Delete script
            </Button>
          </div>
        </Modal>
      )}

      {guard.pending && (
        <Modal title="Leave without saving?" description="You have changes that are not saved. If you leave now, they are lost." onClose={guard.stay}>
          <div className="vox-editor-dialog__actions">
            <Button variant="secondary" onClick={guard.leave}>
              Leave without saving
            </Button>
            <Button onClick={guard.stay} data-autofocus>
              Keep editing
            </Button>
          </div>
        </Modal>
      )}
    </EditorContext.Provider>
  );
}
