/**
 * @jest-environment node
 */
// The stream parts (ReadableStream, TextDecoderStream) are Node's own here; jsdom has neither.
import { ApiError } from '@vox/api-client';
import { LIVE_TIMING, type LiveEvent, type LivePerson } from '@vox/contract/live';
import { reconnectDelay } from './backoff';
import { connectLive, type LiveStatus } from './live-connection';
import { peopleHere, recordingByLine } from './presence';
import { createSseParser, type SseEvent } from './sse';

const person = (id: string, name: string, role: string | null, recordingLineId: string | null = null): LivePerson => ({
  user: { id, handle: null, name, photo: null },
  role,
  recordingLineId,
});

describe('server-sent event parsing', () => {
  it('joins data lines, keeps ids, skips comments, and survives chunks cut anywhere (LF and CRLF)', () => {
    const seen: SseEvent[] = [];
    const parser = createSseParser((e) => seen.push(e));
    const text = ': ping\n\nid: 1\nevent: hello\ndata: {"type":"hello",\ndata: "connectionId":"c1"}\n\nid: 2\r\nevent: changed\r\ndata: {"type":"changed"}\r\n\r\n';
    for (const ch of text) parser.push(ch);
    expect(seen).toEqual([
      { id: '1', event: 'hello', data: '{"type":"hello",\n"connectionId":"c1"}' },
      { id: '2', event: 'changed', data: '{"type":"changed"}' },
    ]);
    expect(parser.lastEventId).toBe('2');
  });
});

describe('presence', () => {
  const list = [person('u1', 'Ada', 'JACK'), person('u2', 'Grace', 'MAYA', 'l4'), person('u3', 'Sam', null, 'l4')];

  it('shows the last list until it is older than the presence TTL, then nobody', () => {
    const snapshot = { people: list, receivedAt: 1_000_000 };
    expect(peopleHere(snapshot, 1_000_000)).toBe(list);
    expect(peopleHere(snapshot, 1_000_000 + LIVE_TIMING.presenceTtlMs)).toBe(list);
    expect(peopleHere(snapshot, 1_000_001 + LIVE_TIMING.presenceTtlMs)).toEqual([]);
    expect(peopleHere(null, 0)).toEqual([]);
  });

  it('maps lines to the others recording them (never me)', () => {
    const map = recordingByLine(list, 'u3');
    expect([...map.keys()]).toEqual(['l4']);
    expect(map.get('l4')?.map((p) => p.user.name)).toEqual(['Grace']);
    expect(recordingByLine(list, 'u1').get('l4')?.map((p) => p.user.name)).toEqual(['Grace', 'Sam']);
  });
});

describe('reconnect back-off', () => {
  it('doubles from the first wait up to the ceiling, jittered to 50-100 %', () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(20, () => 1)).toBe(LIVE_TIMING.retryMaxMs);
    expect(reconnectDelay(20, () => 0)).toBe(LIVE_TIMING.retryMaxMs / 2);
  });
});

/** A stream response whose body the test writes into. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: { ok: true, status: 200, body } as unknown as Response,
    send: (event: LiveEvent) => controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network error')),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  if (!check()) throw new Error('condition not met');
}

describe('the live connection', () => {
  function harness(answers: Array<() => Promise<Response>>) {
    const statuses: LiveStatus[] = [];
    const events: LiveEvent[] = [];
    const sleeps: number[] = [];
    let reconnected = 0;
    let opened = 0;
    const connection = connectLive({
      open: () => {
        const next = answers[opened++];
        return next ? next() : new Promise<Response>(() => undefined);
      },
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      onReconnected: () => reconnected++,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 1,
    });
    return { statuses, events, sleeps, connection, opened: () => opened, reconnected: () => reconnected };
  }

  it('reconnects after drops with growing waits, resets them once live, and refetches on every reconnect', async () => {
    const first = streamResponse();
    const third = streamResponse();
    const h = harness([
      async () => first.response,
      () => Promise.reject(new ApiError(0, 'offline')),
      async () => third.response,
    ]);
    await until(() => h.statuses.some((s) => s.state === 'live'));
    first.send({ type: 'hello', connectionId: 'c1' });
    await until(() => h.events.length === 1);
    expect(h.reconnected()).toBe(0);
    first.fail();
    await until(() => h.opened() === 3);
    await until(() => h.reconnected() === 1);
    // Two waits: 500 ms after the drop, 1000 ms after the failed attempt.
    expect(h.sleeps).toEqual([500, 1000]);
    expect(h.statuses.filter((s) => s.state === 'retrying')).toEqual([
      { state: 'retrying', attempt: 1, inMs: 500 },
      { state: 'retrying', attempt: 2, inMs: 1000 },
    ]);
    third.end();
    await until(() => h.sleeps.length === 3);
    // Live again in between: the wait starts over.
    expect(h.sleeps[2]).toBe(500);
    h.connection.close();
  });

  it('reconnects at once when the server asks, and never after revoked', async () => {
    const first = streamResponse();
    const second = streamResponse();
    const h = harness([async () => first.response, async () => second.response]);
    await until(() => h.statuses.some((s) => s.state === 'live'));
    first.send({ type: 'reconnect' });
    first.end();
    await until(() => h.opened() === 2);
    expect(h.sleeps).toEqual([]);
    await until(() => h.reconnected() === 1);
    second.send({ type: 'revoked', message: 'The link you joined with was revoked, so this read is no longer live for you.' });
    await until(() => h.statuses.at(-1)?.state === 'closed');
    expect(h.statuses.at(-1)).toEqual({ state: 'closed', reason: 'revoked', message: 'The link you joined with was revoked, so this read is no longer live for you.' });
    await flush();
    expect(h.opened()).toBe(2);
    expect(h.events).toEqual([]);
  });

  it('stops on 403 (revoked) and 404 (not a participant) without retrying', async () => {
    const revoked = harness([() => Promise.reject(new ApiError(403, 'The link you joined with was revoked, so this read is no longer live for you.'))]);
    await until(() => revoked.statuses.at(-1)?.state === 'closed');
    expect(revoked.statuses.at(-1)).toMatchObject({ reason: 'revoked' });
    const stranger = harness([() => Promise.reject(new ApiError(404, 'This reading session was not found.'))]);
    await until(() => stranger.statuses.at(-1)?.state === 'closed');
    expect(stranger.statuses.at(-1)).toEqual({ state: 'closed', reason: 'refused', message: 'This reading session was not found.' });
    await flush();
    expect([revoked.opened(), stranger.opened()]).toEqual([1, 1]);
  });

  it('treats a silent stream (no heartbeat) as dropped', async () => {
    const silent = streamResponse();
    const statuses: LiveStatus[] = [];
    let opened = 0;
    const connection = connectLive({
      open: async () => (opened++ === 0 ? silent.response : new Promise<Response>(() => undefined)),
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      onReconnected: () => undefined,
      sleep: async () => undefined,
      silenceMs: 30,
    });
    await until(() => opened === 2);
    expect(statuses.map((s) => s.state)).toEqual(['connecting', 'live', 'retrying', 'connecting']);
    connection.close();
  });
});
