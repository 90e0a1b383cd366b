// The header's red dot: the last-seen mark (the server's, shared by this browser's tabs) and the
// poll for messages after it. The shell loads this on every page, so it stays small.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { coreEndpoints, type SeenMark } from '@vox/contract';
import { notificationQueryKeys } from '@vox/notifications-data';

const CHANNEL = 'vox.notifications.seen';

interface LastSeenNotification {
  /** False until the mark has been read (or failed to be read) for this user. */
  ready: boolean;
  /** The last message this user has seen, on any device; null before they first open Messages. */
  lastSeen: string | null;
}

/**
 * The user's last-seen mark, kept by the server (GET /api/notifications/seen) so the red dot is the
 * same on every device. It is read once per user; the Messages page writes the moved mark into the
 * same query (`notificationQueryKeys.seen`, @vox/notifications-data), and other tabs of this
 * browser hear of it.
 */
function useLastSeenNotification(userId: string | undefined): LastSeenNotification {
  const query = useQuery({
    queryKey: notificationQueryKeys.seen(userId ?? null),
    queryFn: () => api.call(coreEndpoints.notificationsSeen),
    enabled: Boolean(userId),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  useSeenMarkAcrossTabs(userId);
  return { ready: query.isSuccess || query.isError, lastSeen: query.data?.id ?? null };
}

/**
 * Tabs of one browser share a moved mark at once (BroadcastChannel): opening Messages in one tab
 * clears the dot in the others too, without them asking the server again.
 */
function useSeenMarkAcrossTabs(userId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof BroadcastChannel === 'undefined') return undefined;
    const key = notificationQueryKeys.seen(userId);
    const channel = new BroadcastChannel(CHANNEL);
    let applying = false;
    channel.onmessage = (event: MessageEvent<{ userId?: unknown; id?: unknown }>) => {
      const { userId: from, id } = event.data ?? {};
      if (from !== userId || typeof id !== 'string') return;
      const current = client.getQueryData<SeenMark>(key)?.id;
      if (current && current >= id) return;
      applying = true;
      client.setQueryData<SeenMark>(key, { id });
      applying = false;
    };
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      // Only marks this tab set by hand (the Messages page), not fetched ones or other tabs' news.
      if (applying || event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
      const queryKey = event.query.queryKey as readonly unknown[];
      if (queryKey.length !== key.length || queryKey.some((part, i) => part !== key[i])) return;
      const id = (event.query.state.data as SeenMark | undefined)?.id;
      if (id) channel.postMessage({ userId, id });
    });
    return () => {
      unsubscribe();
      channel.close();
    };
  }, [client, userId]);
}

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
