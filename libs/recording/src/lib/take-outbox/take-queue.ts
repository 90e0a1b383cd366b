import type { PendingTake, PendingView, TakeKind, TakeStore } from './pending-take';

/**
 * Sends one take of its kind; answers what the server answered for it (201 new, 200 already
 * there: the same take either way). Rejects with ApiError.
 */
export type TakeUploader = (take: PendingTake, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<unknown>;

interface TakeQueueOptions {
  store: TakeStore;
  /** The upload of each kind known so far; a take of a kind without one waits (see provideUploader). */
  uploaders?: Partial<Record<TakeKind, TakeUploader>>;
  /** navigator.onLine: offline, nothing is tried until `wake()` (the `online` event). */
  isOnline?: () => boolean;
  /** Milliseconds to wait before the n-th retry (n >= 1). */
  backoff?: (attempt: number) => number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /**
   * Runs one upload alone among every sender of this store: the page's tabs and the offline worker
   * (the Web Lock "voxclub-takes"; use-take-queue.ts). The upload re-reads its take inside it, so a
   * take another sender confirmed meanwhile is not sent again. By default nothing else sends.
   */
  exclusive?: <T>(run: () => Promise<T>, signal: AbortSignal) => Promise<T>;
  /**
   * A kept take is left waiting (offline, or a failure worth retrying): asks the browser for a
   * Background Sync, so the offline worker sends it when the network returns even with no page open.
   */
  requestSync?: () => void;
}

export interface TakeQueue {
  /** Loads the user's pending takes from the store and sends them; other users' wait for their owner. */
  start(userId: string): Promise<void>;
  /** Signed out: the upload under way is stopped (it stays pending) and nothing more is sent. */
  stop(): void;
  /** Keeps a new recording (store first), then sends it. */
  add(take: Omit<PendingTake, 'userId' | 'createdAt' | 'error'> & { createdAt?: string }): Promise<void>;
  /** Sends a refused or waiting take again now. */
  retry(clientId: string): void;
  /** Forgets a take that will not be sent (the user chose to). */
  discard(clientId: string): Promise<void>;
  /** The connection is back (`online` event): waiting takes go now instead of after their back-off. */
  wake(): void;
  subscribe(listener: () => void): () => void;
  /** The same array until something changes (for useSyncExternalStore). */
  getSnapshot(): readonly PendingView[];
  /**
   * How takes of one kind are sent: each feature lib gives its own when its pages start the
   * queue; the first one given for a kind stays (a spec's queue comes with its own). Takes of a
   * kind nothing has given an upload for wait in the store.
   */
  provideUploader(kind: TakeKind, upload: TakeUploader): void;
  /**
   * Called with each take the server confirmed (and the server's answer), after it left the store;
   * the answer is null when another sender (the offline worker, another tab) sent it: the page
   * asks the server again for what it shows.
   */
  onUploaded(listener: (pending: PendingTake, answer: unknown) => void): () => void;
  /** The signed-in user the queue sends for, or null. */
  readonly userId: string | null;
}

/** 1 s, 2 s, 4 s ... up to 30 s, with some jitter so many tabs do not retry in step. */
export const defaultBackoff = (attempt: number): number => {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
};

/**
 * A status the same request may get past later: no answer (0), a timeout (408), too many
 * requests (429), a server error (5xx), or a 401 the client's refresh could not fix (signed out
 * in another tab; the take waits for its owner to sign in again). Any other 4xx is final.
 */
export const isRetryable = (status: number): boolean => status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

interface Entry {
  take: PendingTake;
  state: PendingView['state'];
  progress: number;
  saved: boolean;
  attempts: number;
  /** Not before this time (ms), after a retryable failure. */
  notBefore: number;
}

const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
};
const messageOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'An error occurred.';
};
const isAbort = (error: unknown): boolean => (error as { name?: unknown } | null)?.name === 'AbortError';

/**
 * The upload queue of recorded takes (see README.md). One take is sent at a time, oldest first;
 * a take leaves the store only after the server answered 201 or 200 for it.
 */
