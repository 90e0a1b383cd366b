/**
 * Text helpers of the writing room that the server and the editor both use: a draft's word
 * count, and the one replacement that turns one text into another (a REST save's edit, a
 * restore made in the shared document). (Its page count is layout.ts's `pageCount`.)
 */

/** Words as a writer counts them: runs of letters, digits and apostrophes. */
export function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return words ? words.length : 0;
}

/**
 * One replacement of the text between `from` and `to` (positions in the base text) by `insert`:
 * what an autosave sends instead of the whole draft. `applyEdit` answers null when the edit
 * does not fit the base.
 */
interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

export function applyEdit(base: string, edit: TextEdit): string | null {
  if (edit.from < 0 || edit.to < edit.from || edit.to > base.length) return null;
  return base.slice(0, edit.from) + edit.insert + base.slice(edit.to);
}

/** The one replacement that turns `before` into `after` (common start and end left out). */
export function editBetween(before: string, after: string): TextEdit {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
