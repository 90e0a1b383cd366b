import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { MessageBody } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';
import { socialKeys } from './query-keys';

/** What one can do about another member; each answers the server's confirmation text. */
export type FriendAction = 'accept' | 'decline' | 'cancel' | 'remove';

export function friendAction(action: FriendAction, userId: string): Promise<MessageBody> {
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
 * Messages list is patched in place by its page (refetching it would forget what was unread).
 */
export function useFriendAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId }: { action: FriendAction; userId: string }) => friendAction(action, userId),
    onSettled: () => client.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
