/**
 * @jest-environment node
 */
// The worker's half of the take outbox (take-sync.js), against a Map for IndexedDB and a server
// answered by hand. Node has the worker's FormData, Blob and Response.

interface StoredTake {
  clientId: string;
  userId: string;
  target: { kind: 'read'; sessionId: string } | { kind: 'audition'; callId: string; roleId: string; auditionId?: string };
  lineId: string;
  audio: Blob;
  contentType: string;
  durationMs: number | null;
  createdAt: string;
  error?: string | null;
}
interface Call {
  method: string;
  path: string;
  authorization: string | null;
  fields: Array<[string, string]>;
}
interface TakeSyncDeps {
  store: { list(): Promise<StoredTake[]>; get(id: string): Promise<StoredTake | undefined>; put(t: StoredTake): Promise<void>; remove(id: string): Promise<void> };
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  exclusive: <T>(run: () => Promise<T>) => Promise<T>;
  keepAudio: (hash: string, audio: Blob, type: string) => Promise<void>;
  notify: (count: number) => void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createTakeSync, TAG } = require('./take-sync.js') as { TAG: string; createTakeSync: (deps: TakeSyncDeps) => { run(): Promise<void> } };

const take = (clientId: string, extra: Partial<StoredTake> = {}): StoredTake => ({
  clientId,
  userId: 'u1',
  target: { kind: 'read', sessionId: 's1' },
  lineId: 'l1',
  audio: new Blob(['abc'], { type: 'audio/webm' }),
  contentType: 'audio/webm',
  durationMs: 1499.6,
  createdAt: '2026-11-28T00:00:00.000Z',
  error: null,
  ...extra,
});

