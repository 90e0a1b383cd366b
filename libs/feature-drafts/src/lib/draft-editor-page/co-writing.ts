import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import type { Draft, DraftLiveEvent } from '@vox/contract';

/**
 * The editor's side of co-writing (docs/drafts.md): the draft's shared document (Yjs), kept in
 * the browser, sent to the server and kept in step with everyone else's over the draft's stream.
 *
 * - Every change made here is an update: queued, sent a moment later (several keystrokes make one
 *   POST), and kept in the browser (`DocStore`) with the whole document, so an offline reload
 *   still shows it and sends it once the network is back.
 * - The stream (server-sent events over fetch) brings the whole document first (`sync`): what
 *   this browser holds that the server lacks (typed offline, or by a tab that closed before its
 *   send) is sent at once. Then it brings the others' changes and cursors.
 * - Two places that typed apart merge as Yjs merges (each character keeps its place between its
 *   neighbours), so no line is lost or joined, and nobody is asked to choose.
 *
 * 'Saved' means the server has every change made here.
 */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

/** The name of the document's text (the server derives the draft's Fountain from it). */
const DOC_TEXT = 'fountain';

/** Where the browser keeps the document (IndexedDB in the page; memory in the tests). */
export interface DocStore {
  get(): Promise<Uint8Array | undefined>;
  set(state: Uint8Array): Promise<void>;
}

interface CoWritingTransport {
  send(update: string, connectionId: string | undefined): Promise<{ revision: number }>;
  sendAwareness(update: string, connectionId: string): Promise<unknown>;
  /** Opens the stream; throws an error with `status` when refused. */
  open(signal: AbortSignal): Promise<Response>;
}

interface CoWritingOptions {
  transport: CoWritingTransport;
  /** Who I am to the others: the name on my cursor, and my place among the draft's writers (its colour). */
  me: { name: string; seat: number };
  store: DocStore;
  isOnline(): boolean;
  onStatus(status: SaveStatus, message?: string): void;
  /** My access ended (removed, or refused): the stream stays closed. */
  onClosed(message: string): void;
  /** How long changes wait to be sent together. */
  sendMs?: number;
  retryMs?: number;
}

const toBase64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** An update with nothing in it (no items, no deletions) is these two bytes. */
const isEmpty = (update: Uint8Array) => update.length <= 2;

const isNetworkFailure = (error: unknown): boolean => {
  const status = (error as { status?: unknown })?.status;
  return typeof status !== 'number' || status === 0 || status === 502 || status === 503 || status === 504;
};

/** How long the stream may stay silent (the server writes every 15 s) before it counts as dropped. */
const SILENCE_MS = 37_500;
/** How often the browser's copy is written while typing. */
const KEEP_MS = 300;

