import type { Take } from '@vox/contract';
import { TAKE_CLIENT_ID_PATTERN } from '@vox/contract/scripts';
import { newClientId } from '../client-id';
import type { PendingTake, TakeStore } from './pending-take';
import { createTakeQueue, defaultBackoff, isRetryable, type TakeQueue, type TakeUploader } from './take-queue';

/** The browser's store, as a Map; `failing` makes every write throw (private mode, full disk). */
function memoryStore(initial: PendingTake[] = [], { failing = false } = {}) {
  const map = new Map(initial.map((t) => [t.clientId, t]));
  const store: TakeStore = {
    list: async () => [...map.values()],
    get: async (clientId) => map.get(clientId),
    put: async (take) => {
      if (failing) throw new Error('QuotaExceededError');
      map.set(take.clientId, take);
    },
    remove: async (clientId) => {
      map.delete(clientId);
    },
  };
  return { store, map };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An upload the spec answers by hand, one call at a time. */
function manualUploader() {
  const calls: Array<{
    take: PendingTake;
    progress: (f: number) => void;
    signal: AbortSignal;
    resolve: (t: Take) => void;
    reject: (e: unknown) => void;
  }> = [];
  const upload: TakeUploader = (take, progress, signal) =>
    new Promise<Take>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      calls.push({ take, progress, signal, resolve, reject });
    });
  return { upload, calls };
}

