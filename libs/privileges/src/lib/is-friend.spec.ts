import type { Friendship } from '@vox/contract';
import { isFriend } from './is-friend';
import { friendOf, makeUser } from './test-users';

describe('isFriend', () => {
  const me = makeUser({ id: 'me' });

  it('is always true for yourself, even without a friends list', () => {
    expect(isFriend(me, 'me', [])).toBe(true);
    expect(isFriend(me, 'me', undefined)).toBe(true);
  });

  it('is true when the other user is in the friends list by id', () => {
    expect(isFriend(me, 'u2', [friendOf('u1'), friendOf('u2')])).toBe(true);
  });

  it('is false when the other user is not in the friends list', () => {
    expect(isFriend(me, 'u3', [friendOf('u1'), friendOf('u2')])).toBe(false);
  });

  it('treats a missing or failed friends list as empty', () => {
    expect(isFriend(me, 'u1', undefined)).toBe(false);
    expect(isFriend(me, 'u1', null)).toBe(false);
    expect(isFriend(me, 'u1', { message: 'failed' } as unknown as Friendship[])).toBe(false);
  });

  it('ignores malformed entries', () => {
    expect(isFriend(me, 'u1', [{} as Friendship, friendOf('u1')])).toBe(true);
    expect(isFriend(me, 'u1', [null as unknown as Friendship])).toBe(false);
  });

  it('is false for a logged-out visitor', () => {
    expect(isFriend(null, 'u1', [friendOf('u1')])).toBe(false);
  });
});
