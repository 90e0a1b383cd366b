import { linesLabel, locateLines, locateThreads } from './comment-threads';

const TEXT = ['INT. FERRY - NIGHT', '', 'Rain on the deck.', '', 'NORA', 'One way, please.', '', 'TOM', 'One way.'];
const thread = (fromLine: number, toLine: number, quote: string) => ({ fromLine, toLine, quote });

describe('locateLines', () => {
  it('keeps a thread where it was while its lines still read the same', () => {
    expect(locateLines(TEXT, thread(5, 6, 'NORA\nOne way, please.'))).toEqual({ fromLine: 5, toLine: 6 });
  });

  it('follows its lines when lines above them are written or removed', () => {
    const added = ['INT. FERRY - NIGHT', '', 'Wind.', '', 'Rain on the deck.', '', 'NORA', 'One way, please.'];
    expect(locateLines(added, thread(5, 6, 'NORA\nOne way, please.'))).toEqual({ fromLine: 7, toLine: 8 });
    const removed = TEXT.slice(2);
    expect(locateLines(removed, thread(5, 6, 'NORA\nOne way, please.'))).toEqual({ fromLine: 3, toLine: 4 });
  });

  it('takes the nearest place when the lines appear more than once, the earlier one on a tie', () => {
    const twice = ['TOM', 'One way.', 'x', 'x', 'x', 'x', 'TOM', 'One way.'];
    expect(locateLines(twice, thread(6, 7, 'TOM\nOne way.'))).toEqual({ fromLine: 7, toLine: 8 });
    expect(locateLines(twice, thread(2, 3, 'TOM\nOne way.'))).toEqual({ fromLine: 1, toLine: 2 });
    expect(locateLines(['a', 'b', 'a'], thread(2, 2, 'a'))).toEqual({ fromLine: 1, toLine: 1 });
  });

  it('answers null when the lines were rewritten, and keeps a thread on blank lines on its numbers', () => {
    expect(locateLines(TEXT, thread(5, 6, 'NORA\nTwo ways.'))).toBeNull();
    expect(locateLines(TEXT, thread(2, 2, ''))).toEqual({ fromLine: 2, toLine: 2 });
    expect(locateLines(TEXT, thread(20, 21, ''))).toBeNull();
  });
});

describe('locateThreads and linesLabel', () => {
  it('locates each thread in the text and says its lines as the comments do', () => {
    const threads = [thread(1, 1, 'INT. FERRY - NIGHT'), thread(8, 9, 'TOM\nOne way.')];
    expect(locateThreads(TEXT.join('\n'), threads).map(({ at }) => at && linesLabel(at))).toEqual(['line 1', 'lines 8–9']);
    expect(locateThreads('', [])).toEqual([]);
  });
});
