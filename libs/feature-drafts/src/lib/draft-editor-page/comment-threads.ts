/** Where comment threads are in a draft's text: plain functions, without the editor. */

/** Lines `fromLine`..`toLine` of a text, 1-based and inclusive. */
export interface LineRange {
  fromLine: number;
  toLine: number;
}

/**
 * Where a thread's lines are in the text now: where they were if they still read as `quote`,
 * else the place nearest to it where they do (lines written or removed above moved them), else
 * null (they were rewritten). An empty quote stays on its line numbers, within the text.
 */
export function locateLines(lines: readonly string[], thread: LineRange & { quote: string }): LineRange | null {
  const wanted = thread.quote.split('\n');
  const span = wanted.length;
  const at = thread.fromLine - 1;
  if (!thread.quote) return at < lines.length ? { fromLine: thread.fromLine, toLine: Math.min(thread.toLine, lines.length) } : null;
  const matches = (start: number) => {
    for (let i = 0; i < span; i++) if (lines[start + i] !== wanted[i]) return false;
    return true;
  };
  // Outward from where the thread was: the nearest place wins, the earlier one on a tie.
  for (let d = 0; d < lines.length; d++) {
    for (const start of d === 0 ? [at] : [at - d, at + d]) {
      if (start >= 0 && start + span <= lines.length && matches(start)) return { fromLine: start + 1, toLine: start + span };
    }
    if (at - d < 0 && at + d + span > lines.length) break;
  }
  return null;
}

/** A thread and where its lines are now (null: they were rewritten since). */
export interface LocatedThread<T> {
  thread: T;
  at: LineRange | null;
}

/** Every thread of the draft located in `text` (see locateLines). */
export function locateThreads<T extends LineRange & { quote: string }>(text: string, threads: readonly T[]): LocatedThread<T>[] {
  if (threads.length === 0) return [];
  const lines = text.split('\n');
  return threads.map((thread) => ({ thread, at: locateLines(lines, thread) }));
}

/** "line 4", "lines 4-6" as the comments say it. */
export const linesLabel = ({ fromLine, toLine }: LineRange) => (fromLine === toLine ? `line ${fromLine}` : `lines ${fromLine}–${toLine}`);
