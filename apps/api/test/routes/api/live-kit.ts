import type { LiveEvent } from '@vox/contract';
import { bearer, type TestUser } from '../../helper';

/** An open live stream, read as a browser's fetch would read it. */
export interface LiveClient {
  status: number;
  /** JSON error body when the stream was refused. */
  body: unknown;
  events: LiveEvent[];
  /** The first event (from `from` on) that matches, within `ms`; throws with what arrived otherwise. */
  waitFor<T extends LiveEvent['type']>(type: T, match?: (e: Extract<LiveEvent, { type: T }>) => boolean, ms?: number): Promise<Extract<LiveEvent, { type: T }>>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/sessions/{id}/live on a listening server and parses its server-sent events. */
export async function openLive(base: string, user: TestUser, sessionId: string): Promise<LiveClient> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/sessions/${sessionId}/live`, { headers: bearer(user), signal: abort.signal });
  const events: LiveEvent[] = [];
  if (!res.ok || !res.body) {
    return { status: res.status, body: await res.json(), events, waitFor: () => Promise.reject(new Error('refused')), ended: Promise.resolve(), close: () => undefined };
  }
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
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = frame
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
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
        if (Date.now() > deadline) throw new Error(`no ${type} event within ${ms} ms; got ${JSON.stringify(events)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    ended,
    close: () => abort.abort(),
  };
}
