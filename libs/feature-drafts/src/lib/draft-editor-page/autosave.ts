import type { Draft } from '@vox/contract';
import { editBetween, type TextEdit } from '@vox/fountain';
import { mergeTexts } from './merge';

/**
 * Autosave that loses nothing. The editor hands every change to `change()`; typing
 * never waits for it. A short while after typing stops the text is saved as one replacement
 * against the last saved text (only what changed travels), made on the revision the editor
 * holds; the server refuses a stale one (409). A newer revision saved elsewhere (the 409's, or
 * one another tab of this browser tells of through `heard`) is merged with the writer's unsaved
 * changes line by line (merge.ts) and the editor is given the merged text; only when both changed
 * the same lines is the writer asked. 'Saved' means the editor's text is the newest revision this
 * tab knows of. Until the server has it, the text is kept in the browser (`LocalStore`,
 * IndexedDB), so a lost network or a reload keeps every character; the copy is sent when the
 * network is back.
 */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'conflict' | 'error';

export const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline, will save',
  conflict: 'Changed elsewhere',
  error: 'Not saved',
};

/** What is kept in the browser until the server has it. */
export interface LocalCopy {
  text: string;
  /** The revision the text was written on. */
  baseRevision: number;
}

export interface LocalStore {
  get(): Promise<LocalCopy | undefined>;
  /** Keeps the whole text (what was kept before goes). */
  set(copy: LocalCopy): Promise<void>;
  /**
   * Keeps changes to the text kept last (by `set`, `append` or `remove(saved)`), the text after
   * them now written on `baseRevision`. Answers false when they could not be kept on top of it
   * (nothing to add to, a failed write): the whole text is to be `set` again. Optional: a store
   * without it gets the whole text each time.
   */
  append?(edits: readonly TextEdit[], baseRevision: number): Promise<boolean>;
  /**
   * Nothing unsaved is kept. `saved`: the text the server now has, which a store that keeps
   * changes may keep as the base for the next ones (its `get` answers undefined until then).
   */
  remove(saved?: LocalCopy): Promise<void>;
}

export interface Conflict {
  /** The text written here. */
  mine: string;
  /** The text it was written on, when known (for a merge). */
  base: string | undefined;
  /** The server's newer draft. */
  theirs: Draft;
}

export interface AutosaveOptions {
  save(baseRevision: number, change: { edit: TextEdit } | { body: string }): Promise<Draft>;
  /** The server's draft now (after a 409). */
  load(): Promise<Draft>;
  store: LocalStore;
  isOnline(): boolean;
  onStatus(status: SaveStatus, message?: string): void;
  onConflict(conflict: Conflict): void;
  /**
   * The text is now `text` (a newer revision from elsewhere, merged with the writer's changes):
   * the editor shows it. `edits` turn the editor's text into it (the other side's lines only, in
   * the editor's positions). Autosave already holds it; the editor must not hand it back as a change.
   */
  onText(text: string, edits: readonly TextEdit[]): void;
  onSaved?(draft: Draft): void;
  /** Quiet time after the last change before saving. */
  delayMs?: number;
  /** How soon to try again after a failed attempt while the browser still says it is online. */
  retryMs?: number;
}

/** A status of 0 is a request the browser could not make; gateways answer 502-504 while the server is away. */
/** Online, the browser's copy is written at most this often while typing. */
const KEEP_MS = 300;
/**
 * Changes kept since the last whole text: past this many writes the whole text is written again
 * (offline, at the next pause past a quarter of it), so that a reload rebuilds from a short log.
 */
const MAX_APPENDS = 400;

const isNetworkFailure = (error: unknown): boolean => {
  const status = (error as { status?: unknown })?.status;
  return typeof status !== 'number' || status === 0 || status === 502 || status === 503 || status === 504;
};

