import { useCallback, useRef, useState } from 'react';
import { errorText } from './error-text';

interface Submission {
  busy: boolean;
  /** The failed action's text, shown in a red alert. */
  error: string | null;
  setError(error: string | null): void;
  /** Runs the action unless one is already running; resolves true when it succeeded. */
  run(action: () => Promise<void>): Promise<boolean>;
}

/** Tracks one async action of a form: busy while it runs, its error when it fails. */
export function useSubmission(): Submission {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref, not the state, guards against a double submit within the same render.
  const running = useRef(false);

  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(errorText(caught));
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
