/**
 * Runs `work` at the browser's next quiet moment (at the latest after `timeoutMs`); answers a
 * function that cancels it. Without requestIdleCallback (Safari, tests), on the next task.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}
