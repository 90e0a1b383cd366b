import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { endpoints, type FriendRequests } from '@vox/contract';
import { socialKeys } from './query-keys';

export const getFriendRequests = (): Promise<FriendRequests> => api.call(endpoints.friendRequests);

/** Open friend requests to me and from me. */
export function useFriendRequests() {
  const user = useUser();
  return useQuery({ queryKey: socialKeys.requests(user?.id ?? null), queryFn: getFriendRequests, enabled: Boolean(user) });
}
