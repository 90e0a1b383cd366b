import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { SeenMark } from '@vox/contract';
import { socialEndpoints } from '@vox/contract/social';
import { notificationQueryKeys } from '@vox/notifications-data';

export const markNotificationsSeen = (id: string): Promise<SeenMark> => api.call(socialEndpoints.markNotificationsSeen, { body: { id } });

/**
 * Moves my last-seen mark to the newest message shown, and writes the server's answer into the
 * red dot's query (contract key), so the header's dot clears at once.
 */
export function useMarkNotificationsSeen() {
  const user = useUser();
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    onSuccess: (mark) => {
      if (user && mark.id) client.setQueryData<SeenMark>(notificationQueryKeys.seen(user.id), mark);
    },
  });
}
