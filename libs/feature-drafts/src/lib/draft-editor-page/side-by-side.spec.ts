import { diffLines } from 'diff';
import { sideBySide } from './side-by-side';

describe('side by side', () => {
  it('pairs changed lines and marks them, keeping unchanged ones on both sides', () => {
    const rows = sideBySide(diffLines('INT. A\n\nOld line.\nSame.\n', 'INT. A\n\nNew line.\nSame.\nAdded.\n'));
    expect(rows).toEqual([
      { left: { text: 'INT. A', changed: false }, right: { text: 'INT. A', changed: false } },
      { left: { text: '', changed: false }, right: { text: '', changed: false } },
      { left: { text: 'Old line.', changed: true }, right: { text: 'New line.', changed: true } },
      { left: { text: 'Same.', changed: false }, right: { text: 'Same.', changed: false } },
      { left: null, right: { text: 'Added.', changed: true } },
    ]);
  });
});
