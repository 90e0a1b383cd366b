import { changedIndexes, revisionMarks, changedTextLines, revisionColorHex, revisionColorName } from './revisions';

describe('revision colours', () => {
  it('names the industry sequence, then the second and third rounds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(revisionColorName)).toEqual(['White', 'Blue', 'Pink', 'Yellow', 'Green', 'Goldenrod', 'Buff', 'Salmon', 'Cherry']);
    expect(revisionColorName(9)).toBe('Double White');
    expect(revisionColorName(10)).toBe('Double Blue');
    expect(revisionColorName(19)).toBe('Triple Blue');
    expect(revisionColorHex(10)).toBe(revisionColorHex(1));
  });
});

describe('changed lines', () => {
  it('finds inserted and changed items, none for deletions alone', () => {
    expect(changedIndexes(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
    expect(changedIndexes(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual([1]);
    expect(changedIndexes(['a', 'b', 'c'], ['a', 'c'])).toEqual([]);
    expect(changedIndexes(['a', 'b', 'c'], ['n', 'a', 'b', 'm', 'c', 'o'])).toEqual([0, 3, 5]);
    expect(changedIndexes([], ['a', 'b'])).toEqual([0, 1]);
    expect(changedIndexes(['a', 'b', 'a', 'b'], ['b', 'a', 'b', 'a'])).toEqual([3]);
  });

  it("numbers the text's changed lines from 1, blank ones left out", () => {
    expect(changedTextLines('INT. A - DAY\n\nRain.', 'INT. A - DAY\n\nSnow.\n\nMORE')).toEqual([3, 5]);
  });

  it("marks a revision's printed lines: a changed speech's words, a changed speaker's cue", () => {
    const base = 'INT. DECK - NIGHT\n\nRain.\n\nNORA\nOne way.\n\nCUT TO:';
    const all = (marks: (source: number, cue: boolean) => boolean) => [0, 1, 2, 3].flatMap((i) => [marks(i, false) && `${i}`, marks(i, true) && `${i}:cue`]).filter(Boolean);
    expect(all(revisionMarks(base, base))).toEqual([]);
    expect(all(revisionMarks(base, 'INT. DECK - NIGHT\n\nRain.\n\nNORA\nThe other way.\n\nCUT TO:'))).toEqual(['2']);
    expect(all(revisionMarks(base, 'INT. DECK - NIGHT\n\nRain.\n\nTOM\nOne way.\n\nCUT TO:'))).toEqual(['2:cue']);
    expect(all(revisionMarks(base, 'INT. DECK - DAY\n\nRain.\n\nNORA\nOne way.\n\nCUT TO:'))).toEqual(['0']);
  });
});
