import type { Draft } from '@vox/contract';
import type { TextEdit } from '@vox/fountain';
import { draftAt as draft } from '@vox/testing';
import { Autosave, STATUS_TEXT, warmChangePath, type AutosaveOptions, type Conflict, type LocalCopy, type LocalStore, type SaveStatus } from './autosave';
import { logStore, memoryBackend } from './local-store';

class ApiLikeError extends Error {
  constructor(readonly status: number, message = 'failed') {
    super(message);
  }
}

/** A server that holds one draft and applies saves as the real one does (409 on a stale base). */
function setup(start = draft('INT. DECK - NIGHT', 1), overrides: Partial<AutosaveOptions> = {}) {
  let server = start;
  let online = true;
  let local: LocalCopy | undefined;
  const statuses: SaveStatus[] = [];
  const conflicts: Conflict[] = [];
  const sent: { baseRevision: number; change: { edit: TextEdit } | { body: string } }[] = [];
  const options: AutosaveOptions = {
    async save(baseRevision, change) {
      if (!online) throw new ApiLikeError(0);
      sent.push({ baseRevision, change });
      if (baseRevision !== server.revision) throw new ApiLikeError(409);
      const body = 'body' in change ? change.body : server.body.slice(0, change.edit.from) + change.edit.insert + server.body.slice(change.edit.to);
      server = { ...server, body, revision: server.revision + 1 };
      return server;
    },
    load: async () => server,
    store: {
      get: async () => local,
      set: async (copy) => {
        local = copy;
      },
      remove: async () => {
        local = undefined;
      },
    },
    isOnline: () => online,
    onStatus: (status) => statuses.push(status),
    onConflict: (conflict) => conflicts.push(conflict),
    delayMs: 500,
    retryMs: 2000,
    ...overrides,
  };
  const autosave = new Autosave(start, options);
  return {
    autosave,
    statuses,
    conflicts,
    sent,
    server: () => server,
    setServer: (next: Draft) => (server = next),
    local: () => local,
    setLocal: (copy: LocalCopy | undefined) => (local = copy),
    setOnline: (value: boolean) => (online = value),
  };
}

const settle = async (ms = 0) => {
  await jest.advanceTimersByTimeAsync(ms);
};

