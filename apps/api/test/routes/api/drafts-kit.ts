import * as Y from 'yjs';
import type { DraftLiveEvent } from '@vox/contract';
import { bearer, type TestUser } from '../../helper';

/** Co-writing a draft over real HTTP (docs/drafts.md): its stream, and an editor's copy of its document. */

export const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64');
export const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export interface Stream {
  status: number;
  body: unknown;
  events: DraftLiveEvent[];
  waitFor<T extends DraftLiveEvent['type']>(type: T, match?: (e: Extract<DraftLiveEvent, { type: T }>) => boolean, ms?: number): Promise<Extract<DraftLiveEvent, { type: T }>>;
  ended: Promise<void>;
  close(): void;
}

/** GET /api/drafts/{id}/live, read as the browser's fetch reads it. */
export async function openStream(base: string, user: Pick<TestUser, 'token'>, draftId: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/drafts/${draftId}/live`, { headers: bearer(user), signal: abort.signal });
  const events: DraftLiveEvent[] = [];
  if (!res.ok || !res.body) return { status: res.status, body: await res.json(), events, waitFor: () => Promise.reject(new Error('refused')), ended: Promise.resolve(), close: () => undefined };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, cut)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(cut + 2);
          if (data) events.push(JSON.parse(data) as DraftLiveEvent);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    body: null,
    events,
    async waitFor(type, match = () => true, ms = 3000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = events.find((e) => e.type === type && match(e as never));
        if (hit) return hit as never;
        if (Date.now() > deadline) throw new Error(`no ${type} event within ${ms} ms; got ${JSON.stringify(events).slice(0, 500)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    ended,
    close: () => abort.abort(),
  };
}

/** An editor's copy of the draft: the document the server sent, and the changes typed in it. */
export function editorOf(state: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, bytes(state));
  const text = doc.getText('fountain');
  return {
    doc,
    text,
    /** Types `insert` at `at`: answers the change as the editor sends it. */
    type(at: number, insert: string): string {
      const before = Y.encodeStateVector(doc);
      text.insert(at, insert);
      return b64(Y.encodeStateAsUpdate(doc, before));
    },
  };
}

