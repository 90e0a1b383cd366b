/** One row of a side-by-side comparison: the old line (left) and the new one (right); null where a side has none. */
export interface CompareRow {
  left: { text: string; changed: boolean } | null;
  right: { text: string; changed: boolean } | null;
}

interface LineChange {
  value: string;
  added?: boolean;
  removed?: boolean;
}

const linesOf = (value: string) => value.replace(/\n$/, '').split('\n');

/** Rows from `diff`'s line changes: removed lines pair with the added lines that replace them. */
export function sideBySide(changes: LineChange[]): CompareRow[] {
  const rows: CompareRow[] = [];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (change.removed) {
      const removed = linesOf(change.value);
      const next = changes[i + 1];
      const added = next?.added ? linesOf(next.value) : [];
      if (next?.added) i++;
      for (let k = 0; k < Math.max(removed.length, added.length); k++) {
        rows.push({
          left: k < removed.length ? { text: removed[k], changed: true } : null,
          right: k < added.length ? { text: added[k], changed: true } : null,
        });
      }
    } else if (change.added) {
      for (const line of linesOf(change.value)) rows.push({ left: null, right: { text: line, changed: true } });
    } else {
      for (const line of linesOf(change.value)) rows.push({ left: { text: line, changed: false }, right: { text: line, changed: false } });
    }
  }
  return rows;
}