describe('autosave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads Saved, Saving… and Offline, will save', () => {
    expect([STATUS_TEXT.saved, STATUS_TEXT.saving, STATUS_TEXT.offline]).toEqual(['Saved', 'Saving…', 'Offline, will save']);
  });

  it('saves once typing stops, sending only the replaced part on the revision it was made on', async () => {
    const t = setup();
    t.autosave.change('INT. DECK - NIGHT\n\nRain');
    t.autosave.change('INT. DECK - NIGHT\n\nRain falls.');
    await settle(499);
    expect(t.sent).toEqual([]);
    expect(t.local()).toEqual({ text: 'INT. DECK - NIGHT\n\nRain falls.', baseRevision: 1 });
    await settle(1);
    expect(t.sent).toEqual([{ baseRevision: 1, change: { edit: { from: 17, to: 17, insert: '\n\nRain falls.' } } }]);
    expect(t.server()).toMatchObject({ body: 'INT. DECK - NIGHT\n\nRain falls.', revision: 2 });
    expect(t.statuses).toEqual(['saving', 'saving', 'saved']);
    // Saved: the browser's copy is no longer needed.
    expect(t.local()).toBeUndefined();

    t.autosave.change('INT. DECK - NIGHT\n\nRain fell.');
    await settle(500);
    expect(t.sent[1]).toEqual({ baseRevision: 2, change: { edit: { from: 25, to: 29, insert: 'ell' } } });
  });

  it('takes a reader instead of the text and reads it only when a copy or a save needs it, once', async () => {
    const t = setup();
    const reads: string[] = [];
    const reader = (text: string) => () => (reads.push(text), text);
    t.autosave.change(reader('INT. DECK - NIGHT\n\nR'));
    // The first change is copied to the browser at once; the next ones at most every 300 ms.
    expect(reads).toEqual(['INT. DECK - NIGHT\n\nR']);
    t.autosave.change(reader('INT. DECK - NIGHT\n\nRa'));
    t.autosave.change(reader('INT. DECK - NIGHT\n\nRain'));
    await settle(299);
    expect(reads).toEqual(['INT. DECK - NIGHT\n\nR']);
    await settle(1);
    // A text typed over before anything needed it is never made.
    expect(reads).toEqual(['INT. DECK - NIGHT\n\nR', 'INT. DECK - NIGHT\n\nRain']);
    expect(t.local()).toEqual({ text: 'INT. DECK - NIGHT\n\nRain', baseRevision: 1 });
    await settle(200);
    expect(t.sent).toEqual([{ baseRevision: 1, change: { edit: { from: 17, to: 17, insert: '\n\nRain' } } }]);
    expect(t.autosave.current).toBe('INT. DECK - NIGHT\n\nRain');
    expect(t.statuses).toEqual(['saving', 'saving', 'saved']);
    expect(reads).toEqual(['INT. DECK - NIGHT\n\nR', 'INT. DECK - NIGHT\n\nRain']);
  });

  it('sets no timer per keystroke: typing moves the save, which still follows the last key by the quiet time', async () => {
    const t = setup();
    await settle(1000);
    const timers = jest.spyOn(global, 'setTimeout');
    const clears = jest.spyOn(global, 'clearTimeout');
    let text = 'INT. DECK - NIGHT\n\n';
    for (let i = 0; i < 20; i++) {
      text += 'x';
      t.autosave.change(text);
      await settle(100);
    }
    // One save timer (re-armed when it fires early) and one browser copy every 300 ms, not 2 x 20.
    expect(timers.mock.calls.length).toBeLessThanOrEqual(14);
    expect(clears).not.toHaveBeenCalled();
    timers.mockRestore();
    clears.mockRestore();
    expect(t.sent).toEqual([]);
    await settle(399);
    expect(t.sent).toEqual([]);
    await settle(1);
    expect(t.sent).toHaveLength(1);
    expect(t.server().body).toBe(text);
  });

  it('keeps typing offline in the browser and sends it all when the network is back', async () => {
    const t = setup();
    t.setOnline(false);
    t.autosave.change('INT. DECK - NIGHT\n\nOffline words');
    await settle(500);
    expect(t.statuses.at(-1)).toBe('offline');
    expect(t.local()).toEqual({ text: 'INT. DECK - NIGHT\n\nOffline words', baseRevision: 1 });
    t.autosave.change('INT. DECK - NIGHT\n\nOffline words and more');
    await settle(5000);
    expect(t.server().revision).toBe(1);
    t.setOnline(true);
    await t.autosave.flush();
    expect(t.server()).toMatchObject({ body: 'INT. DECK - NIGHT\n\nOffline words and more', revision: 2 });
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.local()).toBeUndefined();
  });

  it('retries by itself when a save fails on the network while the browser says it is online', async () => {
    let fail = true;
    const flaky = setup(undefined, {
      save: async (baseRevision, change) => {
        if (fail) throw new ApiLikeError(503);
        return draft('body' in change ? change.body : `INT. DECK - NIGHT${change.edit.insert}`, baseRevision + 1);
      },
    });
    flaky.autosave.change('INT. DECK - NIGHT!');
    await settle(500);
    expect(flaky.statuses.at(-1)).toBe('offline');
    fail = false;
    await settle(2000);
    expect(flaky.statuses.at(-1)).toBe('saved');
  });

  it('after a reload, sends the copy kept in the browser (written on the current revision) as a whole text', async () => {
    const t = setup();
    const text = t.autosave.resume({ text: 'INT. DECK - NIGHT\n\nKept while offline.', baseRevision: 1 }, t.server());
    expect(text).toBe('INT. DECK - NIGHT\n\nKept while offline.');
    await settle(0);
    expect(t.server()).toMatchObject({ body: 'INT. DECK - NIGHT\n\nKept while offline.', revision: 2 });
  });

  it('treats a 409 for a save that had landed (its answer lost) as saved', async () => {
    const t = setup();
    // The server already has the text at revision 2 (the answer never came back).
    t.setServer(draft('INT. DECK - NIGHT\n\nSame.', 2));
    t.autosave.change('INT. DECK - NIGHT\n\nSame.');
    await settle(500);
    expect(t.conflicts).toEqual([]);
    expect(t.statuses.at(-1)).toBe('saved');
  });

  it('on a stale base (another tab saved) stops and hands mine, the base and theirs to the writer; adopting saves on their revision', async () => {
    const t = setup();
    t.setServer(draft('INT. DECK - NIGHT\n\nOther tab.', 2));
    t.autosave.change('INT. DECK - NIGHT\n\nThis tab.');
    await settle(500);
    expect(t.statuses.at(-1)).toBe('conflict');
    expect(t.conflicts).toEqual([{ mine: 'INT. DECK - NIGHT\n\nThis tab.', base: 'INT. DECK - NIGHT', theirs: t.server() }]);
    // Typing on does not save over theirs.
    t.autosave.change('INT. DECK - NIGHT\n\nThis tab, more.');
    await settle(5000);
    expect(t.server().body).toBe('INT. DECK - NIGHT\n\nOther tab.');
    expect(t.local()?.text).toBe('INT. DECK - NIGHT\n\nThis tab, more.');

    t.autosave.adopt(t.server(), 'INT. DECK - NIGHT\n\nOther tab.\n\nThis tab, more.');
    await settle(0);
    expect(t.server()).toMatchObject({ body: 'INT. DECK - NIGHT\n\nOther tab.\n\nThis tab, more.', revision: 3 });
    expect(t.statuses.at(-1)).toBe('saved');
  });

  it('after a reload, a copy written on an older revision is a conflict, not a save', async () => {
    const t = setup(draft('New on the server.', 3));
    t.autosave.resume({ text: 'Old offline text.', baseRevision: 2 }, t.server());
    await settle(1000);
    expect(t.sent).toEqual([]);
    expect(t.conflicts).toEqual([{ mine: 'Old offline text.', base: undefined, theirs: t.server() }]);
  });
});

