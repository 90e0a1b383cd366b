import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { NOTIFICATIONS_PAGE_SIZE, endpoints, type NotificationList } from '@vox/contract';
import { notificationQueryKeys } from '@vox/notifications-data';

export const getNotifications = (page: number): Promise<NotificationList> =>
  api.call(endpoints.notifications, { query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE } });

/**
 * One page of my messages. Read once per visit (no background refetch): its unread marks are
 * relative to the mark as it was when the page opened, which the page then moves.
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
  });
}