export class Autosave {
  /** The editor's text, or how to read it: read when a save or the browser's copy needs it, not on every keystroke. */
  private source: string | (() => string);
  private baseRevision: number;
  /** The text the server holds at `baseRevision`; unknown after a reload with a local copy. */
  private baseText: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the save timer fires, and when the save is due (typing moves it later without touching the timer). */
  private timerAt = Infinity;
  private dueAt = 0;
  private keepTimer: ReturnType<typeof setTimeout> | undefined;
  private keptAt = 0;
  /**
   * The changes since the text the browser's copy holds, or null when they are not known or the
   * copy holds no text they apply to: the next copy is then the whole text.
   */
  private unkept: TextEdit[] | null = null;
  /** Writes of changes since the last whole text. */
  private appends = 0;
  /** The browser's copy is the saved text (nothing unsaved) and nothing changed since. */
  private clean = false;
  /** The revision the browser's copy names (with `unkept` empty, nothing to write). */
  private keptRevision: number | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  /** A newer revision from elsewhere, to be merged in before the next save. */
  private theirs: Draft | null = null;
  private status: SaveStatus = 'saved';
  private stopped = false;
  private readonly delay: number;
  private readonly retry: number;

  constructor(
    draft: Pick<Draft, 'body' | 'revision'>,
    private readonly options: AutosaveOptions,
  ) {
    this.source = draft.body;
    this.baseRevision = draft.revision;
    this.baseText = draft.body;
    this.delay = options.delayMs ?? 800;
    this.retry = options.retryMs ?? 5000;
  }

  /**
   * Starts from a copy kept in the browser: the text becomes the editor's and is saved on the
   * revision it was written on. Answers the text the editor should show.
   */
  resume(copy: LocalCopy, server: Draft): string {
    if (copy.text === server.body) {
      void this.forget();
      return server.body;
    }
    this.source = copy.text;
    // The browser holds this text: the next changes go on top of it.
    this.unkept = [];
    this.clean = false;
    if (copy.baseRevision === server.revision) {
      this.baseRevision = server.revision;
      this.baseText = server.body;
      this.schedule(0);
    } else {
      // Written on an older revision: the server moved on meanwhile; the writer decides.
      this.setStatus('conflict');
      this.options.onConflict({ mine: copy.text, base: undefined, theirs: server });
    }
    return copy.text;
  }

  get current(): string {
    return this.text;
  }

  private get text(): string {
    if (typeof this.source !== 'string') this.source = this.source();
    return this.source;
  }

  /** The server's revision the saved text is at (what a publish names). */
  get revision(): number {
    return this.baseRevision;
  }

  get pending(): boolean {
    return this.text !== this.baseText;
  }

  /**
   * Opening with nothing kept in the browser: keeps the saved text there as the base for the
   * changes to come, so that the first keystrokes write only themselves (call it when the page is
   * idle; a change made before then writes the whole text, as without it).
   */
  keepSaved(): void {
    if (this.stopped || !this.options.store.append || this.unkept !== null || typeof this.source !== 'string' || this.source !== this.baseText) return;
    void this.forget();
  }

  /**
   * A change in the editor: kept at once, saved after a quiet moment. The editor may hand over
   * a reader instead of the text (a long draft's text is then made once per save or copy, not
   * once per keystroke); it is called at most once, and only if the text is needed. `edits`:
   * the change as replacements, each on the text after the one before (the browser's copy then
   * keeps only them); without them the copy is the whole text.
   */
  change(text: string | (() => string), edits?: readonly TextEdit[]): void {
    if (typeof text === 'string' && text === this.text) return;
    this.source = text;
    this.clean = false;
    if (this.unkept && edits) this.unkept.push(...edits);
    else this.unkept = null;
    void this.keep();
    if (this.status === 'conflict') return;
    if (this.status === 'saved' || this.status === 'error') this.setStatus(this.options.isOnline() ? 'saving' : 'offline');
    this.schedule(this.delay);
  }

  /** Save now (leaving the page, the network coming back). */
  flush(): Promise<void> {
    this.cancelSave();
    return this.run();
  }

  /**
   * After a conflict: continue from the server's draft `theirs` with `text` (a merge, theirs,
   * or mine written over theirs); it is saved on their revision.
   */
  adopt(theirs: Draft, text: string): void {
    if (this.theirs && this.theirs.revision <= theirs.revision) this.theirs = null;
    this.baseRevision = theirs.revision;
    this.baseText = theirs.body;
    this.source = text;
    this.unkept = null;
    this.clean = false;
    this.setStatus('saving');
    void this.keep();
    this.schedule(0);
  }