describe('warmChangePath (the editor\'s warm-up after opening)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the change path on a throw-away copy over the given store: the change is kept there, nothing is due to be saved', async () => {
    const memory = logStore(memoryBackend());
    const calls: string[] = [];
    const store: LocalStore = {
      get: () => memory.get(),
      set: (copy) => (calls.push(`set ${copy.text}`), memory.set(copy)),
      append: (edits, baseRevision) => (calls.push(`append ${edits.map((e) => e.insert).join('')}`), memory.append?.(edits, baseRevision) ?? Promise.resolve(false)),
      remove: (saved) => (calls.push(`remove ${saved?.text ?? ''}`), memory.remove(saved)),
    };
    // The page's autosave beside it: untouched.
    const page = setup();
    await warmChangePath(() => 'INT. WARM-UP - DAY\n\nMAR', [{ from: 22, to: 22, insert: 'R' }], store);
    // The same path as a keystroke: the base kept once, then the change added to it.
    expect(calls).toEqual(['remove INT. WARM-UP - DAY\n\nMAR', 'append R']);
    // No save waits: no timer left (a save would be one), the page's autosave saw nothing.
    expect(jest.getTimerCount()).toBe(0);
    await settle(5000);
    expect(page.sent).toEqual([]);
    expect(page.statuses).toEqual([]);
    expect(page.local()).toBeUndefined();
    expect(page.autosave.pending).toBe(false);
  });
});
