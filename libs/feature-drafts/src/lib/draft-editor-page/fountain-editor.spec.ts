import { ChangeSet, Text } from '@codemirror/state';
import { applyEdit } from '@vox/fountain';
import { editsOf, fountainDecorations } from './fountain-editor';

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

describe('steadyCursorWhileTyping', () => {
  // Imported here so the colour specs above stay free of the DOM.
  const setup = async () => {
    const { EditorView, drawSelection } = await import('@codemirror/view');
    const { EditorState } = await import('@codemirror/state');
    const { steadyCursorWhileTyping, CURSOR_REST_MS } = await import('./fountain-editor');
    const view = new EditorView({ parent: document.body, state: EditorState.create({ doc: 'INT. DECK - NIGHT', extensions: [drawSelection(), steadyCursorWhileTyping] }) });
    const layer = view.scrollDOM.querySelector('.cm-cursorLayer') as HTMLElement;
    const type = (text: string) => view.dispatch({ changes: { from: view.state.doc.length, insert: text }, selection: { anchor: view.state.doc.length + text.length } });
    return { view, layer, type, CURSOR_REST_MS };
  };

  // CodeMirror's measuring (in animation frames) needs a layout jsdom has not: left to the real frames, which never come before the view is destroyed.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => jest.useRealTimers());

  it('keeps the cursor still while typing and lets it blink again a pause after the last key', async () => {
    const { view, layer, type, CURSOR_REST_MS } = await setup();
    expect(layer).not.toBeNull();
    expect(layer.classList.contains('vox-cursor-steady')).toBe(false);
    type('x');
    expect(layer.classList.contains('vox-cursor-steady')).toBe(true);
    // Keys keep coming, each before the pause is over: still steady after more than one pause in all.
    for (let i = 0; i < 4; i++) {
      jest.advanceTimersByTime(CURSOR_REST_MS / 2);
      type('y');
    }
    expect(layer.classList.contains('vox-cursor-steady')).toBe(true);
    jest.advanceTimersByTime(CURSOR_REST_MS - 1);
    expect(layer.classList.contains('vox-cursor-steady')).toBe(true);
    jest.advanceTimersByTime(1);
    expect(layer.classList.contains('vox-cursor-steady')).toBe(false);
    // A move of the cursor alone counts too; the next key starts again.
    view.dispatch({ selection: { anchor: 0 } });
    expect(layer.classList.contains('vox-cursor-steady')).toBe(true);
    jest.advanceTimersByTime(CURSOR_REST_MS);
    expect(layer.classList.contains('vox-cursor-steady')).toBe(false);
    view.destroy();
  });

  it('stops its timer with the editor', async () => {
    const { view, type } = await setup();
    type('x');
    view.destroy();
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('editsOf (a change as the replacements the local copy keeps)', () => {
  it('turns a change of several ranges into edits that, applied in order, make the new text', () => {
    const before = 'INT. DECK - NIGHT\n\nRain hammers the deck.\n\nTOM\nHold on.';
    const changes = ChangeSet.of(
      [
        { from: 0, to: 4, insert: 'EXT.' },
        { from: 19, to: 23, insert: 'Snow' },
        { from: 43, to: 46, insert: 'MARA (O.S.)' },
        { from: before.length, insert: '\n' },
      ],
      before.length,
    );
    const after = changes.apply(Text.of(before.split('\n'))).toString();
    const edits = editsOf(changes);
    expect(edits).toHaveLength(4);
    expect(edits.reduce<string | null>((text, edit) => (text === null ? null : applyEdit(text, edit)), before)).toBe(after);
    expect(after).toBe('EXT. DECK - NIGHT\n\nSnow hammers the deck.\n\nMARA (O.S.)\nHold on.\n');
  });

  it('answers one edit per typed character and none for a change that changes nothing', () => {
    expect(editsOf(ChangeSet.of([{ from: 3, insert: 'x' }], 5))).toEqual([{ from: 3, to: 3, insert: 'x' }]);
    expect(editsOf(ChangeSet.empty(5))).toEqual([]);
  });
});
