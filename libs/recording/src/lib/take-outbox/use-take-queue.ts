import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useUser } from '@vox/auth';
import { idbTakeStore } from './idb-take-store';
import type { PendingTake, PendingView, TakeKind, TakeTarget } from './pending-take';
import { createTakeQueue, type TakeQueue, type TakeUploader } from './take-queue';

let shared: TakeQueue | null = null;

/** The Background Sync tag the offline worker sends the takes on (apps/shell/src/offline/take-sync.js). */
const TAKE_SYNC_TAG = 'vox-takes';
/** The Web Lock every sender of the store holds while it sends a take (the same file). */
const TAKE_LOCK = 'voxclub-takes';

/** A registration's Background Sync, where the browser offers it (Chromium): not in TypeScript's DOM types. */
type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the offline worker to send the kept takes when the network returns, even if every page is
 * closed by then. Without a worker or Background Sync nothing happens: the page sends them when it
 * is open and online, as it always does.
 */
function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  navigator.serviceWorker.ready.then((registration: WithSync) => registration.sync?.register(TAKE_SYNC_TAG)).catch(() => undefined);
}

/** One upload at a time among this browser's tabs and its offline worker (Web Locks), else none to share with. */
async function exclusive<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return run();
  return await navigator.locks.request(TAKE_LOCK, { signal }, run);
}

/**
 * The page's one queue, for every kind of take. This lib is not a federation singleton, but a
 * page runs one remote, and the store (IndexedDB) is the browser's: a take kept by one remote's
 * copy is sent by whichever copy runs after a reload, or by the offline worker on a Background
 * Sync. Created on first use; the `online` event wakes it, and so does the worker's word that it
 * sent takes (they leave the page's list).
 */
function getTakeQueue(): TakeQueue {
  if (!shared) {
    const queue = createTakeQueue({
      store: idbTakeStore(),
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
      exclusive,
      requestSync: requestBackgroundSync,
    });
    window.addEventListener('online', () => queue.wake());
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
      if (event.data?.type === 'TAKES_SENT') queue.wake();
    });
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
 * stops it when they sign out; sends this page's kind of take with `upload` and tells `onUploaded`
 * of each one the server confirmed (with the server's answer), so the page shows it at once.
 */
export function useTakeQueue(kind: TakeKind, upload: TakeUploader, onUploaded: (pending: PendingTake, answer: unknown) => void): TakeQueue {
  const user = useUser();
  const queue = useMemo(() => getTakeQueue(), []);
  const userId = user?.id ?? null;

  useEffect(() => queue.provideUploader(kind, upload), [queue, kind, upload]);
  useEffect(() => {
    if (userId) void queue.start(userId);
    else if (queue.userId !== null) queue.stop();
  }, [queue, userId]);
  useEffect(() => queue.onUploaded((pending, answer) => pending.target.kind === kind && onUploaded(pending, answer)), [queue, kind, onUploaded]);
  return queue;
}

/** The pending takes for one target (a table read, an audition's role), live. */
export function usePendingTakes(queue: TakeQueue, target: TakeTarget): readonly PendingView[] {
  const all = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const key = targetKey(target);
  return useMemo(() => all.filter((view) => targetKey(view.take.target) === key), [all, key]);
}

const targetKey = (target: TakeTarget): string => (target.kind === 'read' ? `read:${target.sessionId}` : `audition:${target.roleId}`);

/** The words a page shows for all its takes still on their way. */
export function waitingTakesText(count: number): string {
  return `${count === 1 ? '1 take is' : `${count} takes are`} waiting to upload. They are kept in this browser until they arrive.`;
}

/** The words a page shows for one take still on its way. */
export function pendingTakeLabel(view: PendingView): string {
  return view.state === 'uploading' ? `Uploading ${Math.round(view.progress * 100)}%` : view.state === 'failed' ? 'Not uploaded' : 'Waiting to upload';
}

/** Beside a take the browser's store could not keep (private mode, full disk). */
export const TAB_ONLY_TEXT = 'Kept in this tab only';
