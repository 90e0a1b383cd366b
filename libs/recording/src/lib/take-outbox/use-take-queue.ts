import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useUser } from '@vox/auth';
import { uploadTake, useTakeUploaded } from '../api/sessions';
import { idbTakeStore } from './idb-take-store';
import type { PendingView } from './pending-take';
import { createTakeQueue, type TakeQueue } from './take-queue';

let shared: TakeQueue | null = null;

/**
 * The page's one queue (federation shares this lib as a singleton, so every remote sees the same
 * one). Created on first use; the `online` event wakes it.
 */
function getTakeQueue(): TakeQueue {
  if (!shared) {
    const queue = createTakeQueue({
      store: idbTakeStore(),
      upload: uploadTake,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    });
    window.addEventListener('online', () => queue.wake());
    shared = queue;
  }
  return shared;
}

/** For specs: use this queue instead of the IndexedDB one. */
export function setTakeQueue(queue: TakeQueue | null): void {
  shared = queue;
}

/**
 * Runs the queue for the signed-in user (resuming what an earlier visit left in the store) and
 * stops it when they sign out. Confirmed takes go straight into the cached session and history.
 */
export function useTakeQueue(): TakeQueue {
  const user = useUser();
  const queue = useMemo(() => getTakeQueue(), []);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId) void queue.start(userId);
    else if (queue.userId !== null) queue.stop();
  }, [queue, userId]);

  const uploaded = useTakeUploaded();
  useEffect(() => queue.onUploaded((pending, take) => uploaded(pending.sessionId, take)), [queue, uploaded]);
  return queue;
}

/** The pending takes of one session, live. */
export function usePendingTakes(queue: TakeQueue, sessionId: string): readonly PendingView[] {
  const all = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return useMemo(() => all.filter((view) => view.take.sessionId === sessionId), [all, sessionId]);
}
