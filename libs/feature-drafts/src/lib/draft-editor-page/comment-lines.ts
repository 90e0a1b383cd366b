import { RangeSetBuilder, StateEffect, StateField, type Extension, type Text } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import type { LineRange } from './comment-threads';

/** The lines under open comment threads, marked in the editor (replaced as a whole). */
export const setCommentedLines = StateEffect.define<readonly LineRange[]>();

const commented = Decoration.line({ class: 'vox-fountain-commented' });

function decorate(doc: Text, ranges: readonly LineRange[]): DecorationSet {
  const numbers = new Set<number>();
  for (const { fromLine, toLine } of ranges) for (let n = Math.max(1, fromLine); n <= Math.min(toLine, doc.lines); n++) numbers.add(n);
  const builder = new RangeSetBuilder<Decoration>();
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const line = doc.line(n);
    builder.add(line.from, line.from, commented);
  }
  return builder.finish();
}

/** Marks follow the text as it is edited (mapped through each change) until the page sets new ones. */
export const commentedLines: Extension = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const effect of tr.effects) if (effect.is(setCommentedLines)) next = decorate(tr.state.doc, effect.value);
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});
