import { Text } from '@codemirror/state';
import { fountainDecorations } from './fountain-editor';

const SCRIPT = [
  'Title: The Ferry',
  'Author: Nora',
  '',
  'INT. DECK - NIGHT',
  '',
  'Rain hammers the deck.',
  '',
  'TOM',
  '(quietly)',
  'We should turn back.',
  '   ',
  'still talking',
  '',
  '[[a note]]',
  '',
  'CUT TO:',
  '',
  'EXT. PIER - DAY',
];

/** The class of every line the decorations cover, by line number. */
function kinds(text: string[], ranges?: { from: number; to: number }[]) {
  const doc = Text.of(text);
  const out: Record<number, string> = {};
  const set = fountainDecorations(doc, ranges ?? [{ from: 0, to: doc.length }]);
  set.between(0, doc.length, (from, to, deco) => {
    const line = doc.lineAt(from);
    expect([from, to]).toEqual([line.from, line.to]);
    out[line.number] = deco.spec.class;
  });
  return out;
}

describe('fountainDecorations', () => {
  it('colours title page, scene headings, cues, parentheticals, dialogue, notes and transitions', () => {
    expect(kinds(SCRIPT)).toEqual({
      1: 'vox-fountain-title',
      2: 'vox-fountain-title',
      4: 'vox-fountain-scene',
      8: 'vox-fountain-character',
      9: 'vox-fountain-parenthetical',
      10: 'vox-fountain-dialogue',
      // A line of spaces is not an empty line: the speech goes on until an empty one.
      11: 'vox-fountain-dialogue',
      12: 'vox-fountain-dialogue',
      14: 'vox-fountain-parenthetical',
      16: 'vox-fountain-transition',
      18: 'vox-fountain-scene',
    });
  });

  it('colours a window in the middle of the text as the whole text colours it (read from the paragraph start)', () => {
    const doc = Text.of(SCRIPT);
    const whole = kinds(SCRIPT);
    // From the middle of TOM's speech to the end, and just the second title line.
    const middle = kinds(SCRIPT, [{ from: doc.line(10).from, to: doc.length }]);
    expect(middle).toEqual(Object.fromEntries(Object.entries(whole).filter(([n]) => Number(n) >= 10)));
    expect(kinds(SCRIPT, [{ from: doc.line(2).from, to: doc.line(2).to }])).toEqual({ 2: 'vox-fountain-title' });
  });

  it('has no title page when the first line is not a key: value (the first line counts as after a blank one)', () => {
    expect(kinds(['INT. DECK - NIGHT', 'Wind.'])).toEqual({ 1: 'vox-fountain-scene' });
    expect(kinds(['', 'INT. DECK - NIGHT'])).toEqual({ 2: 'vox-fountain-scene' });
  });
});
