import type { FountainLine } from './fountain';
import { parseFountain } from './parse';

/**
 * Revision colours as the film industry uses them: each new set of changes to a script that has
 * gone out is printed on the next colour's paper, and its changed lines carry an asterisk in the
 * right margin. After Cherry the sequence starts again with "Double" (Double White, Double Blue,
 * ...), then "Triple". A draft starts at White (index 0), the original: nothing is marked.
 */
const REVISION_COLORS = [
  { name: 'White', hex: '#ffffff' },
  { name: 'Blue', hex: '#9cc3ff' },
  { name: 'Pink', hex: '#ffb3cf' },
  { name: 'Yellow', hex: '#fff07a' },
  { name: 'Green', hex: '#a8e6a1' },
  { name: 'Goldenrod', hex: '#eec158' },
  { name: 'Buff', hex: '#f0dcb4' },
  { name: 'Salmon', hex: '#ff9f86' },
  { name: 'Cherry', hex: '#f07a8c' },
] as const;

const ROUNDS = ['', 'Double ', 'Triple ', 'Quadruple '];

/** "Blue", "Double White", ...: the name of the colour at `index` of the sequence (0 is White). */
export function revisionColorName(index: number): string {
  const round = Math.floor(index / REVISION_COLORS.length);
  const prefix = ROUNDS[round] ?? `${round + 1}x `;
  return `${prefix}${REVISION_COLORS[index % REVISION_COLORS.length].name}`;
}

/** The colour (CSS hex) of the colour at `index`: a round repeats the first round's colours. */
export const revisionColorHex = (index: number): string => REVISION_COLORS[index % REVISION_COLORS.length].hex;

/**
 * Which items of `next` are not matched in `before`, by a shortest edit script (Myers' O(ND)
 * diff) over the items' keys, after trimming the common start and end: a small edit to a long
 * text costs little. Answers the indexes in `next` that were inserted or changed.
 */
export function changedIndexes(before: readonly string[], next: readonly string[]): number[] {
  let start = 0;
  while (start < before.length && start < next.length && before[start] === next[start]) start++;
  let endA = before.length;
  let endB = next.length;
  while (endA > start && endB > start && before[endA - 1] === next[endB - 1]) {
    endA--;
    endB--;
  }
  const a = before.slice(start, endA);
  const b = next.slice(start, endB);
  if (b.length === 0) return [];
  if (a.length === 0) return b.map((_, i) => start + i);
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk back through the trace: every step down (an item of `next` not in `before`) is a change.
  const inserted: number[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const row = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && row[offset + k - 1] < row[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = row[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (x === prevX) inserted.push(start + prevY);
    x = prevX;
    y = prevY;
  }
  return inserted.sort((p, q) => p - q);
}

/**
 * The 1-based numbers of the lines of `text` that are new or changed since `base` (the editor's
 * margin marks). Blank lines are never marked: they print nothing.
 */
export function changedTextLines(base: string, text: string): number[] {
  const lines = text.split('\n');
  return changedIndexes(base.split('\n'), lines)
    .filter((index) => lines[index].trim() !== '')
    .map((index) => index + 1);
}

/**
 * A script line's parts as a revision compares them: a speech's cue apart from its words, so a
 * changed speech marks its words and not its speaker's name.
 */
function partsOf(lines: readonly FountainLine[]): { key: string; source: number; cue: boolean }[] {
  return lines.flatMap((line, source) =>
    line.kind === 'dialogue'
      ? [
          { key: `cue\u0000${line.role ?? ''}`, source, cue: true },
          { key: `speech\u0000${line.parenthetical ?? ''}\u0000${line.text}`, source, cue: false },
        ]
      : [{ key: `${line.kind}\u0000${line.text}`, source, cue: false }],
  );
}

/**
 * Whether a printed line changed since `base`: `source` is its script line's index
 * (`ScreenplayPage.sources`), `cue` true for a character cue. What the PDF marks with an asterisk.
 */
export function revisionMarks(base: string, text: string): (source: number, cue: boolean) => boolean {
  const before = partsOf(parseFountain(base).lines);
  const after = partsOf(parseFountain(text).lines);
  const changed = new Set(
    changedIndexes(
      before.map((part) => part.key),
      after.map((part) => part.key),
    ).map((index) => `${after[index].source}${after[index].cue ? ':cue' : ''}`),
  );
  return (source, cue) => changed.has(`${source}${cue ? ':cue' : ''}`);
}
