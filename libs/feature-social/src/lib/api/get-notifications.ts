import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import type { NotificationList } from '@vox/contract';
import { CONVERSATION_LIMITS, NOTIFICATIONS_PAGE_SIZE, socialEndpoints } from '@vox/contract/social';
import { notificationQueryKeys } from '@vox/notifications-data';

export const getNotifications = (page: number): Promise<NotificationList> =>
  api.call(socialEndpoints.notifications, { query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE } });

/**
 * One page of my messages. Its unread marks are relative to the mark as it was when it was read,
 * which the page then moves; the page keeps what was unread on this visit marked. The first page
 * is read again every 15 s while open (the list refreshes while open).
 */
export function useNotifications(page: number) {
  const user = useUser();
  return useQuery({
    queryKey: notificationQueryKeys.list(user?.id ?? null, page),
    queryFn: () => getNotifications(page),
    enabled: Boolean(user),
    staleTime: Infinity,
    gcTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: page === 1 ? CONVERSATION_LIMITS.pollMs * 3 : false,
  });
}
