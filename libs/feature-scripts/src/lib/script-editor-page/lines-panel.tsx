import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { LineKind } from '@vox/contract';
import { SCRIPT_LIMITS, SCRIPT_MESSAGES } from '@vox/contract/scripts';
import { Button, cx } from '@vox/ui';
import { Modal, TextField } from '@vox/ui/forms';
import { TrashIcon } from '../session-ui/icons';
import { quoted, sameTarget, useEditor } from './editor-context';
import { LineCuesEditor } from './line-cues-editor';
import { useEditorValue, type EditorLine, type EditorStore } from './editor-store';

const KIND_LABELS: Record<LineKind, string> = {
  scene: 'Scene heading',
  action: 'Action',
  dialogue: 'Dialogue',
  transition: 'Transition',
};

const ADD_LABELS: Record<LineKind, string> = {
  scene: 'Add a scene heading',
  action: 'Add an action line',
  dialogue: 'Add a dialogue line',
  transition: 'Add a transition',
};

const PLACEHOLDERS: Record<LineKind, string> = {
  scene: 'INT. KITCHEN - NIGHT',
  action: 'What we see and hear',
  dialogue: 'What they say',
  transition: 'CUT TO:',
};

const NEW_ROLE = '__new-role__';
const DRAG_TYPE = 'application/x-vox-editor-line';

/** Moves focus to a line's text (or another of its fields) once it is on screen. */
export function focusLine(key: string, field: 'text' | 'kind' = 'text') {
  requestAnimationFrame(() => {
    const row = document.querySelector(`[data-line-key="${quoted(key)}"]`);
    row?.querySelector<HTMLElement>(field === 'text' ? 'textarea' : 'select')?.focus();
  });
}

/**
 * Who speaks next in a conversation: the last other role before `index` (else the first after
 * it), so adding dialogue after ANN's answer to BOB gives BOB the next line.
 */
function nextSpeaker(store: EditorStore, index: number, current: string | null): string | null {
  const order = store.getOrder();
  const other = (i: number) => {
    const line = store.getLine(order[i]);
    return line?.kind === 'dialogue' && line.roleKey && line.roleKey !== current ? line.roleKey : null;
  };
  for (let i = index; i >= 0; i--) if (other(i)) return other(i);
  // Nobody else spoke before: the partner is whoever answers after.
  for (let i = index + 1; i < order.length; i++) if (other(i)) return other(i);
  // Nobody else speaks yet: the next role of the list.
  const roles = store.getRoles();
  const at = roles.findIndex((role) => role.key === current);
  return roles[(at + 1) % Math.max(1, roles.length)]?.key ?? current;
}

/** The last dialogue role at or before `index`. */
function lastSpeaker(store: EditorStore, index: number): string | null {
  const order = store.getOrder();
  for (let i = index; i >= 0; i--) {
    const line = store.getLine(order[i]);
    if (line?.kind === 'dialogue' && line.roleKey) return line.roleKey;
  }
  return null;
}

/** Adds a line after `index` (-1: at the start) and focuses it. */
function addLine(store: EditorStore, index: number, kind: LineKind): string {
  const roleKey = kind === 'dialogue' ? nextSpeaker(store, index, lastSpeaker(store, index)) : null;
  const key = store.insertLine(index + 1, { kind, roleKey });
  focusLine(key);
  return key;
}

const supportsFieldSizing = () => typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Grows a textarea with its text, for browsers without CSS field-sizing. */
function useAutoSize(ref: React.RefObject<HTMLTextAreaElement | null>, value: string) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || supportsFieldSizing()) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [ref, value]);
}

interface Removed {
  line: EditorLine;
  index: number;
}

