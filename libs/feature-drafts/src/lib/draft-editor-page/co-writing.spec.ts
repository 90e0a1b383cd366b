/**
 * @jest-environment node
 */
// The stream parts (ReadableStream, TextDecoderStream, Response) are Node's own here; jsdom has none of them.
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import type { Draft, DraftLiveEvent } from '@vox/contract';
import { CoWriting, sseData, type SaveStatus } from './co-writing';
import { memoryDocStore } from './doc-store';

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The server's side: its document, the changes it took, and the stream it answers with. */
function fakeServer(text: string) {
  const doc = new Y.Doc();
  doc.clientID = 0;
  doc.getText('fountain').insert(0, text);
  let revision = 1;
  let online = true;
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  const emit = (event: DraftLiveEvent) => streams.forEach((c) => c.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)));
  const server = {
    doc,
    sent: [] as string[],
    awareness: [] as string[],
    setOnline: (value: boolean) => (online = value),
    draft: (): Draft => ({
      id: 'd1',
      title: 'Ferry',
      revision,
      wordCount: 0,
      pageEstimate: 0,
      createdAt: '',
      updatedAt: '',
      body: doc.getText('fountain').toString(),
      revisionColor: { index: 0, name: 'White', startedAt: null },
      revisionBase: null,
      doc: b64(Y.encodeStateAsUpdate(doc)),
    }),
    emit,
    transport: {
      send: async (update: string) => {
        if (!online) throw Object.assign(new Error('Failed to fetch'), { status: 0 });
        server.sent.push(update);
        Y.applyUpdate(doc, bytes(update));
        return { revision: ++revision };
      },
      sendAwareness: async (update: string) => void server.awareness.push(update),
      open: async () => {
        if (!online) throw Object.assign(new Error('Failed to fetch'), { status: 0 });
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        queueMicrotask(() => {
          emit({ type: 'hello', connectionId: 'c1' });
          emit({ type: 'sync', update: b64(Y.encodeStateAsUpdate(doc)) });
        });
        return new Response(body);
      },
    },
  };
  return server;
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function writer(server: ReturnType<typeof fakeServer>, online = () => true, store = memoryDocStore()) {
  const statuses: SaveStatus[] = [];
  const closed: string[] = [];
  const shared = new CoWriting(server.draft(), {
    transport: server.transport,
    me: { name: 'Wren', seat: 2 },
    store,
    isOnline: online,
    onStatus: (status) => statuses.push(status),
    onClosed: (message) => closed.push(message),
    sendMs: 5,
    retryMs: 50,
  });
  return { shared, statuses, closed, store };
}

describe('co-writing (the editor side)', () => {
  it('sends what is typed as document changes and says Saved once the server has them', async () => {
    const server = fakeServer('INT. DECK - NIGHT');
    const w = writer(server);
    await w.shared.open();
    w.shared.text.insert(17, '\n\nRain.');
    w.shared.text.insert(w.shared.text.length, ' Wind.');
    await until(() => w.statuses.at(-1) === 'saved');
    expect(w.statuses).toEqual(['saving', 'saved']);
    // Two keystrokes close together make one change sent.
    expect(server.sent).toHaveLength(1);
    expect(server.doc.getText('fountain').toString()).toBe('INT. DECK - NIGHT\n\nRain. Wind.');
    expect(w.shared.revision).toBe(2);
    w.shared.close();
  });

  it('keeps what was typed offline in the browser: a reload shows it, and it is sent once the network is back', async () => {
    const server = fakeServer('A\nB');
    let online = false;
    const first = writer(server, () => online);
    await first.shared.open();
    first.shared.text.insert(1, ' offline');
    await until(() => first.statuses.at(-1) === 'offline');
    first.shared.close();
    await until(() => first.store.state !== undefined);
    expect(server.sent).toEqual([]);

    // The reload: the server's draft (as the offline cache has it) and the browser's copy.
    const again = writer(server, () => online, first.store);
    await again.shared.open();
    expect(again.shared.current).toBe('A offline\nB');
    online = true;
    again.shared.online();
    await until(() => again.statuses.at(-1) === 'saved');
    expect(server.doc.getText('fountain').toString()).toBe('A offline\nB');
    again.shared.close();
  });

  it('merges two places that typed apart without losing or joining lines', async () => {
    const server = fakeServer('one\ntwo\nthree');
    let online = false;
    const a = writer(server, () => online);
    const b = writer(server, () => online);
    await Promise.all([a.shared.open(), b.shared.open()]);
    a.shared.text.insert(3, ' (a)');
    b.shared.text.insert(7, ' (b)');
    b.shared.text.insert(b.shared.text.length, '\nfour');
    online = true;
    a.shared.online();
    b.shared.online();
    a.shared.connect();
    b.shared.connect();
    await until(() => a.statuses.at(-1) === 'saved' && b.statuses.at(-1) === 'saved');
    // Each hears the other's change over the stream.
    server.emit({ type: 'update', update: b64(Y.encodeStateAsUpdate(server.doc)) });
    const both = 'one (a)\ntwo (b)\nthree\nfour';
    await until(() => a.shared.current === both && b.shared.current === both);
    expect(server.doc.getText('fountain').toString()).toBe(both);
    a.shared.close();
    b.shared.close();
  });

  it('shows the others’ cursors from the stream, shares mine, and stops for good when my access ends', async () => {
    const server = fakeServer('Hello.');
    const w = writer(server);
    await w.shared.open();
    w.shared.connect();
    // Mine goes out as soon as the stream is up: my name and colour.
    await until(() => server.awareness.length > 0);
    const sentMine = new Awareness(new Y.Doc());
    applyAwarenessUpdate(sentMine, bytes(server.awareness[0]), 'remote');
    expect(sentMine.getStates().get(w.shared.doc.clientID)).toEqual({ user: { name: 'Wren', color: '#1d4ed8' } });
    const other = new Awareness(new Y.Doc());
    other.setLocalStateField('user', { name: 'Grace', color: '#0a7d3b' });
    server.emit({ type: 'awareness', update: b64(encodeAwarenessUpdate(other, [other.clientID])) });
    await until(() => w.shared.awareness.getStates().has(other.clientID));
    expect(w.shared.awareness.getStates().get(other.clientID)).toEqual({ user: { name: 'Grace', color: '#0a7d3b' } });
    // Grace is new here: mine goes out again, so she sees me too (the server keeps no cursors).
    await until(() => server.awareness.length > 1);
    server.emit({ type: 'revoked', message: 'You no longer have access to this draft.' });
    await until(() => w.closed.length > 0);
    expect(w.closed).toEqual(['You no longer have access to this draft.']);
    other.destroy();
    sentMine.destroy();
    w.shared.close();
  });
});

describe('sseData', () => {
  it('answers each event’s data, whatever the chunks, skipping comments', () => {
    const got: string[] = [];
    const push = sseData((data) => got.push(data));
    push(': ping\n\nevent: update\ndata: {"a"');
    push(':1}\r\n\r\ndata: two\n');
    push('\n');
    expect(got).toEqual(['{"a":1}', 'two']);
  });
});
