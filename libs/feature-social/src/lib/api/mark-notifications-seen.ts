import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { notificationQueryKeys, socialApiPaths, type SeenMark } from '@vox/contract';

export const markNotificationsSeen = (id: string): Promise<SeenMark> => api.put<SeenMark>(socialApiPaths.notificationsSeen, { id });

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