export class CoWriting {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText(DOC_TEXT);
  readonly awareness = new Awareness(this.doc);
  /** The editor's undo: my own changes only, never a co-writer's. */
  readonly undoManager = new Y.UndoManager(this.text);
  /** The server's revision after my last change landed (what a publish names). */
  revision: number;
  private pending: Uint8Array[] = [];
  private sending: Promise<void> | null = null;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private keepTimer: ReturnType<typeof setTimeout> | undefined;
  private connectionId: string | undefined;
  private status: SaveStatus = 'saved';
  private readonly stop = new AbortController();
  private reconnectNow: (() => void) | null = null;
  private awarenessTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly sendMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly draft: Draft,
    private readonly options: CoWritingOptions,
  ) {
    this.revision = draft.revision;
    this.sendMs = options.sendMs ?? 40;
    this.retryMs = options.retryMs ?? 5000;
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      this.keep();
      if (origin === 'remote') return;
      this.pending.push(update);
      this.schedule(this.sendMs);
    });
    this.awareness.setLocalStateField('user', { name: options.me.name, color: CURSOR_COLORS[options.me.seat % CURSOR_COLORS.length] });
    this.awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      // Someone new in the draft: the server keeps no cursors, so each one here tells them where it is.
      if (origin === 'remote' ? added.length > 0 : [...added, ...updated, ...removed].includes(this.doc.clientID)) this.shareCursor();
    });
  }

  /**
   * The document as this browser and the server (the draft as fetched, perhaps from the offline
   * cache) hold it; what this browser holds beyond the server's is queued to be sent.
   */
  async open(): Promise<void> {
    const kept = await this.options.store.get().catch(() => undefined);
    if (kept) Y.applyUpdate(this.doc, kept, 'remote');
    if (this.draft.doc) {
      const server = fromBase64(this.draft.doc);
      Y.applyUpdate(this.doc, server, 'remote');
      this.queueMissing(server);
    }
    if (this.pending.length > 0) this.schedule(0);
  }

  get current(): string {
    return this.text.toString();
  }

  get unsaved(): boolean {
    return this.pending.length > 0;
  }

  /** Starts the stream; it reconnects by itself until `close`. */
  connect(): void {
    void this.run();
  }

  /** Send now (the network is back, the page is hidden). */
  flush(): Promise<void> {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    return this.send();
  }

  /** The network is back: changes are sent and the stream is opened at once. */
  online(): void {
    void this.flush();
    this.reconnectNow?.();
  }

  offline(): void {
    if (this.pending.length > 0) this.setStatus('offline');
  }

  close(): void {
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    void this.persist();
    void this.flush().finally(() => {
      this.stop.abort();
      clearTimeout(this.sendTimer);
      clearTimeout(this.awarenessTimer);
      this.awareness.destroy();
      this.undoManager.destroy();
    });
  }

  /** What this document holds that `server` (a whole document) lacks is queued to be sent. */
  private queueMissing(server: Uint8Array): void {
    const missing = Y.encodeStateAsUpdate(this.doc, Y.encodeStateVectorFromUpdate(server));
    if (!isEmpty(missing)) {
      this.pending.push(missing);
      this.schedule(0);
    }
  }

  /** The browser's copy now (the page is going away). */
  persist(): Promise<void> {
    clearTimeout(this.keepTimer);
    this.keepTimer = undefined;
    return this.write();
  }

  /**
   * Keeps the document in the browser: offline at every change (a reload or a closed tab must
   * find all of it), online at most every KEEP_MS (the server has it a moment later anyway).
   */
  private keep(): void {
    if (!this.options.isOnline()) {
      void this.persist();
      return;
    }
    if (this.keepTimer !== undefined) return;
    this.keepTimer = setTimeout(() => {
      this.keepTimer = undefined;
      void this.write();
    }, KEEP_MS);
  }

  private writing: Promise<void> | null = null;
  private writeAgain = false;

  /** One write at a time; changes made meanwhile are written right after (the newest state, once). */
  private write(): Promise<void> {
    if (this.writing) {
      this.writeAgain = true;
      return this.writing;
    }
    this.writing = this.options.store
      .set(Y.encodeStateAsUpdate(this.doc))
      .catch(() => undefined)
      .finally(() => {
        this.writing = null;
        if (this.writeAgain) {
          this.writeAgain = false;
          void this.write();
        }
      });
    return this.writing;
  }

  private schedule(ms: number): void {
    if (this.stop.signal.aborted) return;
    if (this.status === 'saved' || this.status === 'error') this.setStatus(this.options.isOnline() ? 'saving' : 'offline');
    if (this.sendTimer !== undefined) return;
    this.sendTimer = setTimeout(() => {
      this.sendTimer = undefined;
      void this.send();
    }, ms);
  }

  private send(): Promise<void> {
    if (this.sending) return this.sending.then(() => (this.pending.length > 0 ? this.send() : undefined));
    if (this.pending.length === 0) return Promise.resolve();
    if (!this.options.isOnline()) {
      this.setStatus('offline');
      return Promise.resolve();
    }
    const count = this.pending.length;
    const update = count === 1 ? this.pending[0] : Y.mergeUpdates(this.pending.slice(0, count));
    this.sending = this.options.transport
      .send(toBase64(update), this.connectionId)
      .then(
        (saved) => {
          this.revision = saved.revision;
          this.pending.splice(0, count);
          if (this.pending.length === 0) this.setStatus('saved');
          else this.schedule(0);
        },
        (error: unknown) => {
          if (isNetworkFailure(error)) {
            this.setStatus('offline');
            clearTimeout(this.sendTimer);
            this.sendTimer = setTimeout(() => {
              this.sendTimer = undefined;
              void this.send();
            }, this.retryMs);
            return;
          }
          this.setStatus('error', (error as Error).message);
        },
      )
      .finally(() => {
        this.sending = null;
      });
    return this.sending;
  }

  private setStatus(status: SaveStatus, message?: string): void {
    if (status === this.status && !message) return;
    this.status = status;
    this.options.onStatus(status, message);
  }

  /** My cursor to the others, at most every 50 ms. */
  private shareCursor(): void {
    if (this.awarenessTimer !== undefined) return;
    this.awarenessTimer = setTimeout(() => {
      this.awarenessTimer = undefined;
      const id = this.connectionId;
      if (!id || !this.options.isOnline()) return;
      const update = encodeAwarenessUpdate(this.awareness, [this.doc.clientID]);
      void this.options.transport.sendAwareness(toBase64(update), id).catch(() => undefined);
    }, 50);
  }

  private onEvent(event: DraftLiveEvent): void {
    switch (event.type) {
      case 'hello':
        this.connectionId = event.connectionId;
        break;
      case 'sync': {
        const server = fromBase64(event.update);
        Y.applyUpdate(this.doc, server, 'remote');
        this.queueMissing(server);
        // Everyone here learns where I am.
        if (this.awareness.getLocalState() !== null) this.shareCursor();
        break;
      }
      case 'update':
        Y.applyUpdate(this.doc, fromBase64(event.update), 'remote');
        break;
      case 'awareness':
        applyAwarenessUpdate(this.awareness, fromBase64(event.update), 'remote');
        break;
      default:
        break;
    }
  }

  /** Keeps the stream open: back-off after a drop (0.5 s doubling to 30 s), none after `revoked` or a refusal. */
  private async run(): Promise<void> {
    let attempt = 0;
    const stop = this.stop.signal;
    while (!stop.aborted) {
      const current = new AbortController();
      const abortCurrent = () => current.abort();
      stop.addEventListener('abort', abortCurrent, { once: true });
      let again = false;
      let closedFor: string | null = null;
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      try {
        if (!this.options.isOnline()) throw Object.assign(new Error('offline'), { status: 0 });
        const response = await this.options.transport.open(current.signal);
        if (!response.body) throw Object.assign(new Error('The stream sent nothing.'), { status: 0 });
        attempt = 0;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const watch = () => {
          clearTimeout(watchdog);
          watchdog = setTimeout(() => {
            abortCurrent();
            void reader.cancel().catch(() => undefined);
          }, SILENCE_MS);
        };
        watch();
        const parser = sseData((data) => {
          let event: DraftLiveEvent;
          try {
            event = JSON.parse(data) as DraftLiveEvent;
          } catch {
            return;
          }
          if (event.type === 'revoked') closedFor = event.message;
          else if (event.type === 'reconnect') again = true;
          else this.onEvent(event);
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          watch();
          parser(value);
          if (closedFor !== null) break;
        }
      } catch (error) {
        if (stop.aborted) return;
        const status = (error as { status?: unknown }).status;
        if (status === 401 || status === 403 || status === 404) closedFor = (error as Error).message;
      } finally {
        clearTimeout(watchdog);
        stop.removeEventListener('abort', abortCurrent);
        current.abort();
        this.connectionId = undefined;
        // Whoever was here is no longer known to be: their cursors go until the next sync.
        removeAwarenessStates(
          this.awareness,
          [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID),
          'remote',
        );
      }
      if (closedFor !== null) {
        this.stop.abort();
        this.options.onClosed(closedFor);
        return;
      }
      if (stop.aborted) return;
      if (again) continue;
      const wait = Math.min(30_000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt++;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.reconnectNow = done;
        stop.addEventListener('abort', done, { once: true });
      });
      this.reconnectNow = null;
    }
  }
}

/**
 * The `data` of each server-sent event (the co-writing stream sends one `data:` line per event):
 * chunks may split anywhere; comments and other fields are skipped.
 */
export function sseData(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, cut).replace(/\r$/, '');
      buffer = buffer.slice(cut + 1);
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(line[5] === ' ' ? 6 : 5));
    }
  };
}

/**
 * Colours for the cursors: dark enough for white names on them (4.5:1 or more), told apart from
 * each other and from the editor's own purple. Each writer's is their place in the draft (the
 * owner first, then in the order invited), so eight people in a draft never share one.
 */
const CURSOR_COLORS = ['#0b6e4f', '#b42318', '#1d4ed8', '#8a4b00', '#6d28d9', '#0e7490', '#a21caf', '#374151'] as const;
