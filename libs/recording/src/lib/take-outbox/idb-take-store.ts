import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import type { PendingTake, TakeStore } from './pending-take';

const TAKE_DB_NAME = 'voxclub-takes';
const TAKE_STORE_NAME = 'pending';

/** A stored take as an earlier release may have written it: a table read's, named by its session alone. */
type StoredTake = PendingTake | (Omit<PendingTake, 'target'> & { target?: undefined; sessionId: string });

/** A take kept before takes named their target is a table read's (that was the only kind). */
const withTarget = (stored: StoredTake): PendingTake => {
  if (stored.target) return stored;
  const { sessionId, ...rest } = stored;
  return { ...rest, target: { kind: 'read', sessionId } };
};

/**
 * Pending takes in IndexedDB (database "voxclub-takes", object store "pending", key = clientId;
 * the offline worker reads and writes the same store: apps/shell/src/offline/take-sync.js),
 * Blob and all: IndexedDB stores Blobs natively, so nothing is re-encoded. The database opens on
 * first use, not on import (jsdom and old browsers have no IndexedDB until a take is recorded).
 */
export function idbTakeStore(): TakeStore {
  let db: UseStore | null = null;
  const open = (): UseStore => {
    if (!db) db = createStore(TAKE_DB_NAME, TAKE_STORE_NAME);
    return db;
  };
  return {
    list: async () => (await values<StoredTake>(open())).map(withTarget),
    get: async (clientId) => {
      const stored = await get<StoredTake>(clientId, open());
      return stored && withTarget(stored);
    },
    put: (take) => set(take.clientId, take, open()),
    remove: (clientId) => del(clientId, open()),
  };
}
