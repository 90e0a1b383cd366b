import { useSyncExternalStore } from 'react';

// The last notification the user has seen, per user and browser. Opening Messages moves it; the
// red dot asks the server only for notifications after it.
const key = (userId: string) => `vox.notifications.lastSeen.${userId}`;
const listeners = new Set<() => void>();

export function getLastSeenNotification(userId: string): string | null {
  try {
    return window.localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function markNotificationsSeen(userId: string, notificationId: string): void {
  try {
    window.localStorage.setItem(key(userId), notificationId);
  } catch {
    // private mode without storage: the dot just stays until the next visit
  }
  listeners.forEach((l) => l());
}

export function useLastSeenNotification(userId: string | undefined): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (userId ? getLastSeenNotification(userId) : null),
  );
}
