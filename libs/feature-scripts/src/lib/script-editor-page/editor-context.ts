import { createContext, useContext } from 'react';
import type { EditorStore } from './editor-store';
import type { Problem, ProblemTarget } from './validate';

export interface EditorContextValue {
  store: EditorStore;
  /** The problem the editor points at (after a save was refused), if any. */
  problem: Problem | null;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the script editor');
  return value;
}

export const sameTarget = (a: ProblemTarget | undefined, b: ProblemTarget): boolean =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** A key inside a CSS attribute selector's quotes (keys are ours or the server's ids; CSS.escape is not everywhere). */
export const quoted = (key: string): string => key.replace(/["\\]/g, '\\$&');

/** Moves focus to the field a problem is about (it scrolls into view with it). */
export function focusTarget(target: ProblemTarget): void {
  const selector =
    target.kind === 'title'
      ? '#script-title'
      : target.kind === 'field'
        ? `#script-${target.field}`
        : target.kind === 'role'
          ? `[data-role-key="${quoted(target.key)}"] input`
          : target.kind === 'line'
            ? `[data-line-key="${quoted(target.key)}"] [aria-invalid="true"], [data-line-key="${quoted(target.key)}"] textarea`
            : target.kind === 'roles'
              ? '#script-roles'
              : '#script-lines';
  requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(selector);
    element?.focus();
    element?.scrollIntoView?.({ block: 'center' });
  });
}
