import { linesSummary, takesSummary } from './publish-control';

describe('publish result texts', () => {
  it('says what became of the lines', () => {
    expect(linesSummary({ total: 6, unchanged: 6, changed: 0, added: 0, removed: 0 })).toBe('6 lines unchanged.');
    expect(linesSummary({ total: 6, unchanged: 1, changed: 2, added: 3, removed: 1 })).toBe('1 line unchanged, 2 changed, 3 new, 1 removed.');
  });

  it('says every take is kept, and how many are marked', () => {
    expect(takesSummary({ total: 0, onEarlierText: 0, onRemovedLines: 0 })).toBe('');
    expect(takesSummary({ total: 1, onEarlierText: 0, onRemovedLines: 0 })).toBe('The take is kept.');
    expect(takesSummary({ total: 3, onEarlierText: 1, onRemovedLines: 2 })).toBe('All 3 takes are kept: 1 recorded on earlier text, 2 of removed lines.');
    expect(takesSummary({ total: 2, onEarlierText: 0, onRemovedLines: 1 })).toBe('All 2 takes are kept: 1 of a removed line.');
  });
});