  /**
   * The server has `draft` (another tab saved it, or a check found it): when newer than this tab's
   * revision, it is merged with what the writer has typed since (the status is not 'Saved' until then).
   */
  heard(draft: Draft): void {
    if (this.stopped || draft.revision <= this.baseRevision || (this.theirs && this.theirs.revision >= draft.revision)) return;
    this.theirs = draft;
    if (this.status === 'conflict') return;
    if (this.status === 'saved' || this.status === 'error') this.setStatus(this.options.isOnline() ? 'saving' : 'offline');
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.cancelSave();
    this.cancelKeep();
    // Whatever the server does not have yet stays in the browser.
    if (this.pending) void this.copy();
  }

  /**
   * Keeps the text in the browser. Offline every change is written at once (writes never pile
   * up: the store writes the newest after the one under way); online, where the save follows
   * within a second, at most every `KEEP_MS`, so a long draft is not copied on every keystroke.
   */
  private keep(): Promise<void> {
    const write = () => this.copy();
    if (!this.options.isOnline()) return write();
    if (Date.now() - this.keptAt >= KEEP_MS) {
      this.keptAt = Date.now();
      return write();
    }
    // A copy already due takes this change too: one timer per 300 ms, not one per keystroke.
    if (this.keepTimer !== undefined) return Promise.resolve();
    this.keepTimer = setTimeout(() => {
      this.keepTimer = undefined;
      this.keptAt = Date.now();
      void write();
    }, this.keptAt + KEEP_MS - Date.now());
    return Promise.resolve();
  }

  /**
   * Writes the browser's copy: the changes since the last copy when it holds the text they
   * apply to, else the whole text. A store that could not add them gets the whole text.
   */
  private copy(): Promise<void> {
    const { store } = this.options;
    if (this.unkept && store.append && this.appends < MAX_APPENDS) {
      if (this.unkept.length === 0 && this.keptRevision === this.baseRevision) return Promise.resolve();
      const edits = this.unkept;
      this.keptRevision = this.baseRevision;
      this.unkept = [];
      this.appends++;
      return store.append(edits, this.baseRevision).then(
        (kept) => (kept ? undefined : this.copyWhole()),
        () => this.copyWhole(),
      );
    }
    return this.copyWhole();
  }

  private copyWhole(): Promise<void> {
    this.unkept = [];
    this.appends = 0;
    this.keptRevision = this.baseRevision;
    return this.options.store.set({ text: this.text, baseRevision: this.baseRevision }).catch(() => {
      this.unkept = null;
    });
  }

  /**
   * The server has the text: nothing unsaved stays in the browser. A store that keeps changes
   * keeps the saved text as their base (written once per save, not per keystroke).
   */
  private forget(): Promise<void> {
    this.cancelKeep();
    const { store } = this.options;
    if (!store.append) return store.remove().catch(() => undefined);
    if (this.clean) return Promise.resolve();
    this.unkept = [];
    this.appends = 0;
    this.keptRevision = this.baseRevision;
    this.clean = true;
    return store.remove({ text: this.baseText ?? this.text, baseRevision: this.baseRevision }).catch(() => {
      this.unkept = null;
      this.clean = false;
    });
  }

  /**
   * Saves `ms` from now. While typing, each keystroke only moves the time the save is due: the
   * timer, when it fires early, waits the rest (clearing and setting a timer on every keystroke
   * cost a few tenths of a millisecond each; tools/bench/README.md, drafts editor).
   */
  private schedule(ms: number): void {
    if (this.stopped) return;
    this.dueAt = Date.now() + ms;
    if (this.timer !== undefined && this.timerAt <= this.dueAt) return;
    this.cancelSave();
    this.arm(ms);
  }

