import { Component, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '@vox/ui';
import type { RemoteName } from '@vox/variant';
import { forgetFailedShares, loadRemoteApp, registerRemotesFromManifest } from '../federation/remotes';
import './remote-boundary.css';

const REMOTE_LABELS: Record<RemoteName, string> = {
  main: 'main site',
  school: 'school site',
  dashboard: 'metrics dashboard',
  podcast: 'podcast site',
};

interface BoundaryProps {
  remote: RemoteName;
  onRetry(): void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Why the load failed, in words a reader can act on. */
function describe(error: Error): string {
  const code = (error as Error & { code?: string }).code;
  if (error.name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') {
    return 'Part of the page could not be downloaded. Check your connection and try again.';
  }
  return 'It could not be reached. Check your connection and try again.';
}

// React has no functional error boundary, so this stays a class.
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  componentDidUpdate(prev: BoundaryProps) {
    if (prev.remote !== this.props.remote && this.state.error) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="vox-remote-error" role="alert" aria-live="assertive">
        <h1>The {REMOTE_LABELS[this.props.remote]} did not load</h1>
        <p>{describe(error)}</p>
        <button
          type="button"
          className="vox-remote-error__retry"
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          Retry
        </button>
      </section>
    );
  }
}

function RemoteLoading() {
  return (
    <div className="vox-remote-loading" role="status" aria-live="polite">
      <span className="vox-remote-loading__dot" aria-hidden="true" />
      Loading…
    </div>
  );
}

/**
 * Renders the App of one federated remote. A failure to load it (entry 404, aborted request,
 * ChunkLoadError, CSS_CHUNK_LOAD_FAILED) shows a readable message with a Retry that loads it
 * again; the header and footer around it keep working.
 */
export function RemoteBoundary({ remote, manifestError }: { remote: RemoteName; manifestError?: Error | null }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt (a Retry starts from scratch). A manifest that could not be
  // read at start-up is read again on Retry. Not React.lazy: see lazyComponent in @vox/ui.
  const RemoteApp = useMemo<ComponentType>(
    () =>
      lazyComponent(
        async () => {
          if (attempt > 0) forgetFailedShares(remote);
          if (manifestError || attempt > 0) await registerRemotesFromManifest();
          return loadRemoteApp(remote);
        },
        (module) => module.default,
        <RemoteLoading />,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, attempt],
  );
  return (
    <RemoteErrorBoundary remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <RemoteApp />
    </RemoteErrorBoundary>
  );
}
