import { toLocalTime } from './local-time';

describe('toLocalTime', () => {
  const instant = new Date('2025-06-15T12:00:00.000Z');

  it('writes the wall-clock time west of UTC (offset +300 is UTC-5)', () => {
    expect(toLocalTime(instant, 300)).toBe('2025-06-15T07:00:00.000Z');
  });

  it('writes the wall-clock time east of UTC (offset -540 is UTC+9)', () => {
    expect(toLocalTime(instant, -540)).toBe('2025-06-15T21:00:00.000Z');
  });

  it('handles half-hour zones and date changes', () => {
    expect(toLocalTime(new Date('2025-06-15T20:00:00.000Z'), -330)).toBe('2025-06-16T01:30:00.000Z');
  });

  it('is the UTC time at offset 0', () => {
    expect(toLocalTime(instant, 0)).toBe('2025-06-15T12:00:00.000Z');
  });

  it("uses the date's own timezone offset by default", () => {
    const expected = new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000).toISOString();
    expect(toLocalTime(instant)).toBe(expected);
  });
});
