import type { Draft } from '@vox/contract';
import { applyEdit, type TextEdit } from '@vox/fountain';
import { draftAt as draft } from '@vox/testing';
import { Autosave, type LocalCopy } from './autosave';
import { type KeptChanges, type KeptText, type LogBackend, logStore, rebuild } from './local-store';

/** What IndexedDB holds for one draft: the base, the log, and which page wrote the base. */
interface Held {
  base?: KeptText;
  log: KeptChanges[];
  owner?: number;
}

let pages = 0;
/** A backend over `held` as the IndexedDB one behaves (one page's; `fail` makes the next writes throw). */
function memoryBackend(held: Held, writes: string[] = []) {
  const page = ++pages;
  const control = { fail: false };
  const backend: LogBackend = {
    read: async () => ({ base: held.base, log: held.log.map((changes) => ({ ...changes, edits: [...changes.edits] })) }),
    replace: async (base) => {
      if (control.fail) throw new Error('quota');
      writes.push(`replace ${base.text.length}${base.saved ? ' saved' : ''}`);
      held.base = { ...base };
      held.log = [];
      held.owner = page;
    },
    append: async (changes) => {
      if (control.fail) throw new Error('quota');
      if (held.owner !== page) return false;
      writes.push(`append ${changes.edits.length}`);
      held.log.push({ edits: [...changes.edits], baseRevision: changes.baseRevision });
      return true;
    },
    clear: async () => {
      writes.push('clear');
      held.base = undefined;
      held.log = [];
      held.owner = undefined;
    },
  };
  return { backend, control };
}

/** Types `typed` at `at`, one character per change, as the editor reports it (a reader and the edit). */
function typeInto(autosave: Autosave, start: string, at: number, typed: string): string {
  let text = start;
  for (const [i, char] of [...typed].entries()) {
    const edit: TextEdit = { from: at + i, to: at + i, insert: char };
    text = applyEdit(text, edit) as string;
    const now = text;
    autosave.change(() => now, [edit]);
  }
  return text;
}

const settle = async (ms = 0) => {
  await jest.advanceTimersByTimeAsync(ms);
};

const BODY = 'INT. DECK - NIGHT\n\nRain on the deck.\n\nMARA\nHold the line.';

describe('rebuild (the text a base and its log make)', () => {
  it('reads a copy of the old format (the whole text only) as it was', () => {
    expect(rebuild({ text: 'Old copy.', baseRevision: 4 }, [])).toEqual({ text: 'Old copy.', baseRevision: 4 });
  });

  it('applies the log in order, each edit on the text after the one before, and takes the last revision', () => {
    const log: KeptChanges[] = [
      { edits: [{ from: 3, to: 3, insert: 'X' }, { from: 0, to: 1, insert: '' }], baseRevision: 4 },
      { edits: [{ from: 0, to: 0, insert: '> ' }], baseRevision: 5 },
    ];
    expect(rebuild({ text: 'abcdef', baseRevision: 4 }, log)).toEqual({ text: '> bcXdef', baseRevision: 5 });
  });

  it('answers nothing for a saved text without changes, and the changed text when there are', () => {
    expect(rebuild({ text: 'Saved.', baseRevision: 2, saved: true }, [])).toBeUndefined();
    expect(rebuild({ text: 'Saved.', baseRevision: 2, saved: true }, [{ edits: [{ from: 5, to: 5, insert: ' More' }], baseRevision: 2 }])).toEqual({ text: 'Saved More.', baseRevision: 2 });
    expect(rebuild(undefined, [])).toBeUndefined();
  });

  it('stops at a change that does not fit (a damaged log), keeping what was rebuilt up to it', () => {
    expect(rebuild({ text: 'abc', baseRevision: 1 }, [{ edits: [{ from: 3, to: 3, insert: 'd' }, { from: 9, to: 9, insert: '!' }], baseRevision: 2 }])).toEqual({ text: 'abcd', baseRevision: 1 });
  });
});

