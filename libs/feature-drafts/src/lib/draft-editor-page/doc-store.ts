import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { DocStore } from './co-writing';

/**
 * The browser's copy of a draft's shared document (IndexedDB, one whole document per draft):
 * an offline reload shows it, and what the server lacks of it is sent when the network is back
 * (co-writing.ts). Written at most every 300 ms while typing.
 */
let database: UseStore | undefined;
const docs = () => (database ??= createStore('vox-draft-docs', 'docs'));

export function idbDocStore(draftId: string): DocStore {
  return {
    // Async: where the browser has no IndexedDB, opening it throws, and that is a refusal here, not a crash.
    get: async () => get<Uint8Array>(draftId, docs()),
    set: async (state) => set(draftId, state, docs()),
  };
}

/** A document kept in memory (the tests). */
export function memoryDocStore(): DocStore & { state: Uint8Array | undefined } {
  const store = {
    state: undefined as Uint8Array | undefined,
    get: async () => store.state,
    set: async (state: Uint8Array) => {
      store.state = state;
    },
  };
  return store;
}
