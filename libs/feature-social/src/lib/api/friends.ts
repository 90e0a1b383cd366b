import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { FriendRequestResult, FriendRequests, Friendship, MessageBody } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';

/** React Query keys of the social area; mutations invalidate `all` (friends, requests, profiles). */
export const socialKeys = {
  all: ['social'] as const,
  friends: (userId: string | null) => ['social', 'friends', userId] as const,
  requests: (userId: string | null) => ['social', 'requests', userId] as const,
  profile: (by: 'id' | 'handle', value: string, viewerId: string | null) => ['social', 'profile', by, value.toLowerCase(), viewerId] as const,
  publicScripts: (userId: string) => ['social', 'public-scripts', userId] as const,
  castingCredits: (userId: string, viewerId: string | null) => ['social', 'casting-credits', userId, viewerId] as const,
  castingSettings: (viewerId: string | null) => ['social', 'casting-settings', viewerId] as const,
};

/** My accepted friends (GET /api/friendships/, the product's { user } objects). */
export function useFriends() {
  const user = useUser();
  return useQuery({ queryKey: socialKeys.friends(user?.id ?? null), queryFn: (): Promise<Friendship[]> => api.getFriendships(), enabled: Boolean(user) });
}

/** Open friend requests to me and from me. */
export function useFriendRequests() {
  const user = useUser();
  return useQuery({
    queryKey: socialKeys.requests(user?.id ?? null),
    queryFn: (): Promise<FriendRequests> => api.call(socialEndpoints.friendRequests),
    enabled: Boolean(user),
  });
}

/** By what was typed (handle or email), or by member id from a profile page. */
const sendFriendRequest = (target: string | { userId: string }): Promise<FriendRequestResult> =>
  api.call(socialEndpoints.sendFriendRequest, { body: typeof target === 'string' ? { to: target } : target });

/** Add a friend by handle or email; the answer says whether it became an acceptance. */
export function useSendFriendRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.all }),
  });
}

/** What one can do about another member; each answers the server's confirmation text. */
export type FriendAction = 'accept' | 'decline' | 'cancel' | 'remove';

function friendAction(action: FriendAction, userId: string): Promise<MessageBody> {
  switch (action) {
    case 'accept':
      return api.call(socialEndpoints.acceptFriendRequest, { params: { userId } });
    case 'decline':
      return api.call(socialEndpoints.declineFriendRequest, { params: { userId } });
    case 'cancel':
      return api.call(socialEndpoints.cancelFriendRequest, { params: { userId } });
    case 'remove':
      return api.call(socialEndpoints.removeFriend, { params: { userId } });
  }
}

/**
 * Accept, decline, cancel or remove. Friends, requests and profiles refetch afterwards; the
 * Messages list is patched in place instead (refetching it would forget what was unread).
 */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: { action: FriendAction; userId: string }) => friendAction(action, userId),
    onSettled: () => client.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
