import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { applyEdit, type TextEdit } from '@vox/fountain';
import type { LocalCopy, LocalStore } from './autosave';

/**
 * The browser's copy of a draft's unsaved text (IndexedDB), kept as a whole text (the base) and
 * the changes typed since (the log), so that typing writes a few bytes, not the whole draft: a
 * 120-page draft's 176 KB copy every 300 ms cost each such keystroke about 5 ms (the text made
 * from the editor and its serialisation; tools/bench/README.md, drafts editor, session
 * h-typing3). The whole text is written only when there is no base to add to (or the log is
 * long, or a write failed); after a save the saved text stays as the next changes' base, marked
 * saved (nothing unsaved). A copy of the old format (the whole text only) reads as a base
 * without a log.
 */

/** The whole text as kept (the only record before the log existed); `saved`: the server has it. */
export interface KeptText extends LocalCopy {
  saved?: boolean;
}

/** Changes to the kept text, in the order typed; `baseRevision`: what the text after them is written on. */
export interface KeptChanges {
  edits: TextEdit[];
  baseRevision: number;
}

/** Where the base and the log live (IndexedDB in the page; a Map in the tests). */
export interface LogBackend {
  read(): Promise<{ base: KeptText | undefined; log: KeptChanges[] }>;
  /** Puts the base and drops the log, at once. */
  replace(base: KeptText): Promise<void>;
  /** Adds changes after the log's last; false (nothing written) when there is no base. */
  append(changes: KeptChanges): Promise<boolean>;
  clear(): Promise<void>;
}

/** The text a base and its log make, or undefined when nothing unsaved is kept. */
export function rebuild(base: KeptText | undefined, log: readonly KeptChanges[]): LocalCopy | undefined {
  if (!base || (base.saved && log.length === 0)) return undefined;
  let text = base.text;
  let baseRevision = base.baseRevision;
  for (const changes of log) {
    for (const edit of changes.edits) {
      const next = applyEdit(text, edit);
      // A change that does not fit (a damaged log): keep what was rebuilt up to it.
      if (next === null) return { text, baseRevision };
      text = next;
    }
    baseRevision = changes.baseRevision;
  }
  return { text, baseRevision };
}

type Op =
  | { kind: 'replace'; base: KeptText; done: Array<(ok: boolean) => void>; failed: Array<(error: unknown) => void> }
  | { kind: 'append'; changes: KeptChanges; done: Array<(ok: boolean) => void>; failed: Array<(error: unknown) => void> }
  | { kind: 'clear'; done: Array<(ok: boolean) => void>; failed: Array<(error: unknown) => void> };

/**
 * A `LocalStore` over a base and a log. Writes never pile up: they run one at a time; a whole
 * text or a removal replaces the writes still waiting, and changes waiting are merged into one
 * log entry. After a failed write no change is added (`append` answers false) until a whole
 * text is written again: changes on top of a base that may be missing would rebuild a wrong text.
 */
