import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { PendingTake, TakeStore } from './pending-take';

const TAKE_DB_NAME = 'voxclub-takes';
const TAKE_STORE_NAME = 'pending';

/**
 * Pending takes in IndexedDB (database "voxclub-takes", object store "pending", key = clientId),
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
    list: () => values<PendingTake>(open()),
    put: (take) => set(take.clientId, take, open()),
    remove: (clientId) => del(clientId, open()),
  };
}
