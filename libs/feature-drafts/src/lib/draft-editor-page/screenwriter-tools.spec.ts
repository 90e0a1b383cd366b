import { autocompletion, completionStatus, currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { EditorState, Text } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { defaultKeymap } from '@codemirror/commands';
import { completionKeys, completionLabel, marksOf, pageOfText, pagesAndRevisions, pagesText, screenplayCompletion, setRevision, TOOLS_REST_MS } from './screenwriter-tools';

const TEXT = 'INT. HOUSE - DAY\n\nRain.\n\nNORA\nOne way.\n\n';

describe('screenwriter tools', () => {
  beforeAll(() => {
    Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  const open = (doc: string) => {
    const parent = document.createElement('div');
    document.body.append(parent);
    return new EditorView({
      parent,
      state: EditorState.create({
        doc,
        selection: { anchor: doc.length },
        extensions: [autocompletion({ override: [screenplayCompletion()], activateOnTyping: true }), completionKeys, completionLabel, keymap.of(defaultKeymap), pagesAndRevisions()],
      }),
    });
  };
  const key = (view: EditorView, name: string) => view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  const type = (view: EditorView, text: string) => {
    const at = view.state.selection.main.head;
    view.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length }, userEvent: 'input.type' });
  };

  it('says the page count and the page of the cursor', () => {
    expect([pagesText(0), pagesText(1), pagesText(12)]).toEqual(['No pages yet', '1 page', '12 pages']);
    expect([pageOfText(3, 12), pageOfText(0, 0)]).toEqual(['Page 3 of 12', '']);
    const long = Array.from({ length: 40 }, (_, i) => `Action ${i + 1}.`).join('\n\n');
    const view = open(long);
    jest.advanceTimersByTime(0);
    const status = view.dom.querySelector('.vox-draft-status') as HTMLElement;
    expect(status).toHaveAttribute('aria-label', 'Script status');
    expect(status.textContent).toBe('2 pagesPage 2 of 2');
    view.dispatch({ selection: { anchor: 0 } });
    expect(status.textContent).toBe('2 pagesPage 2 of 2');
    jest.advanceTimersByTime(TOOLS_REST_MS);
    expect(status.textContent).toBe('2 pagesPage 1 of 2');
  });

  it('completes a character name by keyboard: the list is labelled, Tab accepts, Escape closes', async () => {
    const view = open(TEXT);
    type(view, 'N');
    startCompletion(view);
    await jest.advanceTimersByTimeAsync(200);
    expect(completionStatus(view.state)).toBe('active');
    expect(currentCompletions(view.state).map((c) => c.label)).toEqual(['NORA']);
    expect(view.dom.querySelector('[role="listbox"]')).toHaveAttribute('aria-label', 'Suggestions: character names and scene headings');
    key(view, 'Tab');
    expect(view.state.doc.toString()).toBe(`${TEXT}NORA`);
    // After the name and a space, its extensions; Escape closes the list and leaves the text.
    type(view, ' ');
    startCompletion(view);
    await jest.advanceTimersByTimeAsync(200);
    expect(currentCompletions(view.state).map((c) => c.label)).toEqual(['(V.O.)', '(O.S.)', "(CONT'D)"]);
    key(view, 'Escape');
    expect(completionStatus(view.state)).toBeNull();
    expect(view.state.doc.toString()).toBe(`${TEXT}NORA `);
  });

  it('completes a scene heading: the opening, a place already used, then the time of day (Enter accepts)', async () => {
    const view = open(TEXT);
    const pick = async (typed: string) => {
      type(view, typed);
      startCompletion(view);
      await jest.advanceTimersByTimeAsync(200);
      const labels = currentCompletions(view.state).map((c) => c.label);
      key(view, 'Enter');
      return labels;
    };
    expect(await pick('E')).toEqual(['EXT.']);
    expect(await pick('H')).toEqual(['HOUSE']);
    expect(await pick('N')).toEqual(['NIGHT']);
    expect(view.state.doc.toString()).toBe(`${TEXT}EXT. HOUSE - NIGHT`);
  });

  it('marks the lines changed since the revision started, in its colour, with a label', () => {
    const view = open(TEXT);
    view.dispatch({ effects: setRevision.of({ base: TEXT, color: 1, name: 'Blue' }) });
    view.dispatch({ changes: { from: TEXT.indexOf('Rain.'), to: TEXT.indexOf('Rain.') + 5, insert: 'Snow.' } });
    jest.advanceTimersByTime(TOOLS_REST_MS);
    const marks = [...view.dom.querySelectorAll('.vox-revision-mark')];
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveAttribute('aria-label', 'Changed in the Blue revision');
    expect(marks[0].textContent).toBe('*');
    expect((marks[0] as HTMLElement).style.getPropertyValue('--vox-revision-color')).toBe('#9cc3ff');
    expect(view.dom.querySelector('.vox-draft-status__revision')?.textContent).toBe('Blue revision: 1 line changed');
    // White: nothing marked.
    expect(marksOf(Text.of(['a', 'b']), { base: null, color: 0, name: 'White' }).size).toBe(0);
    expect(marksOf(Text.of(['a', 'c', 'd']), { base: 'a\nb', color: 2, name: 'Pink' }).size).toBe(2);
  });
});
