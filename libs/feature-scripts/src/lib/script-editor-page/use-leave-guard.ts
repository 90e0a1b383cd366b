import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router';

/** The router's navigator as BrowserRouter and MemoryRouter make it: plain methods we can wrap. */
interface Navigator {
  push(...args: unknown[]): void;
  replace(...args: unknown[]): void;
  go(delta: number): void;
}

export interface LeaveGuard {
  /** A navigation is waiting for the user's answer. */
  pending: boolean;
  stay(): void;
  leave(): void;
  /** Runs a navigation of our own (after saving or deleting) without asking. */
  bypass(navigate: () => void): void;
}

const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * Asks before leaving a page with unsaved changes: in-app links and navigate() calls, the
 * browser's back and forward buttons, and (through beforeunload) reload and closing the tab.
 *
 * react-router's useBlocker would do the in-app part, but it works only under a data router
 * (createBrowserRouter) and the shell renders a BrowserRouter. So this wraps the router's
 * navigator for push/replace/go, and answers popstate in the capture phase, before the router
 * hears of it: the step is undone and redone only if the user chooses to leave.
 */
export function useLeaveGuard(shouldBlock: () => boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const shouldBlockRef = useRef(shouldBlock);
  const bypassing = useRef(false);
  const here = useRef<number | null>(null);
  // The next popstate is one we started (an allowed back, or undoing a blocked one).
  const passNextPop = useRef(false);
  const swallowNextPop = useRef(false);

  useEffect(() => {
    shouldBlockRef.current = shouldBlock;
  }, [shouldBlock]);

  useEffect(() => {
    here.current = historyIndex();
  }, [location.key]);

  useEffect(() => {
    const nav = navigator as unknown as Navigator;
    const original = { push: nav.push, replace: nav.replace, go: nav.go };
    const blocked = () => !bypassing.current && shouldBlockRef.current();
    const ask = (navigate: () => void) => setPending(() => navigate);

    nav.push = (...args) => (blocked() ? ask(() => original.push.apply(nav, args)) : original.push.apply(nav, args));
    nav.replace = (...args) => (blocked() ? ask(() => original.replace.apply(nav, args)) : original.replace.apply(nav, args));
    nav.go = (delta) => {
      const go = () => {
        if (historyIndex() !== null) passNextPop.current = true;
        original.go.call(nav, delta);
      };
      if (blocked()) ask(go);
      else go();
    };

    const onPopState = (event: PopStateEvent) => {
      if (passNextPop.current) {
        passNextPop.current = false;
        return;
      }
      if (swallowNextPop.current) {
        swallowNextPop.current = false;
        event.stopImmediatePropagation();
        return;
      }
      const from = here.current;
      const to = historyIndex();
      if (from === null || to === null || from === to || !blocked()) return;
      // Capture phase on window runs before the router's own listener, which never hears of it.
      event.stopImmediatePropagation();
      swallowNextPop.current = true;
      window.history.go(from - to);
      ask(() => {
        passNextPop.current = true;
        window.history.go(to - from);
      });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldBlockRef.current()) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };

    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      nav.push = original.push;
      nav.replace = original.replace;
      nav.go = original.go;
      window.removeEventListener('popstate', onPopState, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigator]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    setPending(null);
    pending?.();
  }, [pending]);
  const bypass = useCallback((navigate: () => void) => {
    bypassing.current = true;
    try {
      navigate();
    } finally {
      bypassing.current = false;
    }
  }, []);

  return { pending: pending !== null, stay, leave, bypass };
}
