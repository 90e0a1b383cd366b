import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { Friendship } from '@vox/contract';
import { socialKeys } from './query-keys';

export const getFriends = (): Promise<Friendship[]> => api.getFriendships();

/** My accepted friends (GET /api/friendships/, the seed's { user } objects). */
export function useFriends() {
  const user = useUser();
  return useQuery({ queryKey: socialKeys.friends(user?.id ?? null), queryFn: getFriends, enabled: Boolean(user) });
}