describe('logStore', () => {
  it('writes one at a time: a whole text replaces the writes waiting, waiting changes merge into one entry', async () => {
    const held: Held = { log: [] };
    const writes: string[] = [];
    const store = logStore(memoryBackend(held, writes).backend);
    const first = store.set({ text: 'abc', baseRevision: 1 });
    const a = store.append?.([{ from: 3, to: 3, insert: 'd' }], 1);
    const b = store.append?.([{ from: 4, to: 4, insert: 'e' }], 2);
    await Promise.all([first, a, b]);
    expect(writes).toEqual(['replace 3', 'append 2']);
    expect(await store.get()).toEqual({ text: 'abcde', baseRevision: 2 });

    const c = store.append?.([{ from: 0, to: 0, insert: '!' }], 2);
    const d = store.set({ text: 'whole', baseRevision: 2 });
    const e = store.append?.([{ from: 5, to: 5, insert: '?' }], 2);
    expect(await Promise.all([c, d, e])).toEqual([true, undefined, true]);
    expect(await store.get()).toEqual({ text: 'whole?', baseRevision: 2 });
  });

  it('adds no change after a failed write until a whole text is written again', async () => {
    const held: Held = { log: [] };
    const { backend, control } = memoryBackend(held);
    const store = logStore(backend);
    await store.set({ text: 'abc', baseRevision: 1 });
    control.fail = true;
    await expect(store.append?.([{ from: 3, to: 3, insert: 'd' }], 1)).resolves.toBe(false);
    control.fail = false;
    await expect(store.append?.([{ from: 4, to: 4, insert: 'e' }], 1)).resolves.toBe(false);
    await store.set({ text: 'abcde', baseRevision: 1 });
    await expect(store.append?.([{ from: 5, to: 5, insert: 'f' }], 1)).resolves.toBe(true);
    expect(await store.get()).toEqual({ text: 'abcdef', baseRevision: 1 });
  });

  it('adds no change to a base another page wrote (the draft open in two tabs)', async () => {
    const held: Held = { log: [] };
    const mine = logStore(memoryBackend(held).backend);
    const theirs = logStore(memoryBackend(held).backend);
    await mine.set({ text: 'mine', baseRevision: 1 });
    await theirs.set({ text: 'theirs', baseRevision: 1 });
    await expect(mine.append?.([{ from: 4, to: 4, insert: '!' }], 1)).resolves.toBe(false);
    expect(await mine.get()).toEqual({ text: 'theirs', baseRevision: 1 });
  });
});

