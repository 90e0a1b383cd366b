import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export interface LeaveGuard {
  /** A navigation is waiting for the user's answer. */
  pending: boolean;
  stay(): void;
  leave(): void;
  /** Runs a navigation of our own (after saving or deleting) without asking. */
  bypass(navigate: () => void): void;
}

/**
 * Asks before leaving a page with unsaved changes: in-app links, navigate() calls and the
 * browser's Back and Forward buttons (react-router's useBlocker, under the shell's data router),
 * and, through beforeunload, reload and closing the tab.
 */
export function useLeaveGuard(shouldBlock: () => boolean): LeaveGuard {
  const bypassing = useRef(false);
  const blocker = useBlocker(useCallback(() => !bypassing.current && shouldBlock(), [shouldBlock]));
  const shouldBlockRef = useRef(shouldBlock);
  useEffect(() => {
    shouldBlockRef.current = shouldBlock;
  }, [shouldBlock]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldBlockRef.current()) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const stay = useCallback(() => blocker.reset?.(), [blocker]);
  const leave = useCallback(() => blocker.proceed?.(), [blocker]);
  const bypass = useCallback((navigate: () => void) => {
    bypassing.current = true;
    try {
      navigate();
    } finally {
      bypassing.current = false;
    }
  }, []);

  return { pending: blocker.state === 'blocked', stay, leave, bypass };
}
