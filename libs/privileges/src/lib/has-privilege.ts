import type { Subscription, User } from '@vox/contract';

type Subscriptions = readonly Subscription[] | null | undefined;

/** A subscription counts only while its expiry lies in the future; an unreadable date counts as expired. */
export function isSubscriptionActive(subscription: Subscription, now: Date = new Date()): boolean {
  const expiry = Date.parse(subscription.expiry);
  return Number.isFinite(expiry) && expiry > now.getTime();
}

/**
 * Every privilege the user holds now: their own role's plus those of every non-expired subscription.
 * Subscriptions belong to a user, so a logged-out visitor holds none even when a list is passed.
 */
export function privilegesFor(user: User | null | undefined, subscriptions?: Subscriptions, now: Date = new Date()): Set<string> {
  const held = new Set<string>();
  if (!user) return held;
  for (const privilege of user.role?.privileges ?? []) held.add(privilege);
  // A failed subscriptions fetch may hand over something that is not a list; it grants nothing.
  for (const subscription of Array.isArray(subscriptions) ? subscriptions : []) {
    if (!isSubscriptionActive(subscription, now)) continue;
    for (const privilege of subscription.role?.privileges ?? []) held.add(privilege);
  }
  return held;
}
