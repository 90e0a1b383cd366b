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
  /** What the editor was given (a merge with another tab's revision). */
  const texts: { text: string; edits: readonly TextEdit[] }[] = [];
  /** Each 'Saved' shown while the text differed from the server's. */
  const savedButDifferent: string[] = [];
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
    onStatus: (status) => {
      statuses.push(status);
      if (status === 'saved' && autosave.current !== server.body) savedButDifferent.push(autosave.current);
    },
    onConflict: (conflict) => conflicts.push(conflict),
    onText: (text, edits) => texts.push({ text, edits }),
    delayMs: 500,
    retryMs: 2000,
    ...overrides,
  };
  const autosave = new Autosave(start, options);
  return {
    autosave,
    statuses,
    conflicts,
    texts,
    savedButDifferent,
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

describe('autosave with the draft open in two tabs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const START = 'INT. PIER - DAWN\n\nJANE\nTab A line 1.\n\nBOB\nTab B line 1.';
  /** The other tab's save: the server moves on, and this tab hears of it (as the page's channel tells it). */
  const otherTabSaves = (t: ReturnType<typeof setup>, body: string, tell = true) => {
    const saved = draft(body, t.server().revision + 1);
    t.setServer(saved);
    if (tell) t.autosave.heard(saved);
    return saved;
  };

  it("an idle tab takes the other tab's save in: the editor gets only the other's lines, nothing is sent, Saved again", async () => {
    const t = setup(draft(START, 1));
    const theirs = otherTabSaves(t, START.replace('Tab B line 1.', 'Tab B line 1.\nTab B line 2.'));
    expect(t.statuses).toEqual(['saving']);
    await settle(0);
    expect(t.texts).toEqual([{ text: theirs.body, edits: [{ from: START.length, to: START.length, insert: '\nTab B line 2.' }] }]);
    expect(t.autosave.current).toBe(theirs.body);
    expect(t.autosave.revision).toBe(2);
    expect(t.sent).toEqual([]);
    expect(t.statuses).toEqual(['saving', 'saved']);
    // An old or repeated message changes nothing.
    t.autosave.heard(draft(START, 1));
    t.autosave.heard(theirs);
    await settle(1000);
    expect(t.texts).toHaveLength(1);
    expect(t.savedButDifferent).toEqual([]);
  });

  it("merges the other tab's save with a line being typed here, keeps both lines whole, saves on their revision", async () => {
    const t = setup(draft(START, 1));
    t.autosave.change(START.replace('Tab A line 1.', 'Tab A line 1.\nJANE'));
    await settle(100);
    otherTabSaves(t, START.replace('Tab B line 1.', 'Tab B line 1. Again 2.'));
    // Still typing: the merge waits for the pause, as a save does.
    t.autosave.change(START.replace('Tab A line 1.', 'Tab A line 1.\nJANE\nTab A again.'));
    await settle(499);
    expect(t.texts).toEqual([]);
    await settle(1);
    const both = 'INT. PIER - DAWN\n\nJANE\nTab A line 1.\nJANE\nTab A again.\n\nBOB\nTab B line 1. Again 2.';
    expect(t.texts.map((x) => x.text)).toEqual([both]);
    expect(t.sent.at(-1)).toEqual({ baseRevision: 2, change: { edit: { from: 37, to: 37, insert: 'JANE\nTab A again.\n' } } });
    expect(t.server()).toMatchObject({ body: both, revision: 3 });
    expect(t.conflicts).toEqual([]);
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.savedButDifferent).toEqual([]);
  });

  it('a save refused as stale (409) is merged with the newer revision by itself and sent again', async () => {
    const t = setup(draft(START, 1));
    // The other tab saved, and this tab was not told (another device, or its message still on the way).
    otherTabSaves(t, START.replace('Tab B line 1.', 'Tab B line 1. Again 2.'), false);
    t.autosave.change(START.replace('Tab A line 1.', 'Tab A line 1. Again 1.'));
    // The save at 500 ms, its 409, the merge (the diff module loads the first time) and the save again.
    await settle(500);
    await settle(100);
    expect(t.sent.map((x) => x.baseRevision)).toEqual([1, 2]);
    expect(t.server()).toMatchObject({ body: START.replace('Tab A line 1.', 'Tab A line 1. Again 1.').replace('Tab B line 1.', 'Tab B line 1. Again 2.'), revision: 3 });
    expect(t.autosave.current).toBe(t.server().body);
    expect(t.conflicts).toEqual([]);
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.savedButDifferent).toEqual([]);
  });

  it("is never Saved while the other tab's newer revision waits to be merged in, even when this tab's own save lands first", async () => {
    let release: () => void = () => undefined;
    const t = setup(draft(START, 1));
    const save = t.autosave['options'].save;
    let hold = true;
    t.autosave['options'].save = async (baseRevision, change) => {
      const saved = await save(baseRevision, change);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return saved;
    };
    t.autosave.change(START.replace('Tab A line 1.', 'Tab A line 1. Again 1.'));
    await settle(500);
    // This tab's save is on the server (revision 2); its answer is still on the way when the other tab's lands on top.
    hold = false;
    otherTabSaves(t, t.server().body.replace('Tab B line 1.', 'Tab B line 1. Again 2.'));
    release();
    await settle(0);
    expect(t.server().revision).toBe(3);
    expect(t.autosave.current).toBe(t.server().body);
    expect(t.statuses.at(-1)).toBe('saved');
    expect(t.savedButDifferent).toEqual([]);
    expect(t.conflicts).toEqual([]);
  });

  it('asks the writer only when both tabs changed the same line', async () => {
    const t = setup(draft(START, 1));
    t.autosave.change(START.replace('Tab B line 1.', 'Tab B line 1, here.'));
    otherTabSaves(t, START.replace('Tab B line 1.', 'Tab B line 1, there.'));
    await settle(500);
    expect(t.statuses.at(-1)).toBe('conflict');
    expect(t.conflicts).toEqual([{ mine: START.replace('Tab B line 1.', 'Tab B line 1, here.'), base: START, theirs: t.server() }]);
    expect(t.sent).toEqual([]);
    expect(t.texts).toEqual([]);
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
