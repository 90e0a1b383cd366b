import type { Subscription } from '@vox/contract';
import type { Privilege, User } from '@vox/contract';
import { isSubscriptionActive, privilegesFor } from './has-privilege';
import { makeSubscription, makeUser, NOW } from './test-users';

const FUTURE = '2025-06-15T12:00:00.001Z';
const PAST = '2025-06-15T11:59:59.999Z';

/** The user's own role or any non-expired subscription's role has the privilege. */
const hasPrivilege = (user: User | null | undefined, subscriptions: Subscription[] | null | undefined, privilege: Privilege, now?: Date) =>
  privilegesFor(user, subscriptions, now).has(privilege);

describe('isSubscriptionActive', () => {
  it('is true while the expiry lies in the future', () => {
    expect(isSubscriptionActive(makeSubscription([], FUTURE), NOW)).toBe(true);
  });

  it('is false once the expiry has passed', () => {
    expect(isSubscriptionActive(makeSubscription([], PAST), NOW)).toBe(false);
  });

  it('is false at the exact moment of expiry', () => {
    expect(isSubscriptionActive(makeSubscription([], NOW.toISOString()), NOW)).toBe(false);
  });

  it('treats an unreadable expiry as expired', () => {
    expect(isSubscriptionActive(makeSubscription([], 'not a date'), NOW)).toBe(false);
  });

  it('defaults to the current time', () => {
    expect(isSubscriptionActive(makeSubscription([], '2999-01-01T00:00:00Z'))).toBe(true);
    expect(isSubscriptionActive(makeSubscription([], '2000-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('privilegesFor', () => {
  it("is true when the user's own role has the privilege", () => {
    const user = makeUser({ role: { name: 'editor', privileges: ['draft'] } });
    expect(hasPrivilege(user, [], 'draft', NOW)).toBe(true);
  });

  it("is false when neither the role nor any subscription has it", () => {
    const user = makeUser({ role: { name: 'editor', privileges: ['draft'] } });
    expect(hasPrivilege(user, [makeSubscription(['audio_library'], FUTURE)], 'show_metrics', NOW)).toBe(false);
  });

  it("is true when a non-expired subscription's role has it", () => {
    expect(hasPrivilege(makeUser(), [makeSubscription(['audio_library'], FUTURE)], 'audio_library', NOW)).toBe(true);
  });

  it('is false when only an expired subscription has it', () => {
    expect(hasPrivilege(makeUser(), [makeSubscription(['audio_library'], PAST)], 'audio_library', NOW)).toBe(false);
  });

  it('is true when any one of several subscriptions is current and has it', () => {
    const subscriptions = [
      makeSubscription(['read_free_script'], PAST),
      makeSubscription(['draft'], FUTURE),
      makeSubscription(['read_free_script'], FUTURE),
    ];
    expect(hasPrivilege(makeUser(), subscriptions, 'read_free_script', NOW)).toBe(true);
  });

  it('is false for a logged-out user, whatever the role or subscriptions', () => {
    expect(hasPrivilege(null, [makeSubscription(['draft'], FUTURE)], 'draft', NOW)).toBe(false);
    expect(hasPrivilege(undefined, undefined, 'draft', NOW)).toBe(false);
  });

  it('accepts missing or failed subscriptions as none', () => {
    const user = makeUser({ role: { name: 'm', privileges: ['show_metrics'] } });
    expect(hasPrivilege(user, undefined, 'show_metrics', NOW)).toBe(true);
    expect(hasPrivilege(user, null, 'show_metrics', NOW)).toBe(true);
    expect(hasPrivilege(makeUser(), { message: 'failed' } as unknown as Subscription[], 'show_metrics', NOW)).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(hasPrivilege(makeUser(), [makeSubscription(['draft'], '2999-01-01T00:00:00Z')], 'draft')).toBe(true);
    expect(hasPrivilege(makeUser(), [makeSubscription(['draft'], '2000-01-01T00:00:00Z')], 'draft')).toBe(false);
  });
});

describe('privilegesFor', () => {
  it('collects role and current subscription privileges, without expired ones', () => {
    const user = makeUser({ role: { name: 'm', privileges: ['draft'] } });
    const subscriptions = [makeSubscription(['audio_library', 'draft'], FUTURE), makeSubscription(['show_metrics'], PAST)];
    expect(privilegesFor(user, subscriptions, NOW)).toEqual(new Set(['draft', 'audio_library']));
  });

  it('is empty for a logged-out user', () => {
    expect(privilegesFor(null, [makeSubscription(['draft'], FUTURE)], NOW).size).toBe(0);
  });

  it('is empty for a user with no privileges and no subscriptions', () => {
    expect(privilegesFor(makeUser(), [], NOW).size).toBe(0);
  });
});
