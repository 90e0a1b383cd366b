import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { FriendRequests } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';
import { socialKeys } from './query-keys';

export const getFriendRequests = (): Promise<FriendRequests> => api.call(socialEndpoints.friendRequests);

/** Open friend requests to me and from me. */
export function useFriendRequests() {
  const user = useUser();
  return useQuery({ queryKey: socialKeys.requests(user?.id ?? null), queryFn: getFriendRequests, enabled: Boolean(user) });
}
