import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { FOUNTAIN_FILE_ACCEPT, parseFountain, readFountainFile, type FountainScript } from '@vox/fountain';
import { Alert, Button } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { scriptProblems } from './validate';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What a screenplay holds, in a sentence per kind, for the preview. */
function importSummary(script: FountainScript): string[] {
  const count = (kind: string) => script.lines.filter((line) => line.kind === kind).length;
  return [
    plural(script.roles.length, 'role', 'roles'),
    plural(count('scene'), 'scene heading', 'scene headings'),
    plural(count('dialogue'), 'dialogue line', 'dialogue lines'),
    plural(count('action'), 'action line', 'action lines'),
    plural(count('transition'), 'transition', 'transitions'),
  ];
}

interface ImportDialogProps {
  /** What the editor holds now, to say what an import replaces. */
  current: { roles: number; lines: number; savedLines: number };
  onClose(): void;
  /** The parsed script and the text it came from (its cue notes are read from it). */
  onImport(script: FountainScript, text: string): void;
}

/** Paste a screenplay in Fountain, or pick a .fountain / .txt file; preview; then replace. */
export function ImportDialog({ current, onClose, onImport }: ImportDialogProps) {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textId = useId();
  // A long screenplay is read after the typing settles, not on every keystroke.
  const deferred = useDeferredValue(text);
  const script = useMemo(() => (deferred.trim() ? parseFountain(deferred) : null), [deferred]);
  const problems = useMemo(() => (script ? scriptProblems(script, undefined, { needsTitle: false }) : []), [script]);
  const empty = script !== null && script.lines.length === 0 && script.roles.length === 0;
  const replaces = current.lines > 0 || current.roles > 0;
  const ready = script !== null && !empty && problems.length === 0 && deferred === text;

  // Read and checked as every chosen screenplay is (@vox/fountain's readFountainFile).
  const readFile = async (file: File) => {
    setFileError(null);
    const read = await readFountainFile(file);
    if (read.problem !== undefined) setFileError(read.problem);
    else setText(read.text);
  };

  return (
    <Modal
      title="Import Fountain"
      description="Paste a screenplay in Fountain, the plain-text format most screenwriting apps export, or choose a .fountain or .txt file."
      size="lg"
      onClose={onClose}
    >
      <form
        className="vox-editor-dialog vox-editor-import"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && script) onImport(script, deferred);
        }}
      >
        <label className="vox-field__label" htmlFor={textId}>
          Screenplay
        </label>
        <textarea
          id={textId}
          className="vox-input vox-input--ring vox-editor-import__text"
          value={text}
          spellCheck={false}
          autoFocus
          placeholder={'Title: The Last Ferry\n\nEXT. HARBOUR - NIGHT\n\nFog rolls off the water.\n\nNELL\n(shouting)\nWait!'}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="vox-editor-import__file">
          <input
            ref={fileRef}
            type="file"
            accept={FOUNTAIN_FILE_ACCEPT}
            className="vox-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void readFile(file);
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
            Choose a file
          </Button>
          <span className="vox-editor-import__file-hint">.fountain or .txt</span>
        </div>
        {fileError && <Alert>{fileError}</Alert>}

        {script && (
          <div className="vox-editor-import__preview" aria-live="polite">
            {empty ? (
              <p>Nothing to import yet: no scene headings, action or dialogue found.</p>
            ) : (
              <>
                <p className="vox-editor-import__preview-title">{script.title ? `“${script.title}”` : 'Untitled screenplay'}</p>
                <ul className="vox-editor-import__counts" aria-label="What the screenplay holds">
                  {importSummary(script).map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {problems.length > 0 && <Alert title="This screenplay cannot be imported as it is">{problems[0].message}</Alert>}
        {ready && replaces && (
          <Alert variant="info">
            Importing replaces the {plural(current.roles, 'role', 'roles')} and {plural(current.lines, 'line', 'lines')} you have now
            {current.savedLines > 0 ? '; takes recorded for the saved lines go when you save' : ''}. Nothing is saved until you choose Save.
          </Alert>
        )}

        <div className="vox-editor-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!ready}>
            {replaces ? 'Replace script' : 'Import'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
