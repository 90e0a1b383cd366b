import type { Subscription, User } from '@vox/contract';

export const NOW = new Date('2025-06-15T12:00:00.000Z');

export function makeUser(overrides: Partial<User> = {}): User {
  return { id: 'u1', role: { name: 'member', privileges: [] }, classes: [], ...overrides };
}

export function makeSubscription(privileges: string[], expiry: string): Subscription {
  return { role: { name: 'plan', privileges }, expiry };
}