export function createTakeQueue(options: TakeQueueOptions): TakeQueue {
  const {
    store,
    isOnline = () => true,
    backoff = defaultBackoff,
    now = () => Date.now(),
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    exclusive,
    requestSync = () => undefined,
  } = options;

  const uploaders: Partial<Record<TakeKind, TakeUploader>> = { ...options.uploaders };
  let userId: string | null = null;
  let entries: Entry[] = [];
  let snapshot: readonly PendingView[] = [];
  let active: { clientId: string; controller: AbortController } | null = null;
  let timer: unknown = null;
  // Bumped by start/stop, so a store read that finishes after the user changed is dropped.
  let generation = 0;
  const listeners = new Set<() => void>();
  const uploadedListeners = new Set<(pending: PendingTake, answer: unknown) => void>();

  // Entries of another user (only ever ones the store could not keep) stay in memory, unseen.
  const visible = () => entries.filter((e) => e.take.userId === userId);

  const emit = () => {
    snapshot = visible().map((e) => ({
      take: e.take,
      state: e.state,
      progress: e.progress,
      error: e.take.error ?? null,
      saved: e.saved,
    }));
    for (const listener of [...listeners]) listener();
  };

  const find = (clientId: string) => visible().find((e) => e.take.clientId === clientId);

  const schedule = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    const waiting = visible().filter((e) => e.state === 'waiting' && e.notBefore > now() && uploaders[e.take.target.kind]);
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((e) => e.notBefore));
    timer = setTimer(() => {
      timer = null;
      pump();
    }, Math.max(0, next - now()));
  };

  const pump = () => {
    if (active || userId === null) return;
    if (!isOnline()) {
      // The `online` event wakes the queue; the worker's sync covers a page closed before then.
      if (visible().some((e) => e.saved && e.state === 'waiting')) requestSync();
      return;
    }
    const next = visible().find((e) => e.state === 'waiting' && e.notBefore <= now() && uploaders[e.take.target.kind]);
    if (!next) {
      schedule();
      return;
    }
    void send(next);
  };

  const send = async (entry: Entry) => {
    const upload = uploaders[entry.take.target.kind] as TakeUploader;
    const controller = new AbortController();
    const { clientId } = entry.take;
    active = { clientId, controller };
    entry.state = 'uploading';
    entry.progress = 0;
    emit();
    const confirmed = (answer: unknown) => {
      entries = entries.filter((e) => e !== entry);
      emit();
      for (const listener of [...uploadedListeners]) listener(entry.take, answer);
    };
    try {
      const turn = async () => {
        if (!entries.includes(entry)) return; // discarded while waiting for its turn
        if (exclusive && entry.saved) {
          // The store as it is now, under the lock: another sender (the worker, a tab) may have been
          // first. A store that cannot be read leaves the take to send as it is.
          const stored = await store.get(clientId).then(
            (found) => found ?? null,
            () => entry.take,
          );
          if (stored === null) {
            confirmed(null);
            return;
          }
          if (stored.error) {
            entry.state = 'failed';
            entry.progress = 0;
            entry.take = stored;
            emit();
            return;
          }
        }
        const answer = await upload(
          entry.take,
          (fraction) => {
            if (active?.clientId !== clientId || controller.signal.aborted) return;
            entry.progress = Math.max(0, Math.min(1, fraction));
            emit();
          },
          controller.signal,
        );
        // Confirmed: only now may the recording leave the browser's store.
        await store.remove(clientId).catch(() => undefined);
        confirmed(answer);
      };
      await (exclusive ? exclusive(turn, controller.signal) : turn());
    } catch (error) {
      if (!entries.includes(entry)) {
        // Discarded while on its way.
      } else if (isAbort(error) || controller.signal.aborted) {
        entry.state = 'waiting';
        entry.progress = 0;
      } else if (isRetryable(statusOf(error))) {
        entry.attempts += 1;
        entry.state = 'waiting';
        entry.progress = 0;
        entry.notBefore = now() + backoff(entry.attempts);
        if (entry.saved) requestSync();
      } else {
        entry.state = 'failed';
        entry.progress = 0;
        entry.take = { ...entry.take, error: messageOf(error) };
        // Kept with its error, so a reload shows it refused instead of sending it again unasked.
        await store.put(entry.take).catch(() => undefined);
      }
      emit();
    } finally {
      if (active?.clientId === clientId) active = null;
    }
    pump();
  };

  const queue: TakeQueue = {
    get userId() {
      return userId;
    },

    async start(nextUserId) {
      if (userId === nextUserId) {
        pump();
        return;
      }
      queue.stop();
      userId = nextUserId;
      const mine = generation;
      const stored = await store.list().catch(() => [] as PendingTake[]);
      if (mine !== generation) return;
      const known = new Set(entries.map((e) => e.take.clientId));
      const loaded = stored
        .filter((t) => t.userId === nextUserId && !known.has(t.clientId))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map<Entry>((take) => ({ take, state: take.error ? 'failed' : 'waiting', progress: 0, saved: true, attempts: 0, notBefore: 0 }));
      entries = [...loaded, ...entries];
      emit();
      pump();
    },

    stop() {
      generation += 1;
      userId = null;
      active?.controller.abort();
      if (timer !== null) clearTimer(timer);
      timer = null;
      // What is in the store stays there for its owner's next start; what only this tab holds stays in memory.
      entries = entries.filter((e) => !e.saved);
      for (const entry of entries) if (entry.state === 'uploading') entry.state = 'waiting';
      emit();
    },

    async add(input) {
      if (userId === null) throw new Error('Log in to record takes.');
      const take: PendingTake = { ...input, userId, createdAt: input.createdAt ?? new Date(now()).toISOString(), error: null };
      let saved = true;
      try {
        await store.put(take);
      } catch {
        // IndexedDB may be unavailable (private mode, quota): the take is still sent from memory.
        saved = false;
      }
      entries = [...entries, { take, state: 'waiting', progress: 0, saved, attempts: 0, notBefore: 0 }];
      emit();
      pump();
    },

    retry(clientId) {
      const entry = find(clientId);
      if (!entry || entry.state === 'uploading') return;
      entry.state = 'waiting';
      entry.notBefore = 0;
      entry.attempts = 0;
      if (entry.take.error) {
        entry.take = { ...entry.take, error: null };
        void store.put(entry.take).catch(() => undefined);
      }
      emit();
      pump();
    },

    async discard(clientId) {
      const entry = find(clientId);
      if (active?.clientId === clientId) active.controller.abort();
      entries = entries.filter((e) => e.take.clientId !== clientId);
      if (entry) emit();
      await store.remove(clientId).catch(() => undefined);
    },

    wake() {
      for (const entry of entries) if (entry.state === 'waiting') entry.notBefore = 0;
      pump();
    },

    provideUploader(kind, upload) {
      if (uploaders[kind]) return;
      uploaders[kind] = upload;
      pump();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: () => snapshot,

    onUploaded(listener) {
      uploadedListeners.add(listener);
      return () => uploadedListeners.delete(listener);
    },
  };
  return queue;
}
