import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { socialApiPaths, type FriendRequests } from '@vox/contract';
import { socialKeys } from './query-keys';

export const getFriendRequests = (): Promise<FriendRequests> => api.get<FriendRequests>(socialApiPaths.friendRequests);

/** Open friend requests to me and from me. */
export function useFriendRequests() {
  const user = useUser();
  return useQuery({ queryKey: socialKeys.requests(user?.id ?? null), queryFn: getFriendRequests, enabled: Boolean(user) });
}
