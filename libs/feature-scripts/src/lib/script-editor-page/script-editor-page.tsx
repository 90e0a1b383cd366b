import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SCRIPT_MESSAGES } from '@vox/contract/scripts';
import { LockIcon, Notice, Page, Spinner, buttonClassName } from '@vox/ui';
import { href } from '@vox/variant';
import { useScript } from '../api/scripts';
import { createEditorStore, type EditorStore } from './editor-store';
import { ScriptEditor } from './script-editor';
import './script-editor.css';

interface Held {
  /** The route it was made for: a script id, or 'new' for /scripts/create. */
  route: string;
  store: EditorStore;
}

/**
 * /scripts/create and /scripts/edit/{scriptId}: one editor, empty or with the script loaded.
 * The editor's state outlives the step from /scripts/create to /scripts/edit/{id} after the
 * first save, so nothing typed meanwhile is lost and focus stays where it was.
 */
export function ScriptEditorPage() {
  const { scriptId } = useParams();
  const route = scriptId ?? 'new';
  const [held, setHeld] = useState<Held | null>(() => (scriptId ? null : { route, store: createEditorStore(null) }));
  const holds = held !== null && (held.route === route || (scriptId !== undefined && held.store.getScriptId() === scriptId));
  const script = useScript(scriptId, !holds);

  if (!holds) {
    if (!scriptId) setHeld({ route, store: createEditorStore(null) });
    else if (script.data?.canEdit) setHeld({ route, store: createEditorStore(script.data) });
  }

  if (holds) {
    return (
      <Page width="wide">
        <ScriptEditor store={held.store} />
      </Page>
    );
  }
  if (script.isError) {
    return (
      <Notice
        icon={<LockIcon />}
        title="This script cannot be opened"
        actions={
          <Link to={href('scripts')} className={buttonClassName({ variant: 'primary' })}>
            Back to scripts
          </Link>
        }
      >
        <p>{script.error.message}</p>
      </Notice>
    );
  }
  if (script.data && !script.data.canEdit) {
    return (
      <Notice
        icon={<LockIcon />}
        title="You can't edit this script"
        actions={
          <>
            <Link to={href('script', { scriptId: script.data.id })} className={buttonClassName({ variant: 'primary' })}>
              Open the script
            </Link>
            <Link to={href('scripts')} className={buttonClassName({ variant: 'secondary' })}>
              Back to scripts
            </Link>
          </>
        }
      >
        <p>{SCRIPT_MESSAGES.notOwner}</p>
      </Notice>
    );
  }
  return (
    <Page centered>
      <Spinner size="lg" label="Loading the script" />
    </Page>
  );
}
