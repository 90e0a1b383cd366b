import { Compile } from 'typebox/compile';
import { MESSAGES, PASSWORD_MIN_LENGTH, RESET_CODE_LENGTH, displayName, isValidEmail } from './constants';
import { ActivityEntry } from './social';
import { SignInResult } from './users';

describe('fixed texts and limits', () => {
  it('keeps the validation and error texts word for word', () => {
    expect(MESSAGES).toMatchObject({
      invalidEmail: 'Email address is not valid.',
      shortPassword: 'Your password needs to contain at least 6 characters.',
      resetDone: 'Your password has been reset successfully.',
      genericError: 'An error occurred.',
      invalidLink: 'This link is invalid.',
      loginForSharedScript: 'Please log in to access the shared script.',
    });
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(RESET_CODE_LENGTH).toBe(6);
  });

  it('tells valid emails from invalid ones', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    for (const bad of ['', 'ann', 'ann@', '@example.com', 'ann @example.com', 'ann@example']) expect(isValidEmail(bad)).toBe(false);
  });
});

describe('the person-name rule', () => {
  it('names a member by name, else by @handle, else Guest', () => {
    expect(displayName({ name: ' Grace Hopper ', handle: 'grace' })).toBe('Grace Hopper');
    expect(displayName({ name: null, handle: 'grace' })).toBe('@grace');
    expect(displayName({ name: '  ', handle: 'grace' })).toBe('@grace');
    expect(displayName({ name: null, handle: null })).toBe('Guest');
    expect(displayName({})).toBe('Guest');
  });
});

describe('schemas', () => {
  it("accept the API's shapes and refuse others", () => {
    const signIn = Compile(SignInResult);
    expect(signIn.Check({ token: 't', user: { id: 'u1', role: { name: 'member', privileges: [] }, classes: [] } })).toBe(true);
    expect(signIn.Check({ token: 't', user: { id: 'u1' } })).toBe(false);
    const activity = Compile(ActivityEntry);
    const entry = { userId: null, localTime: '2026-11-21T10:00:00.000Z', session: 'Ab3dEf7hIj', path: '/about', action: 'visit' };
    expect(activity.Check(entry)).toBe(true);
    expect(activity.Check({ ...entry, action: 'hack' })).toBe(false);
    expect(activity.Check({ ...entry, session: 'short' })).toBe(false);
  });
});
