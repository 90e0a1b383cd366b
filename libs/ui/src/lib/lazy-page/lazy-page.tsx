import { Suspense, use, useEffect, useReducer, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { Page } from '../page/page';
import { Spinner } from '../spinner/spinner';

const noSubscription = () => () => undefined;
const isServer = () => true;

/** A component whose code loads on first use; `preload()` starts that load early (idempotent). */
interface LazyComponent<P> {
  (props: P): ReactNode;
  preload(): Promise<void>;
}

/**
 * A component whose code loads on first use, without suspending.
 *
 * Why not React.lazy: React 19 reveals a Suspense boundary's content no sooner than 300 ms after
 * the last fallback was shown (FALLBACK_THROTTLE_MS, for retries: the renders that follow a
 * suspended promise's resolution). A cold load of a page passes several lazy levels (the remote,
 * the page, an editor or chart inside it), and each waited about 300 ms with the main thread idle:
 * 900 ms of the drafts editor's 1.15 s opening (tools/bench/drafts-editor). Here the loaded module
 * arrives as an ordinary state update, which React commits at once.
 *
 * The load starts during the first render, as React.lazy's does. Until it ends `fallback` shows (but
 * on the server and during hydration, see below); a
 * failure is thrown to the nearest error boundary, and the next mount (a Retry) loads again,
 * whereas React.lazy keeps a failed load for good.
 */
export function lazyComponent<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  // A failed load while hydrating, thrown once: waiting on a new load would keep the server's
  // HTML up for good, with every retry failing the same way.
  let failedHydrating: { error: unknown } | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        pending = null;
        failedHydrating = { error };
        throw error;
      },
    ));

  const isLoaded = () => Loaded !== null;

  function Lazy(props: P) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, loaded] = useReducer((n: number) => n + 1, 0);
    const ready = Loaded !== null;
    // On the server, and while the client hydrates its HTML, a fallback would replace the page's
    // content: there it suspends instead, so the server waits for the code and the client keeps
    // the server's HTML on screen until the code has come (the nearest Suspense boundary).
    // The client's snapshot is "loaded": once the code has come it equals the server's (true), so
    // React has no cause to draw the hydrated component again, which would send its new props
    // into a boundary still waiting, and React would throw that boundary's server HTML away.
    const serverHtml = useSyncExternalStore(noSubscription, isLoaded, isServer);
    if (!ready && !failure) preload().catch(() => undefined); // the effect below reports it
    useEffect(() => {
      if (ready) return;
      let live = true;
      preload().then(
        () => live && loaded(),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [ready]);
    if (failure) throw failure.error;
    // After every hook: React replays a component that suspended with the hooks it had reached.
    if (!ready && serverHtml) {
      const failed = failedHydrating;
      failedHydrating = null;
      // React then draws this part on the client, where the failure shows (the effect above).
      if (failed) throw failed.error;
      use(preload());
    }
    if (!Loaded) return fallback;
    return <Loaded {...props} />;
  }
  return Object.assign(Lazy, { preload });
}

/** What shows while a page's code downloads. */
function PageLoading() {
  return (
    <Page centered>
      <Spinner size="lg" label="Loading the page" />
    </Page>
  );
}

/**
 * A page whose code loads on first use, so the first route stays inside the bundle budget (see
 * lazyComponent for why it does not suspend). The shell's Retry after a ChunkLoadError really
 * loads the page again.
 */
export function lazyPage<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazyComponent(load, pick, <PageLoading />);
}

/** What shows while something inside a page suspends (lazy pages themselves do not). */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}
