import { render } from '@testing-library/react';
import { Text } from '@codemirror/state';
import * as Y from 'yjs';
import { Awareness } from 'y-protocols/awareness';
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

describe('the warm-up after opening (warmTypingPath)', () => {
  const TEXT = 'INT. DECK - NIGHT\n\nRain hammers the deck.\n\nTOM\nHold on.';

  // jsdom lays nothing out: CodeMirror's measuring asks ranges for rectangles.
  beforeAll(() => {
    Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });
  // Microtasks as in the browser (the warm-up's key follows its DOM change in one); frames are
  // fake too (every 16 ms of fake time), so the warm-up's end after its first frame is in the test's hands.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask'] }));
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  const open = async () => {
    const { EditorView } = await import('@codemirror/view');
    const { FountainEditor, WARM_MS } = await import('./fountain-editor');
    const changes: string[] = [];
    let handle: import('./fountain-editor').FountainEditorHandle | undefined;
    const doc = new Y.Doc();
    const text = doc.getText('fountain');
    text.insert(0, TEXT);
    const undoManager = new Y.UndoManager(text);
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const rendered = render(
      <FountainEditor
        shared={{ text, awareness: new Awareness(doc), undoManager }}
        label="The Ferry, Fountain text"
        known={() => ({ characters: ['MARA', 'MARAUDER', 'TOM'], locations: [] })}
        onChange={(read) => changes.push(read())}
        onReady={(h) => {
          handle = h;
          h.focus();
        }}
      />,
    );
    const view = EditorView.findFromDOM(rendered.container.querySelector('.cm-editor') as HTMLElement) as InstanceType<typeof EditorView>;
    const warmHost = () => document.querySelector('.vox-draft-editor__warm-up');
    return { view, doc, text, updates, undoManager, changes, warmHost, handle: () => handle, WARM_MS, rendered };
  };

  it('runs the typing path off screen once the page is idle, leaving the editor’s text, document, undo, selection and focus as they were', async () => {
    const t = await open();
    t.view.dispatch({ selection: { anchor: 20 } });
    const selection = t.view.state.selection;
    const focused = document.activeElement;
    expect(t.warmHost()).toBeNull();
    // The page's idle moment (jsdom has no requestIdleCallback: the next turn).
    await jest.advanceTimersByTimeAsync(0);
    const host = t.warmHost();
    expect(host).not.toBeNull();
    expect(host).toHaveAttribute('aria-hidden', 'true');
    expect(host?.contains(document.activeElement)).toBe(false);
    // Out of the page's reach (a closed shadow root): what looks for the editor finds the writer's only.
    expect(document.querySelectorAll('.cm-content')).toHaveLength(1);
    expect(host?.querySelector('.cm-content')).toBeNull();
    expect(host?.shadowRoot).toBeNull();
    await jest.advanceTimersByTimeAsync(t.WARM_MS);
    // It ended: its editor is gone, nothing of it is left to run.
    expect(t.warmHost()).toBeNull();
    expect(document.querySelectorAll('.cm-editor')).toHaveLength(1);
    // The writer's editor and document: same text, no change, no undo step, same selection and focus.
    expect(t.view.state.doc.toString()).toBe(TEXT);
    expect(t.text.toString()).toBe(TEXT);
    expect(t.updates).toEqual([]);
    expect(t.undoManager.undoStack).toHaveLength(0);
    expect(t.view.state.selection.eq(selection)).toBe(true);
    expect(document.activeElement).toBe(focused);
    expect(t.changes).toEqual([]);
    // Typing afterwards is the writer's only: one change to the document, one undo step.
    t.view.dispatch({ changes: { from: TEXT.length, insert: '!' }, userEvent: 'input.type' });
    expect(t.changes).toEqual([`${TEXT}!`]);
    expect(t.text.toString()).toBe(`${TEXT}!`);
    expect(t.undoManager.undoStack).toHaveLength(1);
    t.rendered.unmount();
  });

  it('stops at once when the writer types before it has ended, and with the editor', async () => {
    const t = await open();
    await jest.advanceTimersByTimeAsync(0);
    expect(t.warmHost()).not.toBeNull();
    t.view.dispatch({ changes: { from: 0, insert: 'X' }, userEvent: 'input.type' });
    expect(t.warmHost()).toBeNull();
    await jest.advanceTimersByTimeAsync(t.WARM_MS);
    expect(t.changes).toEqual([`X${TEXT}`]);
    expect(t.text.toString()).toBe(`X${TEXT}`);

    // Closing the editor while the warm-up runs ends it too.
    const u = await open();
    await jest.advanceTimersByTimeAsync(0);
    expect(u.warmHost()).not.toBeNull();
    u.rendered.unmount();
    expect(u.warmHost()).toBeNull();
    t.rendered.unmount();
  });

  it("takes a co-writer's change around the writer's cursor: the cursor stays on the writer's line, and undo takes back only the writer's own typing", async () => {
    const t = await open();
    // The writer is at the end of "Rain hammers the deck." and types there.
    t.view.dispatch({ changes: { from: 41, insert: ' Hard.' }, selection: { anchor: 47 }, userEvent: 'input.type' });
    expect(t.text.toString()).toBe('INT. DECK - NIGHT\n\nRain hammers the deck. Hard.\n\nTOM\nHold on.');
    // A co-writer (another document) changes the heading and TOM's line.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(t.doc));
    const theirs = other.getText('fountain');
    theirs.delete(12, 5);
    theirs.insert(12, 'DAWN');
    theirs.insert(theirs.length, ' Now.');
    Y.applyUpdate(t.doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(t.doc)), 'remote');
    const merged = 'INT. DECK - DAWN\n\nRain hammers the deck. Hard.\n\nTOM\nHold on. Now.';
    expect(t.view.state.doc.toString()).toBe(merged);
    expect(t.view.state.selection.main.head).toBe(merged.indexOf(' Hard.') + ' Hard.'.length);
    t.undoManager.undo();
    expect(t.view.state.doc.toString()).toBe('INT. DECK - DAWN\n\nRain hammers the deck.\n\nTOM\nHold on. Now.');
    t.rendered.unmount();
  });

  it('leaves no timer or element behind when stopped early', async () => {
    const { warmTypingPath } = await import('./fountain-editor');
    const changed: string[] = [];
    const stop = warmTypingPath({ label: 'warm-up', onDocChange: (update) => changed.push(update.state.doc.toString()) });
    expect(document.querySelector('.vox-draft-editor__warm-up')).not.toBeNull();
    stop();
    expect(document.querySelector('.vox-draft-editor__warm-up')).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    stop();
  });
});
