import { diffArrays } from 'diff';

/**
 * Which line of a script each line of a newly published draft is, so takes
 * recorded on a line stay with it when the draft is published again.
 *
 * 1. An alignment of the two line sequences (Myers' diff over whole lines, the `diff` library's
 *    diffArrays) finds the lines that did not change at all, in order: each keeps its id.
 * 2. In each stretch between them where old lines went and new ones came (a rewrite), the new
 *    lines take, in order, the ids of old lines of the same kind and role: a rewritten speech of
 *    NORA is still NORA's line there, and its takes are kept, marked as recorded on earlier text.
 * 3. A line moved elsewhere unchanged (a removal here, the same line added there) keeps its id.
 * 4. What is left is new (no id) or removed (the caller retires it, keeping its takes).
 */

export interface MatchableLine {
  kind: string;
  role: string | null;
  parenthetical: string | null;
  text: string;
}

interface LineMatch {
  /** For each new line, in order: the old line's id it keeps, or null for a new line. */
  ids: Array<string | null>;
  /** Old lines that kept their id with the very same content. */
  unchanged: number;
  /** Old lines that kept their id with another text, parenthetical or position of a rewrite. */
  changed: number;
  /** New lines with no old line. */
  added: number;
  /** Ids of old lines that no new line took. */
  removed: string[];
}

/** A line's whole content as one string (role names compare in any case, as the server's rule). */
export const lineKey = (line: MatchableLine) => [line.kind, line.role?.toLowerCase() ?? '', line.parenthetical ?? '', line.text].join('\u0000');
const sameSpeaker = (a: MatchableLine, b: MatchableLine) => a.kind === b.kind && (a.role?.toLowerCase() ?? '') === (b.role?.toLowerCase() ?? '');

export function matchLines(old: ReadonlyArray<MatchableLine & { id: string }>, next: ReadonlyArray<MatchableLine>): LineMatch {
  const ids: Array<string | null> = next.map(() => null);
  const result: LineMatch = { ids, unchanged: 0, changed: 0, added: 0, removed: [] };
  let i = 0; // next old line
  let j = 0; // next new line
  let removed: number[] = [];
  let added: number[] = [];
  /** Old lines no new line took yet, and new lines with no old line yet (indexes). */
  const left: number[] = [];
  const unpaired: number[] = [];

  /** Pairs a rewritten stretch: each new line takes the next old line of its kind and role, in order. */
  const flush = () => {
    let from = 0;
    for (const n of added) {
      let k = from;
      while (k < removed.length && !sameSpeaker(old[removed[k]], next[n])) k++;
      if (k < removed.length) {
        ids[n] = old[removed[k]].id;
        result.changed++;
        // Old lines skipped over stay unpaired (removed); pairing keeps the order of both.
        for (let s = from; s < k; s++) left.push(removed[s]);
        from = k + 1;
      } else {
        unpaired.push(n);
      }
    }
    for (let s = from; s < removed.length; s++) left.push(removed[s]);
    removed = [];
    added = [];
  };

  for (const part of diffArrays(old.map(lineKey), next.map(lineKey))) {
    const count = part.count ?? part.value.length;
    if (part.removed) {
      for (let c = 0; c < count; c++) removed.push(i++);
    } else if (part.added) {
      for (let c = 0; c < count; c++) added.push(j++);
    } else {
      flush();
      for (let c = 0; c < count; c++) {
        ids[j++] = old[i++].id;
        result.unchanged++;
      }
    }
  }
  flush();

  // Moved lines: an unpaired new line identical to an old line left over takes its id.
  const byKey = new Map<string, number[]>();
  for (const o of left) {
    const k = lineKey(old[o]);
    byKey.set(k, [...(byKey.get(k) ?? []), o]);
  }
  const taken = new Set<number>();
  for (const n of unpaired) {
    const o = byKey.get(lineKey(next[n]))?.shift();
    if (o === undefined) {
      result.added++;
      continue;
    }
    ids[n] = old[o].id;
    taken.add(o);
    result.unchanged++;
  }
  result.removed = left.filter((o) => !taken.has(o)).map((o) => old[o].id);
  return result;
}