/** The script's lines: one row each, in order, with adding, moving (buttons, keys, drag) and deleting. */
export function LinesPanel({ onImport }: { onImport(): void }) {
  const { store } = useEditor();
  const order = useEditorValue(store, store.getOrder);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const dragging = useRef<string | null>(null);

  useEffect(() => {
    if (!removed) return undefined;
    const timer = setTimeout(() => setRemoved(null), 10_000);
    return () => clearTimeout(timer);
  }, [removed]);

  // Stable, like every prop of a row, so moving one line re-renders the rows that moved only.
  const remove = useCallback(
    (key: string) => {
      const index = store.indexOf(key);
      const gone = store.removeLine(key);
      if (!gone) return;
      setRemoved(gone);
      // Focus goes to the line that took its place, else the one before, else the add bar.
      const nextKey = store.getOrder()[Math.min(index, store.getOrder().length - 1)];
      if (nextKey) focusLine(nextKey);
      else requestAnimationFrame(() => document.querySelector<HTMLElement>('#script-add-line button')?.focus());
    },
    [store],
  );

  const undo = () => {
    if (!removed) return;
    store.restoreLine(removed.line, removed.index);
    focusLine(removed.line.key);
    setRemoved(null);
  };

  return (
    <section className="vox-card vox-editor-card vox-editor-lines" aria-labelledby="script-lines">
      <header className="vox-editor-card__head">
        <h2 className="vox-editor-card__title" id="script-lines" tabIndex={-1}>
          Lines <span className="vox-chip vox-editor-card__count">{order.length.toLocaleString('en')}</span>
        </h2>
        <p className="vox-meta vox-editor-card__hint">
          <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> moves a line, <kbd>Ctrl</kbd>+<kbd>Enter</kbd> adds one below, or drag a line by its handle.
        </p>
      </header>

      {order.length === 0 ? (
        <div className="vox-editor-lines__empty">
          <p className="vox-editor-lines__empty-title">No lines yet</p>
          <p>Start with a scene heading, or bring in a screenplay you already have.</p>
          <Button variant="secondary" onClick={onImport}>
            Import Fountain
          </Button>
        </div>
      ) : (
        <ol className="vox-editor-lines__list" aria-label="Lines of the script">
          {order.map((key, index) => (
            <LineRow key={key} lineKey={key} index={index} count={order.length} onRemove={remove} dragging={dragging} />
          ))}
        </ol>
      )}

      <div className="vox-editor-lines__add" id="script-add-line" role="group" aria-label="Add a line at the end">
        <span className="vox-editor-lines__add-label" aria-hidden="true">
          Add
        </span>
        {(Object.keys(KIND_LABELS) as LineKind[]).map((kind) => (
          <Button key={kind} variant="secondary" size="sm" aria-label={ADD_LABELS[kind]} onClick={() => addLine(store, store.getOrder().length - 1, kind)}>
            <span aria-hidden="true">+</span> {KIND_LABELS[kind]}
          </Button>
        ))}
      </div>

      {removed && (
        <div className="vox-editor-lines__undo" role="status">
          <span>Line {removed.index + 1} deleted.</span>
          <Button variant="link" size="sm" onClick={undo}>
            Undo
          </Button>
        </div>
      )}
    </section>
  );
}

interface LineRowProps {
  lineKey: string;
  index: number;
  count: number;
  onRemove(key: string): void;
  dragging: React.RefObject<string | null>;
}

