import type { diffArrays as DiffArrays } from 'diff';
import type { TextEdit } from '@vox/fountain';

/**
 * A three-way merge of a draft's text, a line at a time: the writer's changes (base -> mine) and
 * the other version's (base -> theirs) are each worked out as line ranges of the base replaced by
 * other lines; ranges apart from each other are all applied, and where one side's range overlaps
 * or touches the other's (both inserting at one place included) the two must agree, or the merge
 * is refused. A line is a unit throughout: a merge never joins two lines, splits one, drops one
 * that neither side removed, or writes one twice. The text is split on "\n" only, so a last line
 * without a newline is a line like any other (there is no end-of-file case to get wrong).
 *
 * The merge also says how it differs from mine (the other side's changes, placed in my text), so
 * the editor replaces only those lines and the writer's cursor stays where it is.
 */

/** Past this many changed lines on one side the diff is not worked out (a different text, not an edit): refused. */
const MAX_CHANGED_LINES = 2000;

/** Base lines [start, end) replaced by `lines` (start === end: an insertion before base line `start`). */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

type Diff = typeof DiffArrays;

/** The changes from `base` to `other` as hunks, in order and apart (a common line between any two), or null when too long. */
function hunksOf(diff: Diff, base: string[], other: string[]): Hunk[] | null {
  const changes = diff(base, other, { maxEditLength: MAX_CHANGED_LINES });
  if (!changes) return null;
  const hunks: Hunk[] = [];
  let at = 0;
  let open: Hunk | null = null;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = null;
      at += change.value.length;
      continue;
    }
    open ??= { start: at, end: at, lines: [] };
    if (change.removed) {
      at += change.value.length;
      open.end = at;
    } else open.lines.push(...change.value);
  }
  if (open) hunks.push(open);
  return hunks;
}

/** Base lines [start, end) with one side's hunks (all inside that range) applied. */
function applied(base: string[], hunks: Hunk[], start: number, end: number): string[] {
  const out: string[] = [];
  let at = start;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.start), ...hunk.lines);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

/** Lines [from, to) of mine replaced by `lines` (from === to: inserted before line `from`). */
interface LineEdit {
  from: number;
  to: number;
  lines: string[];
}

interface MergedLines {
  lines: string[];
  /** What turns mine into `lines`: in order, apart, in mine's line numbers. */
  edits: LineEdit[];
}

/** The merge of two sides' lines over `base`'s, or null where they change the same place differently. */
export function mergeLines(diff: Diff, base: string[], mine: string[], theirs: string[]): MergedLines | null {
  const ours = hunksOf(diff, base, mine);
  const other = hunksOf(diff, base, theirs);
  if (!ours || !other) return null;
  const out: string[] = [];
  const edits: LineEdit[] = [];
  let at = 0;
  // Mine's line number of a base line outside my hunks is the base's plus this.
  let shift = 0;
  let i = 0;
  let j = 0;
  while (i < ours.length || j < other.length) {
    // A group: the next hunk of either side, with every hunk of either side that overlaps or touches it.
    const first = j >= other.length || (i < ours.length && ours[i].start <= other[j].start) ? ours[i] : other[j];
    const start = first.start;
    let end = first.end;
    const fromMine: Hunk[] = [];
    const fromTheirs: Hunk[] = [];
    for (;;) {
      if (i < ours.length && ours[i].start <= end) {
        end = Math.max(end, ours[i].end);
        fromMine.push(ours[i++]);
      } else if (j < other.length && other[j].start <= end) {
        end = Math.max(end, other[j].end);
        fromTheirs.push(other[j++]);
      } else break;
    }
    const minePart = applied(base, fromMine, start, end);
    const lines = fromTheirs.length === 0 ? minePart : applied(base, fromTheirs, start, end);
    // Both changed this place: only the same result on both sides is taken.
    if (fromMine.length > 0 && fromTheirs.length > 0 && !same(minePart, lines)) return null;
    if (fromMine.length === 0) edits.push({ from: start + shift, to: start + shift + minePart.length, lines });
    out.push(...base.slice(at, start), ...lines);
    shift += minePart.length - (end - start);
    at = end;
  }
  out.push(...base.slice(at));
  return { lines: out, edits };
}

/** Line edits of `mine` as replacements of its text, each in the positions of `mine` (as one CodeMirror change takes them). */
export function textEdits(mine: string[], edits: readonly LineEdit[]): TextEdit[] {
  const starts: number[] = [];
  let at = 0;
  for (const line of mine) {
    starts.push(at);
    at += line.length + 1;
  }
  const length = at - 1;
  const endOf = (line: number) => starts[line] + mine[line].length;
  return edits.map(({ from, to, lines }): TextEdit => {
    if (to > from && lines.length > 0) return { from: starts[from], to: endOf(to - 1), insert: lines.join('\n') };
    if (to > from) {
      // Whole lines go with one of their line breaks: the one after them, or before them at the end.
      if (to < mine.length) return { from: starts[from], to: starts[to], insert: '' };
      return { from: from > 0 ? starts[from] - 1 : 0, to: length, insert: '' };
    }
    if (from < mine.length) return { from: starts[from], to: starts[from], insert: `${lines.join('\n')}\n` };
    return { from: length, to: length, insert: `\n${lines.join('\n')}` };
  });
}

interface Merge {
  text: string;
  /** What turns mine into `text`, in mine's positions. */
  edits: TextEdit[];
}

/**
 * Merges the writer's changes (base -> mine) with the other version (base -> theirs), line by line
 * (see above); null when both changed the same lines differently, or the base is unknown.
 */
export async function mergeTexts(base: string | undefined, mine: string, theirs: string): Promise<Merge | null> {
  if (base === undefined) return null;
  if (mine === theirs || theirs === base) return { text: mine, edits: [] };
  const { diffArrays } = await import('diff');
  const mineLines = mine.split('\n');
  const merged = mergeLines(diffArrays, base.split('\n'), mineLines, theirs.split('\n'));
  return merged && { text: merged.lines.join('\n'), edits: textEdits(mineLines, merged.edits) };
}
