import { useQueryClient } from '@tanstack/react-query';
import { Component, createContext, Suspense, useContext, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { api } from '@vox/api-client';
import { coreEndpoints } from '@vox/contract';
import { Link, useLocation } from 'react-router';
import type { SiteRoute } from '@vox/site-routes';
import { lazyComponent } from '@vox/ui';
import { href, type RemoteName } from '@vox/variant';
import { forgetFailedShares, loadRemoteApp, manifest, registerRemotesFromManifest, type RemoteAppModule } from '../federation/remotes';
import './remote-boundary.css';

const REMOTE_LABELS: Record<RemoteName, string> = {
  main: 'main site',
  school: 'school site',
  dashboard: 'metrics dashboard',
  podcast: 'podcast site',
};

/** Errors of loading a remote's code (its entry, its module): never a page's own fault. */
const loadFailures = new WeakSet<object>();

/** A download that failed: the remote's entry or module, or a script or stylesheet chunk of a page. */
function isLoadFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code } = error as { name?: string; code?: string };
  return loadFailures.has(error) || name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED';
}

/** Why the load failed, in words a reader can act on. */
function describe(error: Error): string {
  if (error.name === 'ChunkLoadError' || (error as Error & { code?: string }).code === 'CSS_CHUNK_LOAD_FAILED') {
    return 'Part of the page could not be downloaded. Check your connection and try again.';
  }
  return 'It could not be reached. Check your connection and try again.';
}

/**
 * A page that threw while drawing: names the page, says what went wrong, offers
 * to try again and a way home. It fills the page's place only: the header and footer keep working.
 */
function PageFailure({ title, error, onRetry }: { title?: string; error: unknown; onRetry(): void }) {
  const client = useQueryClient();
  const detail = error instanceof Error ? error.message : String(error);
  // The failed page's queries have no observer now: forget them, so trying again asks the server
  // again rather than drawing the same answer that broke it.
  const retry = () => {
    client.removeQueries({ type: 'inactive' });
    onRetry();
  };
  return (
    <section className="vox-remote-error" role="alert" aria-live="assertive">
      <h1>{title ? `The ${title} page failed` : 'This page failed'}</h1>
      <p>Something went wrong while showing it. The rest of VoxClub still works.</p>
      <p className="vox-remote-error__detail">{detail}</p>
      <div className="vox-remote-error__actions">
        <button type="button" className="vox-remote-error__retry" onClick={retry}>
          Try again
        </button>
        <Link to={href('home')}>Go to the home page</Link>
      </div>
    </section>
  );
}

interface BoundaryProps {
  /** A new key clears a caught error (another remote, another path). */
  resetKey: string;
  /** What to draw instead of the children; `reset` draws them again. */
  fallback(error: Error, reset: () => void): ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * The shell's one error boundary (React has no functional error boundary, so this stays a class):
 * draws `fallback` for an error thrown below it until `reset` or a new `resetKey`.
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  // A page that threw is told to the server's log; a failed download is the network's, not a fault.
  componentDidCatch(error: Error, { componentStack }: ErrorInfo) {
    if (!isLoadFailure(error)) api.call(coreEndpoints.reportRenderError, { body: { message: error.message, stack: error.stack, componentStack: componentStack ?? undefined, path: location.pathname } }).catch(() => undefined);
  }

  componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children;
  }
}

/**
 * What the remote's boundary draws. A remote drawn whole (the dashboard, or one built before the
 * shell matched the routes) has no route error boundaries: its pages' own failures land here and
 * are told apart from a failed download.
 */
