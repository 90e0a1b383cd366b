import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { NotificationList, Relationship, SeenMark } from '@vox/contract';
import { CONVERSATION_LIMITS, NOTIFICATIONS_PAGE_SIZE, socialEndpoints } from '@vox/contract/social';
import { notificationQueryKeys } from '@vox/notifications-data';

/**
 * One page of my messages. Its unread marks are relative to the mark as it was when it was read,
 * which the page then moves; the page keeps what was unread on this visit marked. The first page
 * is read again every 15 s while open (the list refreshes while open).
 */
export function useNotifications(page: number) {
  const user = useUser();
  return useQuery({
    queryKey: notificationQueryKeys.list(user?.id ?? null, page),
    queryFn: (): Promise<NotificationList> => api.call(socialEndpoints.notifications, { query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE } }),
    enabled: Boolean(user),
    staleTime: Infinity,
    gcTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: page === 1 ? CONVERSATION_LIMITS.pollMs * 3 : false,
  });
}

/**
 * Sets my relationship with a member on every item of one page of my messages, in place, so an
 * inline answer shows at once (refetching would forget what was unread on this visit).
 */
export function usePatchNotificationPage(userId: string | null, page: number) {
  const client = useQueryClient();
  return (personId: string, relationship: Relationship) =>
    client.setQueryData<NotificationList>(notificationQueryKeys.list(userId, page), (data) =>
      data && { ...data, items: data.items.map((i) => (i.person?.id === personId ? { ...i, relationship } : i)) },
    );
}

/**
 * Moves my last-seen mark to the newest message shown, and writes the server's answer into the
 * red dot's query (contract key), so the header's dot clears at once.
 */
export function useMarkNotificationsSeen() {
  const user = useUser();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<SeenMark> => api.call(socialEndpoints.markNotificationsSeen, { body: { id } }),
    onSuccess: (mark) => {
      if (user && mark.id) client.setQueryData<SeenMark>(notificationQueryKeys.seen(user.id), mark);
    },
  });
}
