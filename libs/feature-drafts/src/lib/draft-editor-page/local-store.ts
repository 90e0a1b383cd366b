import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { LocalCopy, LocalStore } from './autosave';

let store: UseStore | undefined;
const drafts = () => (store ??= createStore('vox-drafts', 'unsaved'));

/**
 * The browser's copy of a draft's unsaved text (IndexedDB), one per draft. Writes never pile
 * up: while one is under way, later texts wait and only the newest is written after it.
 */
export function idbDraftStore(draftId: string): LocalStore {
  let writing: Promise<void> | null = null;
  let next: LocalCopy | null = null;
  const write = async (): Promise<void> => {
    while (next) {
      const copy = next;
      next = null;
      await set(draftId, copy, drafts());
    }
  };
  return {
    get: async () => get<LocalCopy>(draftId, drafts()),
    set(copy) {
      next = copy;
      writing ??= write().finally(() => {
        writing = null;
      });
      return writing;
    },
    async remove() {
      next = null;
      await writing;
      await del(draftId, drafts());
    },
  };
}