const json = (status: number, body: unknown) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(initial: StoredTake[], answer: (call: Call) => Response | Promise<Response> | 'offline', refresh: () => Response | 'offline' = () => json(200, { token: 'tok', user: { id: 'u1' } })) {
  const map = new Map(initial.map((t) => [t.clientId, t]));
  const calls: Call[] = [];
  const kept: string[] = [];
  const notified: number[] = [];
  let onLock: (() => void) | null = null;
  const deps: TakeSyncDeps = {
    store: {
      list: async () => [...map.values()],
      get: async (id) => map.get(id),
      put: async (t) => void map.set(t.clientId, t),
      remove: async (id) => void map.delete(id),
    },
    fetch: async (path, init) => {
      if (path === '/api/users/refresh-token') {
        calls.push({ method: init.method ?? 'GET', path, authorization: null, fields: [] });
        const r = refresh();
        if (r === 'offline') throw new TypeError('Failed to fetch');
        return r;
      }
      const form = init.body instanceof FormData ? init.body : null;
      const fields = form ? [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`] as [string, string]) : [];
      const call = { method: init.method ?? 'GET', path, authorization: new Headers(init.headers).get('Authorization'), fields };
      calls.push(call);
      const r = await answer(call);
      if (r === 'offline') throw new TypeError('Failed to fetch');
      return r;
    },
    exclusive: async (run) => {
      onLock?.();
      return run();
    },
    keepAudio: async (hash) => void kept.push(hash),
    notify: (count) => void notified.push(count),
  };
  const sync = createTakeSync(deps);
  return { sync, map, calls, kept, notified, whenLocked: (run: () => void) => (onLock = run) };
}

const created = (call: Call) => json(201, { id: `t-${call.fields.find(([k]) => k === 'clientId')?.[1]}`, audio: 'a'.repeat(64) });

describe('the worker sends the kept takes on a Background Sync', () => {
  it('answers the tag the pages register', () => {
    expect(TAG).toBe('vox-takes');
  });

  it("sends the member's takes oldest first with the refresh cookie's token, removes each once confirmed, keeps its audio and tells the pages", async () => {
    const later = take('take-0002', { lineId: 'l2', createdAt: '2026-11-28T00:01:00.000Z', durationMs: null });
    const { sync, map, calls, kept, notified } = setup([later, take('take-0001')], created);
    await sync.run();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/users/refresh-token', authorization: null, fields: [] },
      {
        method: 'POST',
        path: '/api/sessions/s1/takes',
        authorization: 'Bearer tok',
        fields: [
          ['lineId', 'l1'],
          ['clientId', 'take-0001'],
          ['durationMs', '1500'],
          ['audio', 'file:take-take-0001.webm'],
        ],
      },
      {
        method: 'POST',
        path: '/api/sessions/s1/takes',
        authorization: 'Bearer tok',
        fields: [
          ['lineId', 'l2'],
          ['clientId', 'take-0002'],
          ['audio', 'file:take-take-0002.webm'],
        ],
      },
    ]);
    expect(map.size).toBe(0);
    expect(kept).toEqual(['a'.repeat(64), 'a'.repeat(64)]);
    expect(notified).toEqual([2]);
  });

  it('a second sync after the first sends nothing: each take goes once', async () => {
    const { sync, calls } = setup([take('take-0001')], created);
    await sync.run();
    await sync.run();
    expect(calls.filter((c) => c.path.endsWith('/takes'))).toHaveLength(1);
  });

  it('a 200 (the server already had this clientId) confirms the take like a 201', async () => {
    const { sync, map } = setup([take('take-0001')], () => json(200, { id: 't-old', audio: 'b'.repeat(64) }));
    await sync.run();
    expect(map.size).toBe(0);
  });

  it('does not send a take a page sent while the worker waited for the lock', async () => {
    const { sync, map, calls, whenLocked, notified } = setup([take('take-0001')], created);
    whenLocked(() => map.delete('take-0001'));
    await sync.run();
    expect(calls).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('does not send a take a page sent between the worker listing it and sending it', async () => {
    const { sync, map, calls, whenLocked, notified } = setup([take('take-0001')], created);
    let turns = 0;
    whenLocked(() => (turns += 1) === 2 && map.delete('take-0001'));
    await sync.run();
    expect(calls.map((c) => c.path)).toEqual(['/api/users/refresh-token']);
    expect(notified).toEqual([]);
  });

  it('signed out (the refresh answers 401 or 204): nothing is sent and the takes stay for the page', async () => {
    for (const status of [401, 204]) {
      const { sync, map, calls } = setup([take('take-0001')], created, () => json(status, status === 204 ? null : { message: 'Please log in.' }));
      await sync.run();
      expect(calls.map((c) => c.path)).toEqual(['/api/users/refresh-token']);
      expect([...map.keys()]).toEqual(['take-0001']);
    }
  });

  it("leaves another member's takes and refused takes alone, and asks nothing when nothing waits", async () => {
    const { sync, map, calls } = setup([take('take-0001', { userId: 'u2' }), take('take-0002', { error: 'Session not found.' })], created);
    await sync.run();
    expect(calls.map((c) => c.path)).toEqual(['/api/users/refresh-token']);
    expect(map.size).toBe(2);
    const idle = setup([take('take-0002', { error: 'Session not found.' })], created);
    await idle.sync.run();
    expect(idle.calls).toEqual([]);
  });

  it('no connection or a server error: the sync fails (the browser tries again later) and the take stays as it was', async () => {
    for (const answer of ['offline', json(503, { message: 'Service unavailable' }), json(429, { message: 'Too many requests' })] as const) {
      const { sync, map, notified } = setup([take('take-0001'), take('take-0002', { createdAt: '2026-11-28T00:01:00.000Z' })], (call) =>
        call.fields.some(([k, v]) => k === 'clientId' && v === 'take-0001') ? created(call) : answer,
      );
      await expect(sync.run()).rejects.toMatchObject({ status: answer === 'offline' ? 0 : answer.status });
      expect([...map.keys()]).toEqual(['take-0002']);
      expect(map.get('take-0002')?.error).toBeNull();
      expect(notified).toEqual([1]);
    }
    const unreachable = setup([take('take-0001')], created, () => 'offline');
    await expect(unreachable.sync.run()).rejects.toMatchObject({ status: 0 });
    expect(unreachable.map.size).toBe(1);
  });

  it("a refusal is kept with the server's text, as the page keeps it, and the next take still goes", async () => {
    const { sync, map } = setup([take('take-0001'), take('take-0002', { createdAt: '2026-11-28T00:01:00.000Z' })], (call) =>
      call.fields.some(([k, v]) => k === 'clientId' && v === 'take-0001') ? json(404, { message: 'Line not found.' }) : created(call),
    );
    await sync.run();
    expect([...map.keys()]).toEqual(['take-0001']);
    expect(map.get('take-0001')?.error).toBe('Line not found.');
  });

  it("an audition's take goes to its draft, started first when the take was recorded before there was one", async () => {
    const { sync, calls, map } = setup(
      [
        take('take-0001', { target: { kind: 'audition', callId: 'c1', roleId: 'r1' } }),
        take('take-0002', { target: { kind: 'audition', callId: 'c1', roleId: 'r1', auditionId: 'a9' }, createdAt: '2026-11-28T00:01:00.000Z' }),
      ],
      (call) => (call.path === '/api/casting/roles/r1/auditions' ? json(200, { id: 'a1' }) : created(call)),
    );
    await sync.run();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/users/refresh-token',
      'POST /api/casting/roles/r1/auditions',
      'POST /api/casting/auditions/a1/takes',
      'POST /api/casting/auditions/a9/takes',
    ]);
    expect(map.size).toBe(0);
  });

  it('a take kept before takes named their target is a table read take', async () => {
    const { target: _target, ...old } = take('take-0001');
    const { sync, calls } = setup([{ ...old, sessionId: 's7' } as unknown as StoredTake], created);
    await sync.run();
    expect(calls[1].path).toBe('/api/sessions/s7/takes');
  });
});
