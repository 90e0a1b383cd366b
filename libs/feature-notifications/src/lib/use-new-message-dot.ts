import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { notificationQueryKeys } from '@vox/notifications-data';
import { useLastSeenNotification } from './last-seen-notification';

/** The new-message check runs every 30000 ms. */
export const NOTIFICATION_POLL_MS = 30_000;

/**
 * Whether the header's Messages tab shows the red dot. Asks GET /api/notifications/new?after=
 * <last seen> whenever the last-seen mark changes (a new query key) and every 30 seconds; a new
 * user means a new key too, so the dot is reset when the user changes. The mark is the server's,
 * read once before the first poll.
 */
export function useNewMessageDot(): boolean {
  const user = useUser();
  const { ready, lastSeen } = useLastSeenNotification(user?.id);
  const { data } = useQuery({
    queryKey: notificationQueryKeys.newCount(user?.id ?? null, lastSeen),
    queryFn: () => api.getNewNotifications(lastSeen ?? undefined),
    enabled: Boolean(user) && ready,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  return Boolean(user && data && data.count > 0);
}