  private arm(ms: number): void {
    this.timerAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      const left = this.dueAt - Date.now();
      if (left > 0) this.arm(left);
      else void this.run();
    }, ms);
  }

  private cancelSave(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  private cancelKeep(): void {
    if (this.keepTimer === undefined) return;
    clearTimeout(this.keepTimer);
    this.keepTimer = undefined;
  }

  private setStatus(status: SaveStatus, message?: string): void {
    this.status = status;
    this.options.onStatus(status, message);
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.attempt().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.run();
      }
    });
    return this.running;
  }

  private async attempt(): Promise<void> {
    if (this.status === 'conflict') return;
    if (!(await this.takeIn())) return;
    const sent = this.text;
    if (sent === this.baseText) {
      this.setStatus('saved');
      await this.forget();
      return;
    }
    if (!this.options.isOnline()) {
      this.setStatus('offline');
      // A pause while offline: a long log of changes becomes one whole text again.
      if (this.appends >= MAX_APPENDS / 4) {
        this.unkept = null;
        await this.copy();
      }
      return;
    }
    this.setStatus('saving');
    const change = this.baseText === undefined ? { body: sent } : { edit: editBetween(this.baseText, sent) };
    try {
      const saved = await this.options.save(this.baseRevision, change);
      this.baseRevision = saved.revision;
      this.baseText = sent;
      this.options.onSaved?.(saved);
      await this.landed(sent, this.delay);
    } catch (error) {
      if ((error as { status?: number }).status === 409) return this.stale(sent);
      if (isNetworkFailure(error)) {
        this.setStatus('offline');
        this.schedule(this.retry);
        return;
      }
      this.setStatus('error', (error as Error).message);
    }
  }

  /**
   * `sent` is saved: 'Saved' when it is still the editor's text and no newer revision waits to be
   * merged in; otherwise the next save (in `ms`, at once for a merge) follows.
   */
  private async landed(sent: string, ms: number): Promise<void> {
    const done = () => this.text === sent && !this.theirs;
    if (done()) {
      await this.forget();
      // Typing, or another tab's save, while the browser's copy was let go: not 'Saved' yet.
      if (done()) {
        this.setStatus('saved');
        return;
      }
    }
    if (this.text !== sent) await this.keep();
    this.schedule(this.theirs ? 0 : ms);
  }

  /**
   * Merges the newer revision heard of (`theirs`) with the writer's text: the merge becomes the
   * editor's text, written on their revision (saved next when it differs from theirs). Answers
   * false when the two changed the same lines: the writer is asked (status 'conflict').
   */
  private async takeIn(): Promise<boolean> {
    for (;;) {
      const theirs = this.theirs;
      if (!theirs) return true;
      if (theirs.revision <= this.baseRevision) {
        this.theirs = null;
        return true;
      }
      const mine = this.text;
      const merged = await mergeTexts(this.baseText, mine, theirs.body);
      // Typed meanwhile, or a newer revision came: merge again with what is there now.
      if (this.text !== mine || this.theirs !== theirs) continue;
      this.theirs = null;
      if (merged === null) {
        this.setStatus('conflict');
        this.options.onConflict({ mine, base: this.baseText, theirs });
        return false;
      }
      this.baseRevision = theirs.revision;
      this.baseText = theirs.body;
      if (merged.text !== mine) {
        this.source = merged.text;
        this.unkept = null;
        this.clean = false;
        this.options.onText(merged.text, merged.edits);
        void this.keep();
      }
      return true;
    }
  }

  /** A 409: the save may have landed before its answer was lost; otherwise someone else saved. */
  private async stale(sent: string): Promise<void> {
    let theirs: Draft;
    try {
      theirs = await this.options.load();
    } catch {
      this.setStatus('offline');
      this.schedule(this.retry);
      return;
    }
    if (theirs.body === sent) {
      this.baseRevision = theirs.revision;
      this.baseText = sent;
      this.options.onSaved?.(theirs);
      await this.landed(sent, 0);
      return;
    }
    // Saved elsewhere meanwhile: merged in, then saved on their revision (or the writer is asked).
    if (!this.theirs || this.theirs.revision < theirs.revision) this.theirs = theirs;
    if (await this.takeIn()) this.schedule(0);
  }
}

/**
 * Autosave's change path run once on a throw-away copy (the editor's warm-up after opening, see
 * `warmTypingPath`): a copy of autosave over `store` (memory, never the draft's) takes the change
 * as the page's would, keeping it in its store, then stops before any save is due. Nothing is
 * sent, no status reaches the page, the page's autosave is not touched.
 */
export function warmChangePath(read: () => string, edits: readonly TextEdit[], store: LocalStore): Promise<void> {
  const text = read();
  const never = () => Promise.reject(new Error('the warm-up saves nothing'));
  const copy = new Autosave(
    { body: text, revision: 0 },
    { save: never, load: never, store, isOnline: () => true, onStatus: () => undefined, onConflict: () => undefined, onText: () => undefined },
  );
  copy.keepSaved();
  copy.change(() => text, edits);
  copy.stop();
  return store.get().then(() => undefined);
}