/** Timers and the clock under the spec's control. */
function manualClock() {
  let time = 1_000_000;
  const timers: Array<{ at: number; run: () => void; id: number }> = [];
  let ids = 0;
  return {
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      const id = ++ids;
      timers.push({ at: time + ms, run, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms: number) {
      time += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at <= time) {
          timers.splice(timers.indexOf(timer), 1);
          timer.run();
        }
      }
    },
    pending: () => timers.length,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const serverTake = (pending: PendingTake, extra: Partial<Take> = {}): Take => ({
  id: `t-${pending.clientId}`,
  lineId: pending.lineId,
  userId: pending.userId,
  clientId: pending.clientId,
  audio: 'a'.repeat(64),
  contentType: pending.contentType,
  byteSize: 3,
  durationMs: pending.durationMs,
  picked: true,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

const recording = (clientId: string, lineId = 'l1') => ({
  clientId,
  target: { kind: 'read' as const, sessionId: 's1' },
  lineId,
  audio: new Blob(['abc'], { type: 'audio/webm' }),
  contentType: 'audio/webm',
  durationMs: 1500,
});

const stored = (clientId: string, userId = 'u1', createdAt = '2026-11-21T09:00:00.000Z', error: string | null = null): PendingTake => ({
  ...recording(clientId),
  userId,
  createdAt,
  error,
});

function setup({ initial = [] as PendingTake[], online = { value: true }, failingStore = false } = {}) {
  const { store, map } = memoryStore(initial, { failing: failingStore });
  const server = manualUploader();
  const clock = manualClock();
  const queue: TakeQueue = createTakeQueue({
    store,
    uploaders: { read: server.upload },
    isOnline: () => online.value,
    backoff: (attempt) => 1000 * attempt,
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const uploaded: string[] = [];
  queue.onUploaded((pending, take) => uploaded.push(`${pending.clientId}->${(take as Take).id}`));
  const states = () => queue.getSnapshot().map((v) => `${v.take.clientId}:${v.state}`);
  return { queue, map, server, clock, uploaded, states, online };
}

describe('take queue', () => {
  it('keeps a new take in the store before sending it, and removes it only after the server confirms', async () => {
    const { queue, map, server, uploaded, states } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    expect(map.has('take-0001')).toBe(true);
    expect(map.get('take-0001')).toMatchObject({ userId: 'u1', target: { kind: 'read', sessionId: 's1' }, lineId: 'l1', durationMs: 1500, error: null });
    expect(server.calls).toHaveLength(1);
    expect(states()).toEqual(['take-0001:uploading']);

    server.calls[0].progress(0.25);
    expect(queue.getSnapshot()[0].progress).toBe(0.25);
    server.calls[0].progress(1.5);
    expect(queue.getSnapshot()[0].progress).toBe(1);
    expect(map.has('take-0001')).toBe(true);

    server.calls[0].resolve(serverTake(server.calls[0].take));
    await flush();
    expect(map.has('take-0001')).toBe(false);
    expect(states()).toEqual([]);
    expect(uploaded).toEqual(['take-0001->t-take-0001']);
  });

  it('sends one take at a time, oldest first', async () => {
    const { queue, server, states } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    await queue.add(recording('take-0002', 'l2'));
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-0001']);
    expect(states()).toEqual(['take-0001:uploading', 'take-0002:waiting']);
    server.calls[0].resolve(serverTake(server.calls[0].take));
    await flush();
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-0001', 'take-0002']);
    expect(states()).toEqual(['take-0002:uploading']);
  });

  it('a 200 (the take had already arrived) confirms it like a 201', async () => {
    const { queue, map, server, uploaded } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    server.calls[0].resolve(serverTake(server.calls[0].take, { id: 'existing' }));
    await flush();
    expect(map.size).toBe(0);
    expect(uploaded).toEqual(['take-0001->existing']);
  });

  it('after a network failure it waits with back-off and sends the same clientId again', async () => {
    const { queue, map, server, clock, states } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    server.calls[0].reject(new HttpError(0, 'An error occurred.'));
    await flush();
    expect(states()).toEqual(['take-0001:waiting']);
    expect(queue.getSnapshot()[0].error).toBeNull();
    expect(map.has('take-0001')).toBe(true);

    clock.advance(999);
    expect(server.calls).toHaveLength(1);
    clock.advance(1);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1].take.clientId).toBe('take-0001');

    // The second failure waits twice as long.
    server.calls[1].reject(new HttpError(503, 'Service unavailable'));
    await flush();
    clock.advance(1999);
    expect(server.calls).toHaveLength(2);
    clock.advance(1);
    expect(server.calls).toHaveLength(3);
  });

  it.each([0, 401, 408, 429, 500, 503])('status %i is retried', async (status) => {
    const { queue, server, clock } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    server.calls[0].reject(new HttpError(status, 'x'));
    await flush();
    clock.advance(1000);
    expect(server.calls).toHaveLength(2);
  });

  it.each([400, 403, 404, 413, 415])("status %i is final: the server's text is shown and kept for the next visit", async (status) => {
    const { queue, map, server, clock, states } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    server.calls[0].reject(new HttpError(status, 'Claim the role of this line before you record it.'));
    await flush();
    expect(states()).toEqual(['take-0001:failed']);
    expect(queue.getSnapshot()[0].error).toBe('Claim the role of this line before you record it.');
    expect(map.get('take-0001')?.error).toBe('Claim the role of this line before you record it.');
    clock.advance(120_000);
    expect(server.calls).toHaveLength(1);
  });

  it('a refused take can be discarded (gone from the store) or retried', async () => {
    const { queue, map, server } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    await queue.add(recording('take-0002'));
    server.calls[0].reject(new HttpError(403, 'Claim the role of this line before you record it.'));
    await flush();
    server.calls[1].reject(new HttpError(403, 'Claim the role of this line before you record it.'));
    await flush();

    await queue.discard('take-0001');
    expect(map.has('take-0001')).toBe(false);
    expect(queue.getSnapshot().map((v) => v.take.clientId)).toEqual(['take-0002']);

    queue.retry('take-0002');
    expect(server.calls).toHaveLength(3);
    expect(map.get('take-0002')?.error).toBeNull();
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'uploading', error: null });
  });

  it('offline, nothing is tried until the connection is back; then waiting takes go at once', async () => {
    const online = { value: false };
    const { queue, server, clock, states } = setup({ online });
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    expect(server.calls).toHaveLength(0);
    expect(states()).toEqual(['take-0001:waiting']);
    online.value = true;
    queue.wake();
    expect(server.calls).toHaveLength(1);

    // Cut during the upload: the back-off would wait, but the `online` event sends it now.
    server.calls[0].reject(new HttpError(0, 'An error occurred.'));
    await flush();
    clock.advance(10);
    expect(server.calls).toHaveLength(1);
    queue.wake();
    expect(server.calls).toHaveLength(2);
    server.calls[1].resolve(serverTake(server.calls[1].take));
    await flush();
    expect(states()).toEqual([]);
  });

  it("after a reload it resumes the signed-in user's takes, oldest first, and leaves other users' alone", async () => {
    const initial = [
      stored('take-later', 'u1', '2026-11-21T09:05:00.000Z'),
      stored('take-other', 'u2', '2026-11-21T09:00:00.000Z'),
      stored('take-first', 'u1', '2026-11-21T09:01:00.000Z'),
      stored('take-refused', 'u1', '2026-11-21T09:02:00.000Z', 'This line is not in the script.'),
    ];
    const { queue, map, server, states } = setup({ initial });
    await queue.start('u1');
    expect(states()).toEqual(['take-first:uploading', 'take-refused:failed', 'take-later:waiting']);
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-first']);
    server.calls[0].resolve(serverTake(server.calls[0].take));
    await flush();
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-first', 'take-later']);
    server.calls[1].resolve(serverTake(server.calls[1].take));
    await flush();
    expect([...map.keys()].sort()).toEqual(['take-other', 'take-refused']);
  });

  it('signing out stops the upload under way; it stays in the store and resumes for its owner', async () => {
    const { queue, map, server, states } = setup();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    queue.stop();
    await flush();
    expect(server.calls[0].signal.aborted).toBe(true);
    expect(states()).toEqual([]);
    expect(map.has('take-0001')).toBe(true);

    await queue.start('u2');
    expect(server.calls).toHaveLength(1);
    await queue.start('u1');
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1].take.clientId).toBe('take-0001');
  });

  it('when the store cannot keep a take it is still sent from memory, and says so', async () => {
    const { queue, server } = setup({ failingStore: true });
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    expect(queue.getSnapshot()[0]).toMatchObject({ saved: false, state: 'uploading' });
    expect(server.calls).toHaveLength(1);
  });

  it('refuses to record for nobody', async () => {
    const { queue } = setup();
    await expect(queue.add(recording('take-0001'))).rejects.toThrow('Log in to record takes.');
  });

  it('sends every kind of take through the one queue, oldest first; a kind nothing can send yet waits', async () => {
    const { queue, map, server, uploaded, states } = setup();
    await queue.start('u1');
    const audition = { ...recording('take-0001', 'l7'), target: { kind: 'audition' as const, callId: 'c1', roleId: 'r1' } };
    await queue.add(audition);
    await queue.add(recording('take-0002'));
    // No audition upload yet: the read take goes, the audition take waits in the store.
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-0002']);
    server.calls[0].resolve(serverTake(server.calls[0].take));
    await flush();
    expect(states()).toEqual(['take-0001:waiting']);
    expect(map.get('take-0001')).toMatchObject({ target: { kind: 'audition', callId: 'c1', roleId: 'r1' }, lineId: 'l7' });

    const auditionCalls: string[] = [];
    queue.provideUploader('audition', async (take) => {
      auditionCalls.push(`${take.target.kind}:${take.clientId}`);
      return { lineId: take.lineId };
    });
    // The first upload given for a kind stays (a spec's queue keeps its own against the page's).
    queue.provideUploader('audition', () => Promise.reject(new Error('not this one')));
    await flush();
    expect(auditionCalls).toEqual(['audition:take-0001']);
    expect(states()).toEqual([]);
    expect(map.size).toBe(0);
    expect(uploaded).toEqual(['take-0002->t-take-0002', 'take-0001->undefined']);
  });

  it('keeps the same snapshot array until something changes', async () => {
    const { queue } = setup();
    await queue.start('u1');
    const first = queue.getSnapshot();
    expect(queue.getSnapshot()).toBe(first);
    const listener = jest.fn();
    const unsubscribe = queue.subscribe(listener);
    await queue.add(recording('take-0001'));
    expect(listener).toHaveBeenCalled();
    expect(queue.getSnapshot()).not.toBe(first);
    unsubscribe();
  });
});

