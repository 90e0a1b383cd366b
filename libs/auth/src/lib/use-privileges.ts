import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { Privilege, Subscription } from '@vox/contract';
import { privilegesFor } from '@vox/privileges';
import { useUser } from './use-auth';

export const subscriptionsQueryKey = (userId: string | undefined) => ['subscriptions', userId ?? 'anonymous'] as const;

/** My subscriptions (GET /api/subscriptions); an empty list when logged out. */
export function useSubscriptions() {
  const user = useUser();
  return useQuery<Subscription[]>({
    queryKey: subscriptionsQueryKey(user?.id),
    queryFn: () => api.getSubscriptions(),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
}

export interface Privileges {
  has(privilege: Privilege): boolean;
  /** False while a logged-in user's subscriptions are still loading. */
  known: boolean;
}

/** The seed's rule: the user's own role, or any non-expired subscription's role; logged out: none. */
export function usePrivileges(): Privileges {
  const user = useUser();
  const subscriptions = useSubscriptions();
  const set = privilegesFor(user, subscriptions.data ?? []);
  return { has: (p) => set.has(p), known: !user || !subscriptions.isPending };
}
