import { useEffect, useReducer, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { Privilege, Subscription } from '@vox/contract';
import { isSubscriptionActive, privilegesFor } from '@vox/privileges';
import { refreshSession } from './bootstrap-auth';
import { useUser } from './use-auth';

export const subscriptionsQueryKey = (userId: string | undefined) => ['subscriptions', userId ?? 'anonymous'] as const;

/** How often an open app looks at my subscriptions again (a refund, a renewal, staff ending one). */
export const SUBSCRIPTIONS_POLL_MS = 60_000;
/** Longest timer the browser keeps (about 24.8 days); later expiries are looked at again by the poll. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** My subscriptions (GET /api/subscriptions); an empty list when logged out. */
function useSubscriptions() {
  const user = useUser();
  return useQuery<Subscription[]>({
    queryKey: subscriptionsQueryKey(user?.id),
    queryFn: () => api.getSubscriptions(),
    enabled: Boolean(user),
    staleTime: 30_000,
    refetchInterval: user ? SUBSCRIPTIONS_POLL_MS : false,
  });
}

interface Privileges {
  has(privilege: Privilege): boolean;
  /** False while a logged-in user's subscriptions are still loading. */
  known: boolean;
}

const activeKey = (list: readonly Subscription[], now: number) =>
  list
    .filter((s) => isSubscriptionActive(s, new Date(now)))
    .map((s) => `${s.role.name}@${s.expiry}`)
    .sort()
    .join('|');

/**
 * Notices a subscription running out while the app is open: a timer at the next expiry, and the
 * poll (a subscription ended early). Either way the session's user is renewed, because the server
 * folds running subscriptions into the user's role privileges; the gated tabs and pages close then.
 */
function useExpiryWatch(list: readonly Subscription[] | undefined, signedIn: boolean) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!signedIn || !list) return;
    const now = Date.now();
    const key = activeKey(list, now);
    // The set of running subscriptions changed under an open app (not at first load).
    if (seen.current !== null && seen.current !== key) void refreshSession();
    seen.current = key;
    const next = Math.min(...list.map((s) => Date.parse(s.expiry)).filter((t) => Number.isFinite(t) && t > now));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => {
      seen.current = activeKey(list, Date.now());
      rerender();
      void refreshSession();
    }, Math.min(next - now + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [list, signedIn]);
}

/** The product's rule: the user's own role, or any non-expired subscription's role; logged out: none. */
export function usePrivileges(): Privileges {
  const user = useUser();
  const subscriptions = useSubscriptions();
  useExpiryWatch(subscriptions.data, Boolean(user));
  // A renewed user who lost privileges (a membership ended elsewhere): the list here may still
  // hold the ended subscription, so it is read again. (Gains need nothing: the user grants them.)
  const held = user?.role.privileges;
  const heldBefore = useRef(held);
  useEffect(() => {
    if (held && heldBefore.current?.some((p) => !held.includes(p))) void subscriptions.refetch();
    heldBefore.current = held;
  }, [held]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the user asks
  const set = privilegesFor(user, subscriptions.data ?? []);
  return { has: (p) => set.has(p), known: !user || !subscriptions.isPending };
}