function RemoteFailure({ remote, title, error, onRetry }: { remote: RemoteName; title?: string; error: Error; onRetry(): void }) {
  if (!isLoadFailure(error)) return <PageFailure title={title} error={error} onRetry={onRetry} />;
  return (
    <section className="vox-remote-error" role="alert" aria-live="assertive">
      <h1>The {REMOTE_LABELS[remote]} did not load</h1>
      <p>{describe(error)}</p>
      <button type="button" className="vox-remote-error__retry" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

function RemoteLoading() {
  return (
    <div className="vox-remote-loading" role="status" aria-live="polite">
      <span className="vox-remote-loading__dot" aria-hidden="true" />
      Loading…
    </div>
  );
}

/** The loaded remote's routes for the route elements under the shell's layout. */
const RemoteSiteContext = createContext<Pick<Required<RemoteAppModule>, 'Page'> | null>(null);

/**
 * Loads the federated remote of the variant and draws the matched route (`outlet`) inside it. A
 * failure to load it (entry 404, aborted request, ChunkLoadError, CSS_CHUNK_LOAD_FAILED) loads the
 * manifest's fallback for it when there is one (federation/fallback.ts), else shows a
 * readable message with a Retry that loads it again; the header and footer around it keep working.
 * A remote whose `./App` has no `Page` (the dashboard, which shows its metrics at every path, or a
 * remote built before the shell matched the routes: one release of compatibility) is drawn whole.
 */
export function RemoteBoundary({ remote, manifestError, outlet, title }: { remote: RemoteName; manifestError?: Error | null; outlet: ReactNode; title?: string }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt (a Retry starts from scratch). A manifest that could not be
  // read at start-up is read again on Retry. Not React.lazy: see lazyComponent in @vox/ui.
  const RemoteSite = useMemo<ComponentType<{ outlet: ReactNode }>>(
    () =>
      lazyComponent(
        async () => {
          try {
            if (attempt > 0) forgetFailedShares(remote);
            if (manifestError || attempt > 0) await registerRemotesFromManifest();
            try {
              return await loadRemoteApp(remote);
            } catch (error) {
              // A released remote that did not load: the version before it, from a chunk fetched only now.
              if (!manifest.fallbacks?.[remote]) throw error;
              return await (await import('../federation/fallback')).loadFallback(remote, error);
            }
          } catch (error) {
            if (error && typeof error === 'object') loadFailures.add(error);
            throw error;
          }
        },
        ({ Frame, Page, default: Whole }) =>
          Frame && Page
            ? ({ outlet: page }) => (
                <RemoteSiteContext.Provider value={{ Page }}>
                  <Frame>{page}</Frame>
                </RemoteSiteContext.Provider>
              )
            : () => (Whole ? <Whole /> : null),
        <RemoteLoading />,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, attempt],
  );
  return (
    <ErrorBoundary
      resetKey={remote}
      fallback={(error, reset) => (
        <RemoteFailure
          remote={remote}
          title={title}
          error={error}
          onRetry={() => {
            reset();
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      {/* While the client hydrates the server's HTML, the remote's code is awaited here with that HTML kept on screen. */}
      <Suspense>
        <RemoteSite outlet={outlet} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A route's element: the remote's page for it (null: the site's 404). */
function RemotePage({ route }: { route: string | null }) {
  const site = useContext(RemoteSiteContext);
  return site && <site.Page route={route} />;
}

/**
 * Each route's error: a page that throws shows what failed with a way back; a
 * download that failed (a page's chunk) goes on to the remote's boundary, which says to check the
 * connection.
 */
function RouteFailure({ title, error, onRetry }: { title?: string; error: Error; onRetry(): void }): ReactNode {
  if (isLoadFailure(error)) throw error;
  return <PageFailure title={title} error={error} onRetry={onRetry} />;
}

/** One route of the table as the shell draws it: the remote's page inside the route's error boundary. */
export function RoutePage({ route }: { route: SiteRoute | null }) {
  const { pathname } = useLocation();
  return (
    // Another path draws the new page.
    <ErrorBoundary resetKey={pathname} fallback={(error, reset) => <RouteFailure title={route?.title} error={error} onRetry={reset} />}>
      <RemotePage route={route?.id ?? null} />
    </ErrorBoundary>
  );
}
