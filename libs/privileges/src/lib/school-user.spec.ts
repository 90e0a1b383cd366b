import { isSchoolUser } from './school-user';
import { makeUser } from './test-users';

describe('isSchoolUser', () => {
  it('is true with one class', () => {
    expect(isSchoolUser(makeUser({ classes: ['c1'] }))).toBe(true);
  });

  it('is true with several classes', () => {
    expect(isSchoolUser(makeUser({ classes: ['c1', 'c2'] }))).toBe(true);
  });

  it('is false with no class', () => {
    expect(isSchoolUser(makeUser({ classes: [] }))).toBe(false);
  });

  it('is false for a logged-out visitor', () => {
    expect(isSchoolUser(null)).toBe(false);
    expect(isSchoolUser(undefined)).toBe(false);
  });
});