export function logStore(backend: LogBackend): LocalStore {
  const queue: Op[] = [];
  let running = false;
  let broken = false;

  const run = async () => {
    running = true;
    while (queue.length > 0) {
      const op = queue.shift() as Op;
      try {
        let ok = true;
        if (op.kind === 'replace') {
          await backend.replace(op.base);
          broken = false;
        } else if (op.kind === 'clear') {
          await backend.clear();
          broken = false;
        } else {
          ok = !broken && (await backend.append(op.changes));
        }
        op.done.forEach((resolve) => resolve(ok));
      } catch (error) {
        broken = true;
        if (op.kind === 'append') op.done.forEach((resolve) => resolve(false));
        else op.failed.forEach((reject) => reject(error));
      }
    }
    running = false;
  };

  const enqueue = (next: Op): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      const last = queue.at(-1);
      if (next.kind === 'append' && last?.kind === 'append') {
        last.changes = { edits: [...last.changes.edits, ...next.changes.edits], baseRevision: next.changes.baseRevision };
        last.done.push(resolve);
        last.failed.push(reject);
        return;
      }
      if (next.kind !== 'append') {
        // Superseded: what they would have kept is in the whole text (or no longer needed).
        for (const waiting of queue.splice(0)) waiting.done.forEach((done) => done(true));
      }
      next.done.push(resolve);
      next.failed.push(reject);
      queue.push(next);
      if (!running) void run();
    });

  return {
    get: async () => {
      const { base, log } = await backend.read();
      return rebuild(base, log);
    },
    set: async (copy) => {
      await enqueue({ kind: 'replace', base: { text: copy.text, baseRevision: copy.baseRevision }, done: [], failed: [] });
    },
    append: (edits, baseRevision) => enqueue({ kind: 'append', changes: { edits: [...edits], baseRevision }, done: [], failed: [] }),
    remove: async (saved) => {
      await enqueue(saved ? { kind: 'replace', base: { text: saved.text, baseRevision: saved.baseRevision, saved: true }, done: [], failed: [] } : { kind: 'clear', done: [], failed: [] });
    },
  };
}

/** A base and log in memory (the editor's warm-up; the tests). */
export function memoryBackend(): LogBackend {
  let base: KeptText | undefined;
  let log: KeptChanges[] = [];
  return {
    read: async () => ({ base, log: [...log] }),
    replace: async (next) => {
      base = next;
      log = [];
    },
    append: async (changes) => {
      if (!base) return false;
      log.push(changes);
      return true;
    },
    clear: async () => {
      base = undefined;
      log = [];
    },
  };
}

let database: UseStore | undefined;
const drafts = () => (database ??= createStore('vox-drafts', 'unsaved'));

/** The log's entries sit beside the base, under [draftId, n]; [draftId, -1] names the page that wrote the base. */
const logRange = (draftId: string) => IDBKeyRange.bound([draftId, 0], [draftId, Number.MAX_SAFE_INTEGER]);
const writerKey = (draftId: string) => [draftId, -1];

/**
 * IndexedDB: the base under the draft's id (as every copy before the log), the log under
 * [id, n], each write one transaction. A page adds changes only to a base it wrote itself: with
 * the draft open in two tabs, the other tab's base answers false and this page writes its whole
 * text again (the newest whole text wins, as before the log), never its changes on the other's text.
 */
function idbBackend(draftId: string): LogBackend {
  const writer = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let nextEntry = 0;
  return {
    read: () =>
      drafts()('readonly', async (store) => {
        const [base, log] = await Promise.all([promisifyRequest(store.get(draftId) as IDBRequest<KeptText | undefined>), promisifyRequest(store.getAll(logRange(draftId)) as IDBRequest<KeptChanges[]>)]);
        return { base, log };
      }),
    replace: (base) =>
      drafts()('readwrite', (store) => {
        store.delete(logRange(draftId));
        store.put(base, draftId);
        store.put(writer, writerKey(draftId));
        nextEntry = 0;
        return promisifyRequest(store.transaction);
      }),
    append: (changes) =>
      drafts()('readwrite', async (store) => {
        // Only this page's own base: its log entries are numbered from its last replace.
        if ((await promisifyRequest(store.get(writerKey(draftId)) as IDBRequest<string | undefined>)) !== writer) return false;
        store.put(changes, [draftId, nextEntry]);
        nextEntry++;
        await promisifyRequest(store.transaction);
        return true;
      }),
    clear: () =>
      drafts()('readwrite', (store) => {
        store.delete(logRange(draftId));
        store.delete(draftId);
        store.delete(writerKey(draftId));
        nextEntry = 0;
        return promisifyRequest(store.transaction);
      }),
  };
}

/** The browser's copy of a draft's unsaved text, one per draft (see the top of this file). */
export function idbDraftStore(draftId: string): LocalStore {
  return logStore(idbBackend(draftId));
}
