import { useEffect, useRef, useState, type RefObject } from 'react';

interface FocusFirstInvalid<T extends HTMLElement> {
  /** Goes on the form (or the element that holds its fields). */
  ref: RefObject<T | null>;
  /** Call when a submit is refused: once the field errors are drawn, the first invalid field gets the focus. */
  focusFirstInvalid(): void;
}

/**
 * After a refused submit, the focus moves to the first field marked aria-invalid, in page order,
 * so a keyboard or screen-reader user lands on what to fix and hears its error text. It waits
 * for the render that marks the fields, so it works for any field that sets aria-invalid
 * (TextField, a select, a textarea).
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(): FocusFirstInvalid<T> {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return { ref, focusFirstInvalid: () => setAttempt((n) => n + 1) };
}
