import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type Location } from 'react-router';

/** The router's navigator as BrowserRouter and MemoryRouter make it: their history object. */
interface Navigator {
  push(...args: unknown[]): void;
  replace(...args: unknown[]): void;
  go(delta: number): void;
  readonly action?: string;
  readonly location?: Location;
}

interface LeaveGuard {
  /** A navigation is waiting for the user's answer. */
  pending: boolean;
  stay(): void;
  leave(): void;
  /** Runs a navigation of our own (after saving or deleting) without asking. */
  bypass(navigate: () => void): void;
}

/** Where this tab is in its history, as react-router numbers entries (null outside a browser router). */
const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * Asks before leaving a page with unsaved changes: in-app links and navigate() calls, the
 * browser's Back and Forward buttons, and (through beforeunload) reload and closing the tab.
 *
 * react-router's useBlocker does this only under a data router (createBrowserRouter), and the
 * shell renders a BrowserRouter. So this works on the router's navigator, which is BrowserRouter's
 * history object: push, replace and go are wrapped; for Back and Forward, which the browser has
 * already done when the router hears of it, the history's `location` getter (which the router
 * reads on popstate) answers the page's own location while the step is undone, so the page stays
 * mounted with everything typed, and the step is redone only if the user chooses to leave.
 */
export function useLeaveGuard(shouldBlock: () => boolean): LeaveGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const shouldBlockRef = useRef(shouldBlock);
  const bypassing = useRef(false);
  const here = useRef<{ index: number | null; location: Location }>({ index: null, location });
  // A popstate we started on purpose (an allowed Back, or redoing a step the user let go).
  const passNextPop = useRef(false);
  // The history index we are stepping back to after holding a Back or Forward.
  const reverting = useRef<number | null>(null);
  const redoAfterRevert = useRef<(() => void) | null>(null);

  useEffect(() => {
    shouldBlockRef.current = shouldBlock;
  }, [shouldBlock]);

  useEffect(() => {
    // While a held step is being undone, the address is not this page's yet.
    if (reverting.current === null) here.current = { index: historyIndex(), location };
  }, [location]);

  useEffect(() => {
    const nav = navigator as unknown as Navigator;
    const original = { push: nav.push, replace: nav.replace, go: nav.go };
    const blocked = () => !bypassing.current && shouldBlockRef.current();
    const ask = (navigate: () => void) => setPending(() => navigate);
    const inBrowser = historyIndex() !== null;

    nav.push = (...args) => (blocked() ? ask(() => original.push.apply(nav, args)) : original.push.apply(nav, args));
    nav.replace = (...args) => (blocked() ? ask(() => original.replace.apply(nav, args)) : original.replace.apply(nav, args));
    nav.go = (delta) => {
      const go = () => {
        if (inBrowser) passNextPop.current = true;
        original.go.call(nav, delta);
      };
      if (blocked()) ask(go);
      else go();
    };

    const locationProperty = Object.getOwnPropertyDescriptor(nav, 'location');
    const readLocation = locationProperty?.get;
    if (inBrowser && readLocation) {
      Object.defineProperty(nav, 'location', {
        configurable: true,
        enumerable: locationProperty.enumerable,
        get() {
          const real = readLocation.call(nav) as Location;
          if (nav.action !== 'POP' || passNextPop.current) return real;
          const from = here.current.index;
          const to = historyIndex();
          if (from === null || to === null || from === to) return real;
          if (reverting.current === null) {
            if (!blocked()) return real;
            reverting.current = from;
            // Undo the step once the router has handled this one; redo it if the user leaves
            // (after the undo has landed, should they answer that fast).
            setTimeout(() => window.history.go(from - to));
            const redo = () => {
              passNextPop.current = true;
              window.history.go(to - from);
            };
            ask(() => {
              if (reverting.current === null) redo();
              else redoAfterRevert.current = redo;
            });
          }
          return here.current.location;
        },
      });
    }

    // Runs after the router's own popstate listener (registered long before this one).
    const afterPopState = () => {
      passNextPop.current = false;
      if (reverting.current !== null && historyIndex() === reverting.current) {
        reverting.current = null;
        const redo = redoAfterRevert.current;
        redoAfterRevert.current = null;
        redo?.();
      }
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldBlockRef.current()) return;
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };

    window.addEventListener('popstate', afterPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      nav.push = original.push;
      nav.replace = original.replace;
      nav.go = original.go;
      if (inBrowser && locationProperty) Object.defineProperty(nav, 'location', locationProperty);
      window.removeEventListener('popstate', afterPopState);
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