describe('autosave with a store that keeps changes', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function open(held: Held, server: { draft: Draft }, online: () => boolean, writes: string[] = []) {
    const store = logStore(memoryBackend(held, writes).backend);
    const autosave = new Autosave(server.draft, {
      save: async (baseRevision, change) => {
        if (!online()) throw Object.assign(new Error('offline'), { status: 0 });
        const body = 'body' in change ? change.body : (applyEdit(server.draft.body, change.edit) as string);
        server.draft = draft(body, baseRevision + 1);
        return server.draft;
      },
      load: async () => server.draft,
      store,
      isOnline: online,
      onStatus: () => undefined,
      onConflict: () => undefined,
      onText: () => undefined,
      delayMs: 800,
    });
    return { store, autosave };
  }

  it('writes the saved text once, then only the typed changes; a reload restores every character', async () => {
    const held: Held = { log: [] };
    const server = { draft: draft(BODY, 1) };
    let online = false;
    const writes: string[] = [];
    const page = open(held, server, () => online, writes);
    page.autosave.keepSaved();
    await settle(0);
    expect(writes).toEqual([`replace ${BODY.length} saved`]);
    // Nothing unsaved yet: a reload finds no copy.
    expect(await page.store.get()).toBeUndefined();

    const typed = typeInto(page.autosave, BODY, BODY.indexOf('Hold'), 'Steady. ');
    await settle(0);
    // Offline: every keystroke is kept at once, as a change, never as the whole text.
    expect(writes.slice(1).every((write) => write.startsWith('append'))).toBe(true);
    expect(writes.slice(1).reduce((sum, write) => sum + Number(write.split(' ')[1]), 0)).toBe('Steady. '.length);

    // The page goes away without a save: the next page rebuilds the text from the base and the log.
    page.autosave.stop();
    const reloaded = open(held, server, () => online, writes);
    const copy = await reloaded.store.get();
    expect(copy).toEqual({ text: typed, baseRevision: 1 });
    expect(reloaded.autosave.resume(copy as LocalCopy, server.draft)).toBe(typed);

    // Typing on after the reload: this page did not write that base, so its first copy is the whole text, then changes.
    const more = typeInto(reloaded.autosave, typed, typed.length, '\n\nMore.');
    await settle(0);
    expect(await reloaded.store.get()).toEqual({ text: more, baseRevision: 1 });

    online = true;
    await reloaded.autosave.flush();
    expect(server.draft).toMatchObject({ body: more, revision: 2 });
    // Saved: the saved text stays as the base, and nothing unsaved is kept.
    expect(await reloaded.store.get()).toBeUndefined();
    expect(held.base).toMatchObject({ text: more, baseRevision: 2, saved: true });
  });

  it('online, keeps the changes of the last 300 ms as one entry, and a save in between moves the revision', async () => {
    const held: Held = { log: [] };
    const server = { draft: draft(BODY, 1) };
    const writes: string[] = [];
    const page = open(held, server, () => true, writes);
    page.autosave.keepSaved();
    await settle(0);
    let text = BODY;
    for (const word of ['One ', 'two ', 'three ']) {
      text = typeInto(page.autosave, text, 0, word);
      await settle(310);
    }
    expect(writes.slice(1).every((write) => write.startsWith('append'))).toBe(true);
    expect(await page.store.get()).toEqual({ text, baseRevision: 1 });

    // A pause: the save lands and the saved text becomes the base (nothing unsaved).
    await settle(1000);
    expect(server.draft).toMatchObject({ body: text, revision: 2 });
    expect(await page.store.get()).toBeUndefined();
    // The next keystroke after the save writes only itself, on the new revision.
    const before = writes.length;
    text = typeInto(page.autosave, text, text.length, '!');
    await settle(0);
    expect(writes.slice(before)).toEqual(['append 1']);
    expect(await page.store.get()).toEqual({ text, baseRevision: 2 });
  });

  it('a change without edits (a whole new text) writes the whole text; changes go on top of it after', async () => {
    const held: Held = { log: [] };
    const server = { draft: draft(BODY, 1) };
    const writes: string[] = [];
    const page = open(held, server, () => false, writes);
    page.autosave.keepSaved();
    await settle(0);
    page.autosave.change('Replaced.');
    await settle(0);
    const text = typeInto(page.autosave, 'Replaced.', 9, '!');
    await settle(0);
    expect(writes).toEqual([`replace ${BODY.length} saved`, 'replace 9', 'append 1']);
    expect(await page.store.get()).toEqual({ text, baseRevision: 1 });
  });

  it('offline, a long log becomes one whole text again at a pause', async () => {
    const held: Held = { log: [] };
    const server = { draft: draft('', 1) };
    const writes: string[] = [];
    const page = open(held, server, () => false, writes);
    page.autosave.keepSaved();
    await settle(0);
    let text = '';
    for (let i = 0; i < 150; i++) {
      text = typeInto(page.autosave, text, i, 'x');
      await settle(0);
    }
    expect(held.log.length).toBe(150);
    await settle(800);
    expect(writes.at(-1)).toBe('replace 150');
    expect(held.log).toEqual([]);
    expect(await page.store.get()).toEqual({ text, baseRevision: 1 });
  });
});
