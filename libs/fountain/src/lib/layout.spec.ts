import { layoutScreenplay, pageAt, pageCount, printedPages, wrap } from './layout';
import { parseFountain } from './parse';

describe('screenplay layout', () => {
  it('wraps at word boundaries within the width, keeps line breaks and cuts over-long words', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('a\nb', 10)).toEqual(['a', 'b']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('lays out scene, action, cue, parenthetical, dialogue and transition with blank lines between elements', () => {
    const [page] = layoutScreenplay(parseFountain('INT. DECK - NIGHT\n\nRain.\n\nNORA\n(quietly)\nOne way.\n\nCUT TO:'));
    expect(page.lines).toEqual([
      { kind: 'scene', text: 'INT. DECK - NIGHT' },
      null,
      { kind: 'action', text: 'Rain.' },
      null,
      { kind: 'character', text: 'NORA' },
      { kind: 'parenthetical', text: '(quietly)' },
      { kind: 'dialogue', text: 'One way.' },
      null,
      { kind: 'transition', text: 'CUT TO:' },
    ]);
  });

  it('breaks pages at the line count, never leaves a heading alone at the bottom, and continues speech with MORE and CONT’D', () => {
    const action = Array.from({ length: 9 }, (_, i) => `Action ${i}.`).join('\n\n');
    // 9 actions = 17 lines; the heading would land on line 19 of 20 with nothing under it.
    const pages = layoutScreenplay(parseFountain(`${action}\n\nINT. NEXT - DAY\n\nMore.`), 20);
    expect(pages[0].lines.at(-1)).toEqual({ kind: 'action', text: 'Action 8.' });
    expect(pages[1].lines[0]).toEqual({ kind: 'scene', text: 'INT. NEXT - DAY' });

    const speech = `${Array.from({ length: 7 }, (_, i) => `Beat ${i}.`).join('\n\n')}\n\nNORA\n${'word '.repeat(60).trim()}`;
    const split = layoutScreenplay(parseFountain(speech), 20);
    expect(split[0].lines.at(-1)).toEqual({ kind: 'character', text: '(MORE)' });
    expect(split[1].lines[0]).toEqual({ kind: 'character', text: "NORA (CONT'D)" });
    expect(split.every((p) => p.lines.length <= 20)).toBe(true);
  });

  it('with maxPages, lays out only the first pages, the same as the whole layout gives', () => {
    const speech = Array.from({ length: 400 }, (_, i) => (i % 9 === 0 ? `INT. ROOM ${i} - DAY\n\nRain on the glass.` : `NORA\n(softly)\nLine ${i} of a long night, said slowly and with care.`)).join('\n\n');
    const script = parseFountain(speech);
    const all = layoutScreenplay(script);
    expect(all.length).toBeGreaterThan(5);
    expect(layoutScreenplay(script, undefined, 3)).toEqual(all.slice(0, 3));
    expect(layoutScreenplay(script, undefined, 1000)).toEqual(all);
  });

  it("counts a draft's pages as its PDF prints them: the layout's pages, none when there is nothing to print", () => {
    expect(pageCount('')).toBe(0);
    expect(pageCount('  \n\n[[a note only]]\n')).toBe(0);
    expect(printedPages(parseFountain('Title: Empty\n'))).toEqual([]);
    expect(pageCount('INT. DECK - NIGHT\n\nRain.')).toBe(1);
    const long = Array.from({ length: 60 }, (_, i) => `INT. ROOM ${i} - DAY\n\nNORA\nStill waiting for the last ferry, as I have every night.`).join('\n\n');
    const pages = layoutScreenplay(parseFountain(long));
    expect(pages.length).toBeGreaterThan(3);
    expect(pageCount(long)).toBe(pages.length);
    expect(pages.at(-1)?.number).toBe(pageCount(long));
  });
});

describe('pages of the cursor and of each printed line', () => {
  const action = (n: number) => Array.from({ length: n }, (_, i) => `Action ${i}.`).join('\n\n');

  it('prints 55 lines a page: 28 one-line actions (55 lines with the gaps) fill exactly one page, 29 make two', () => {
    expect(layoutScreenplay(parseFountain(action(28)))[0].lines).toHaveLength(55);
    expect(pageCount(action(28))).toBe(1);
    expect(pageCount(action(29))).toBe(2);
  });

  it('names the script line of every printed line, none for gaps and MORE / CONT’D', () => {
    const [page] = layoutScreenplay(parseFountain('INT. DECK - NIGHT\n\nRain.\n\nNORA\n(quietly)\nOne way.'));
    expect(page.sources).toEqual([0, null, 1, null, 2, 2, 2]);
    const speech = `${action(7)}\n\nNORA\n${'word '.repeat(60).trim()}`;
    const split = layoutScreenplay(parseFountain(speech), 20);
    expect(split[0].sources.at(-1)).toBeNull();
    expect(split[1].sources[0]).toBeNull();
    expect(split[1].sources[1]).toBe(7);
  });

  it('tells the page the cursor is on, and the count', () => {
    const text = action(40);
    expect(pageAt('', 0)).toEqual({ page: 0, pages: 0 });
    expect(pageAt(text, 0)).toEqual({ page: 1, pages: 2 });
    expect(pageAt(text, text.indexOf('Action 27.'))).toEqual({ page: 1, pages: 2 });
    expect(pageAt(text, text.indexOf('Action 28.'))).toEqual({ page: 2, pages: 2 });
    expect(pageAt(text, text.length)).toEqual({ page: 2, pages: 2 });
  });
});
