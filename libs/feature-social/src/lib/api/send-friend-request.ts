import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { FriendRequestResult } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';
import { socialKeys } from './query-keys';

/** By what was typed (handle or email), or by member id from a profile page. */
export const sendFriendRequest = (target: string | { userId: string }): Promise<FriendRequestResult> =>
  api.call(socialEndpoints.sendFriendRequest, { body: typeof target === 'string' ? { to: target } : target });

/** Add a friend by handle or email; the answer says whether it became an acceptance. */
export function useSendFriendRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