/** The Web Lock the page's tabs and the offline worker share, held by hand: `hold()` until `release()`. */
function manualLock() {
  let tail: Promise<unknown> = Promise.resolve();
  const signals: AbortSignal[] = [];
  let releaseHeld: (() => void) | null = null;
  return {
    signals,
    exclusive: <T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> => {
      signals.push(signal);
      const turn = tail.then(() => {
        if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        return run();
      });
      tail = turn.catch(() => undefined);
      return turn;
    },
    /** Another sender (the worker) takes the lock now. */
    hold() {
      const held = new Promise<void>((resolve) => (releaseHeld = resolve));
      const before = tail;
      tail = before.then(() => held);
    },
    release: () => releaseHeld?.(),
  };
}

describe('take queue beside the offline worker', () => {
  function shared({ initial = [] as PendingTake[], online = { value: true } } = {}) {
    const { store, map } = memoryStore(initial);
    const server = manualUploader();
    const lock = manualLock();
    const syncs: number[] = [];
    const queue = createTakeQueue({
      store,
      uploaders: { read: server.upload },
      isOnline: () => online.value,
      backoff: () => 1000,
      exclusive: lock.exclusive,
      requestSync: () => syncs.push(1),
    });
    const uploaded: Array<[string, string | null]> = [];
    queue.onUploaded((pending, answer) => uploaded.push([pending.clientId, answer === null ? null : (answer as Take).id]));
    const states = () => queue.getSnapshot().map((v) => `${v.take.clientId}:${v.state}`);
    return { queue, map, server, lock, syncs, uploaded, states, online };
  }

  it('asks for a Background Sync when a kept take is left waiting offline, and sends it itself when back', async () => {
    const { queue, server, syncs, states, online } = shared({ online: { value: false } });
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    expect(states()).toEqual(['take-0001:waiting']);
    expect(server.calls).toHaveLength(0);
    expect(syncs.length).toBeGreaterThanOrEqual(1);
    online.value = true;
    queue.wake();
    await flush();
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-0001']);
  });

  it('asks for a Background Sync after a failure worth retrying, not after a refusal or while sending', async () => {
    const { queue, server, syncs } = shared();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    await flush();
    expect(server.calls).toHaveLength(1);
    expect(syncs).toHaveLength(0);
    server.calls[0].reject(new HttpError(404, 'Session not found.'));
    await flush();
    expect(syncs).toHaveLength(0);
    queue.retry('take-0001');
    await flush();
    expect(server.calls).toHaveLength(2);
    server.calls[1].reject(new HttpError(503, 'Service unavailable'));
    await flush();
    expect(syncs).toHaveLength(1);
    queue.stop();
  });

  it('does not send a take the worker sent while the page waited for the lock: it leaves the list with no answer', async () => {
    const { queue, map, server, lock, uploaded, states } = shared();
    await queue.start('u1');
    lock.hold();
    await queue.add(recording('take-0001'));
    await flush();
    expect(states()).toEqual(['take-0001:uploading']);
    expect(server.calls).toHaveLength(0);
    // The worker confirms it and removes it from the store, then lets go.
    map.delete('take-0001');
    lock.release();
    await flush();
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(states()).toEqual([]);
    expect(uploaded).toEqual([['take-0001', null]]);
  });

  it('shows a take the worker found refused as refused, without sending it', async () => {
    const { queue, map, server, lock, states } = shared({ initial: [stored('take-0001')] });
    lock.hold();
    await queue.start('u1');
    map.set('take-0001', stored('take-0001', 'u1', '2026-11-21T09:00:00.000Z', 'This line is not in the session.'));
    lock.release();
    await flush();
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(states()).toEqual(['take-0001:failed']);
    expect(queue.getSnapshot()[0].error).toBe('This line is not in the session.');
  });

  it('sends a take still in the store under the lock, and a second take only after the first', async () => {
    const { queue, map, server, lock, uploaded } = shared();
    await queue.start('u1');
    await queue.add(recording('take-0001'));
    await queue.add(recording('take-0002', 'l2'));
    await flush();
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-0001']);
    expect(lock.signals).toHaveLength(1);
    server.calls[0].resolve(serverTake(server.calls[0].take));
    await flush();
    await flush();
    expect(server.calls.map((c) => c.take.clientId)).toEqual(['take-0001', 'take-0002']);
    expect(map.has('take-0001')).toBe(false);
    expect(uploaded).toEqual([['take-0001', 't-take-0001']]);
  });

  it('signing out while waiting for the lock gives up its turn: nothing is sent and the take stays kept', async () => {
    const { queue, map, server, lock } = shared();
    await queue.start('u1');
    lock.hold();
    await queue.add(recording('take-0001'));
    await flush();
    queue.stop();
    expect(lock.signals[0].aborted).toBe(true);
    lock.release();
    await flush();
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(map.has('take-0001')).toBe(true);
  });
});

describe('take queue helpers', () => {
  it('client ids match the contract pattern and differ', () => {
    const pattern = new RegExp(TAKE_CLIENT_ID_PATTERN);
    const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(pattern);
    expect(newClientId((b) => b.fill(255))).toBe('_____________________w');
  });

  it('back-off doubles from about a second up to about 30 seconds', () => {
    expect(defaultBackoff(1)).toBeGreaterThanOrEqual(800);
    expect(defaultBackoff(1)).toBeLessThanOrEqual(1200);
    expect(defaultBackoff(3)).toBeGreaterThanOrEqual(3200);
    expect(defaultBackoff(3)).toBeLessThanOrEqual(4800);
    expect(defaultBackoff(20)).toBeLessThanOrEqual(36_000);
    expect(defaultBackoff(20)).toBeGreaterThanOrEqual(24_000);
  });

  it('only answers the same request may get past later are retryable', () => {
    expect([0, 401, 408, 429, 500, 502].every(isRetryable)).toBe(true);
    expect([400, 403, 404, 409, 413, 415, 422].some(isRetryable)).toBe(false);
  });
});
