/**
 * Drafts, revisions and templates (issue 13): plain values both sides use (no TypeBox, so the
 * web bundle may import them). Schemas are in ./drafts.ts.
 */

export const DRAFT_LIMITS = {
  title: 200,
  /** About 600 pages of Fountain: far above any screenplay, low enough to bound a save. */
  body: 1_500_000,
  revisionName: 120,
  templateDescription: 500,
  search: 100,
} as const;

/** An automatic snapshot is taken on a save when the last snapshot is older than this. */
export const AUTO_SNAPSHOT_MS = 10 * 60 * 1000;

export const DRAFT_MESSAGES = {
  notFound: 'This draft was not found.',
  revisionNotFound: 'This revision was not found.',
  templateNotFound: 'This template was not found.',
  staleRevision: 'This draft was changed elsewhere since you opened it. Merge the changes or keep both versions.',
  badEdit: 'This edit does not fit the draft it was made on.',
  systemTemplate: 'Ready-made templates cannot be changed. Duplicate it as your own template instead.',
  titleRequired: 'Give the template a title.',
  nothingToSave: 'Send the new text or an edit.',
} as const;

/** Words as a writer counts them: runs of letters, digits and apostrophes. */
export function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return words ? words.length : 0;
}

/**
 * Pages of a standard screenplay, estimated the usual way: about 55 printed lines a page. A
 * Fountain line longer than the 60 characters of an action line wraps.
 */
export function pageEstimate(text: string): number {
  if (!text.trim()) return 0;
  let lines = 0;
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / 60));
  return Math.max(1, Math.round(lines / 55));
}

/**
 * One replacement of the text between `from` and `to` (positions in the base text) by `insert`:
 * what an autosave sends instead of the whole draft. `applyEdit` answers null when the edit
 * does not fit the base.
 */
export interface DraftEdit {
  from: number;
  to: number;
  insert: string;
}

export function applyEdit(base: string, edit: DraftEdit): string | null {
  if (edit.from < 0 || edit.to < edit.from || edit.to > base.length) return null;
  return base.slice(0, edit.from) + edit.insert + base.slice(edit.to);
}

/** The one replacement that turns `before` into `after` (common start and end left out). */
export function editBetween(before: string, after: string): DraftEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
