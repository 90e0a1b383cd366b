import { PATHS, pathPattern } from './paths';

describe('pathPattern', () => {
  it('reads :name as one segment, ignores a trailing slash and letter case', () => {
    const re = pathPattern('/session/:sessionId');
    expect(re.test('/session/abc123')).toBe(true);
    expect(re.test('/Session/abc123/')).toBe(true);
    expect(re.test('/session/abc/def')).toBe(false);
    expect(re.test('/session/')).toBe(false);
    expect(re.test('/sessions/abc')).toBe(false);
  });

  it('matches a dot only as a dot', () => {
    const re = pathPattern('/feed.xml');
    expect(re.test('/feed.xml')).toBe(true);
    expect(re.test('/feedaxml')).toBe(false);
  });

  it('reads the root and every path of the table', () => {
    expect(pathPattern('/').test('/')).toBe(true);
    expect(pathPattern('/').test('/about')).toBe(false);
    for (const pattern of Object.values(PATHS) as string[]) {
      const sample = pattern.replace(/:\w+/g, 'x1');
      expect(pathPattern(pattern).test(sample)).toBe(true);
    }
  });
});
