import { duration } from './format';

describe("an episode's length", () => {
  it.each([
    [400, '1 s'],
    [42_000, '42 s'],
    [60_000, '1 min'],
    [90_000, '1 min 30 s'],
    [599_000, '9 min 59 s'],
    [600_000, '10 min'],
    [2_537_000, '42 min'],
    [3_600_000, '1 h'],
    [5_430_000, '1 h 31 min'],
  ])('%d ms reads "%s"', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});