/** One line. Memoised and subscribed to its own line, so typing elsewhere leaves it alone. */
const LineRow = memo(function LineRow({ lineKey, index, count, onRemove, dragging }: LineRowProps) {
  const { store, problem } = useEditor();
  const line = useEditorValue(store, () => store.getLine(lineKey));
  const roles = useEditorValue(store, store.getRoleOptions);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [drop, setDrop] = useState<'before' | 'after' | null>(null);
  const [askingRole, setAskingRole] = useState(false);
  useAutoSize(textRef, line?.text ?? '');
  if (!line) return null;

  const n = index + 1;
  const invalid = sameTarget(problem?.target, { kind: 'line', key: lineKey });
  const roleMissing = line.kind === 'dialogue' && !roles.some((r) => r.key === line.roleKey);

  const move = (to: number, field: 'text' | 'kind' = 'text') => {
    if (to < 0 || to >= count) return;
    store.moveLine(lineKey, to);
    focusLine(lineKey, field);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const target = event.target as HTMLElement;
    if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      // Alt+Down opens a select's list on some systems; there the keys stay the select's.
      if (target.tagName === 'SELECT') return;
      event.preventDefault();
      move(event.key === 'ArrowUp' ? index - 1 : index + 1, target.tagName === 'TEXTAREA' ? 'text' : 'kind');
    } else if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      addLine(store, index, line.kind);
    }
  };

  const setKind = (kind: LineKind) => {
    // A line becoming dialogue speaks as the conversation suggests unless it remembers a role.
    const roleKey = kind === 'dialogue' && !roles.some((r) => r.key === line.roleKey) ? nextSpeaker(store, index - 1, lastSpeaker(store, index - 1)) : line.roleKey;
    store.updateLine(lineKey, { kind, roleKey });
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>) => {
    if (!dragging.current || dragging.current === lineKey) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const rect = event.currentTarget.getBoundingClientRect();
    setDrop(event.clientY < rect.top + rect.height / 2 ? 'before' : 'after');
  };

  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    const moving = dragging.current;
    const where = drop;
    setDrop(null);
    if (!moving || moving === lineKey || !where) return;
    event.preventDefault();
    const from = store.indexOf(moving);
    let to = where === 'before' ? index : index + 1;
    if (from < to) to -= 1;
    store.moveLine(moving, to);
    dragging.current = null;
    focusLine(moving);
  };

  return (
    <li
      className={cx(
        'vox-editor-line',
        `vox-editor-line--${line.kind}`,
        invalid && 'vox-editor-line--invalid',
        drop && `vox-editor-line--drop-${drop}`,
      )}
      data-line-key={lineKey}
      onKeyDown={onKeyDown}
      onDragOver={onDragOver}
      onDragLeave={() => setDrop(null)}
      onDrop={onDrop}
    >
      <div className="vox-editor-line__gutter">
        <span
          className="vox-editor-line__handle"
          draggable
          title="Drag to move"
          aria-hidden="true"
          onDragStart={(event) => {
            dragging.current = lineKey;
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData(DRAG_TYPE, lineKey);
            const row = event.currentTarget.closest('li');
            if (row) event.dataTransfer.setDragImage(row, 24, 24);
          }}
          onDragEnd={() => {
            dragging.current = null;
          }}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
            <g fill="currentColor">
              <circle cx="9" cy="6" r="1.6" />
              <circle cx="15" cy="6" r="1.6" />
              <circle cx="9" cy="12" r="1.6" />
              <circle cx="15" cy="12" r="1.6" />
              <circle cx="9" cy="18" r="1.6" />
              <circle cx="15" cy="18" r="1.6" />
            </g>
          </svg>
        </span>
        <span className="vox-editor-line__number" aria-hidden="true">
          {n}
        </span>
      </div>

      <div className="vox-editor-line__main">
        <div className="vox-editor-line__meta">
          <select
            className="vox-editor-line__select vox-editor-line__kind"
            aria-label={`Kind of line ${n}`}
            value={line.kind}
            onChange={(event) => setKind(event.target.value as LineKind)}
          >
            {(Object.keys(KIND_LABELS) as LineKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          {line.kind === 'dialogue' && (
            <>
              <select
                className="vox-editor-line__select vox-editor-line__role"
                aria-label={`Role of line ${n}`}
                aria-invalid={(invalid && roleMissing) || undefined}
                value={roleMissing ? '' : (line.roleKey ?? '')}
                onChange={(event) => {
                  if (event.target.value === NEW_ROLE) setAskingRole(true);
                  else store.updateLine(lineKey, { roleKey: event.target.value || null });
                }}
              >
                {roleMissing && (
                  <option value="" disabled>
                    Choose a role
                  </option>
                )}
                {roles.map((role) => (
                  <option key={role.key} value={role.key}>
                    {role.name || 'Unnamed role'}
                  </option>
                ))}
                <option value={NEW_ROLE}>New role…</option>
              </select>
              <input
                className="vox-editor-line__parenthetical"
                aria-label={`Parenthetical of line ${n}`}
                placeholder="(parenthetical)"
                maxLength={SCRIPT_LIMITS.parenthetical}
                value={line.parenthetical}
                onChange={(event) => store.updateLine(lineKey, { parenthetical: event.target.value })}
              />
            </>
          )}
        </div>
        <textarea
          ref={textRef}
          className="vox-editor-line__text"
          aria-label={`Text of line ${n}`}
          placeholder={PLACEHOLDERS[line.kind]}
          rows={1}
          maxLength={SCRIPT_LIMITS.lineText}
          value={line.text}
          onChange={(event) => store.updateLine(lineKey, { text: event.target.value })}
        />
        <LineCuesEditor lineId={line.id} n={n} />
      </div>

      <div className="vox-editor-line__actions">
        <button type="button" className="vox-icon-button vox-editor-line__action" aria-label={`Move line ${n} up`} title="Move up (Alt+↑)" disabled={index === 0} onClick={() => move(index - 1)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 19V5M6 11l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button
          type="button"
          className="vox-icon-button vox-editor-line__action"
          aria-label={`Move line ${n} down`}
          title="Move down (Alt+↓)"
          disabled={index === count - 1}
          onClick={() => move(index + 1)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <button type="button" className="vox-icon-button vox-editor-line__action" aria-label={`Add a line after line ${n}`} title="Add a line below (Ctrl+Enter)" onClick={() => addLine(store, index, line.kind)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <button type="button" className="vox-icon-button vox-editor-line__action vox-editor-line__action--danger" aria-label={`Delete line ${n}`} title="Delete" onClick={() => onRemove(lineKey)}>
          <TrashIcon width={18} height={18} />
        </button>
      </div>

      {askingRole && (
        <NewRoleDialog
          onClose={() => setAskingRole(false)}
          onAdd={(name) => {
            const key = store.addRole(name);
            store.updateLine(lineKey, { roleKey: key });
            setAskingRole(false);
            focusLine(lineKey);
          }}
        />
      )}
    </li>
  );
});

/** Names a new role from a line's role list. */
function NewRoleDialog({ onClose, onAdd }: { onClose(): void; onAdd(name: string): void }) {
  const { store } = useEditor();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title="New role" description="The role this line is spoken by. You can describe it in Roles." onClose={onClose}>
      <form
        className="vox-editor-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          const problem = roleNameProblem(store, name);
          if (problem) setError(problem);
          else onAdd(name.trim());
        }}
      >
        <TextField label="Name" value={name} maxLength={SCRIPT_LIMITS.roleName} autoFocus error={error} onChange={(event) => setName(event.target.value)} />
        <div className="vox-editor-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Add role</Button>
        </div>
      </form>
    </Modal>
  );
}

/** Why a new or renamed role cannot be called `name` (the server's texts), or null. */
export function roleNameProblem(store: EditorStore, name: string, except?: string): string | null {
  const tidy = name.replace(/\s+/g, ' ').trim();
  if (!tidy) return SCRIPT_MESSAGES.roleNameRequired;
  const clash = store.getRoles().some((role) => role.key !== except && role.name.replace(/\s+/g, ' ').trim().toLowerCase() === tidy.toLowerCase());
  return clash ? SCRIPT_MESSAGES.duplicateRole : null;
}
