import { ApiError } from './api-error';
import { answerOf, createApiClient, type ApiClientOptions } from './api-client';
import { empty, fakeFetch, json, text, type Responder } from './fake-fetch';

function setup(responder: Responder, options: ApiClientOptions = {}) {
  const fake = fakeFetch(responder);
  const client = createApiClient({ fetch: fake.fetch, ...options });
  return { client, calls: fake.calls, fetch: fake.fetch };
}

/** A server that accepts only the given token and answers 401 otherwise. */
const acceptsOnly =
  (token: string): Responder =>
  (call) =>
    call.headers['Authorization'] === `Bearer ${token}` ? json(200, { ok: true }) : json(401, { message: 'Token expired.' });

describe('createApiClient: headers and body', () => {
  it('sends Authorization: Bearer <token> when a token exists', async () => {
    const { client, calls } = setup(() => json(200, {}), { getToken: () => 'tok-1' });
    await client.get('/api/things');
    expect(calls[0].headers['Authorization']).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, calls } = setup(() => json(200, {}), { getToken: () => null });
    await client.get('/api/things');
    expect(calls[0].headers).not.toHaveProperty('Authorization');
  });

  it('reads the token afresh for every request', async () => {
    let token = 'a';
    const { client, calls } = setup(() => json(200, {}), { getToken: () => token });
    await client.get('/api/one');
    token = 'b';
    await client.get('/api/two');
    expect(calls.map((c) => c.headers['Authorization'])).toEqual(['Bearer a', 'Bearer b']);
  });

  it("always sends credentials 'include' so the httpOnly refresh cookie travels", async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.get('/api/things');
    await client.post('/api/things', { a: 1 });
    expect(calls.map((c) => c.credentials)).toEqual(['include', 'include']);
  });

  it('sends an object body as JSON with its content type', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.post('/api/things', { name: 'Ada' });
    expect(calls[0]).toMatchObject({ method: 'POST', body: '{"name":"Ada"}' });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].headers['Accept']).toBe('application/json');
  });

  it('passes FormData through untouched and lets the browser set its content type', async () => {
    const { client, calls } = setup(() => json(200, {}));
    const form = new FormData();
    form.append('file', 'x');
    await client.post('/api/upload', form);
    expect(calls[0].body).toBe(form);
    expect(calls[0].headers).not.toHaveProperty('Content-Type');
  });

  it('sends no body on a GET', async () => {
    const { client, calls } = setup(() => json(200, {}));
    await client.get('/api/things');
    expect(calls[0].body).toBeUndefined();
    expect(calls[0].method).toBe('GET');
  });

  it('uses PUT, PATCH and DELETE helpers with their methods', async () => {
    const { client, calls } = setup(() => empty(204));
    await client.put('/api/a', { x: 1 });
    await client.patch('/api/a', { x: 2 });
    await client.delete('/api/a');
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'PATCH', 'DELETE']);
  });

  it('prefixes the base URL and encodes the query, skipping empty values', async () => {
    const { client, calls } = setup(() => json(200, {}), { baseUrl: 'https://api.example.com/' });
    await client.get('/api/search', { query: { q: 'a b&c', page: 2, none: undefined, nil: null } });
    expect(calls[0].url).toBe('https://api.example.com/api/search?q=a+b%26c&page=2');
  });

  it('uses the global fetch when none is injected', async () => {
    const original = globalThis.fetch;
    const fake = fakeFetch(() => json(200, { via: 'global' }));
    globalThis.fetch = fake.fetch;
    try {
      await expect(createApiClient().get('/api/x')).resolves.toEqual({ via: 'global' });
    } finally {
      globalThis.fetch = original;
    }
  });

  it('configure() changes options for later requests', async () => {
    const { client, calls } = setup(() => json(200, {}));
    client.configure({ getToken: () => 'later' });
    await client.get('/api/x');
    expect(calls[0].headers['Authorization']).toBe('Bearer later');
  });
});

describe('createApiClient: answers', () => {
  it('parses a JSON answer', async () => {
    const { client } = setup(() => json(200, { id: 's1' }));
    await expect(client.get('/api/x')).resolves.toEqual({ id: 's1' });
  });

  it('answers undefined for 204 and for an empty body', async () => {
    const { client } = setup(() => empty(204));
    await expect(client.post('/api/x')).resolves.toBeUndefined();
    const second = setup(() => text(200, ''));
    await expect(second.client.post('/api/x')).resolves.toBeUndefined();
  });

  it('answers the text when the body is not JSON', async () => {
    const { client } = setup(() => text(200, 'plain'));
    await expect(client.get('/api/x')).resolves.toBe('plain');
    await expect(client.get('/api/x', { responseType: 'text' })).resolves.toBe('plain');
  });

  it('answers a Blob for responseType blob', async () => {
    const { client } = setup(() => new Response(new Blob(['img'], { type: 'image/png' }), { status: 200 }));
    const blob = await client.get<Blob>('/api/x', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('img');
  });
});

describe('createApiClient: errors pass through as ApiError', () => {
  const failWith = async (response: Response): Promise<ApiError> => {
    const refresh = jest.fn();
    const { client } = setup(() => response, { refresh });
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(refresh).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it("a 500 carries the status and the server's JSON message", async () => {
    const error = await failWith(json(500, { message: 'Database unavailable.' }));
    expect(error.status).toBe(500);
    expect(error.message).toBe('Database unavailable.');
    expect(error.name).toBe('ApiError');
    expect(error.body).toEqual({ message: 'Database unavailable.' });
  });

  it('a 4xx with a JSON message keeps it', async () => {
    const error = await failWith(json(409, { message: 'This email is already registered.' }));
    expect(error).toMatchObject({ status: 409, message: 'This email is already registered.' });
  });

  it('uses the response text when there is no JSON message', async () => {
    expect((await failWith(text(400, 'Username is required.'))).message).toBe('Username is required.');
  });

  it('uses the whole JSON text when it has no message field', async () => {
    expect((await failWith(json(400, { error: 'Bad' }))).message).toBe('{"error":"Bad"}');
  });

  it("uses 'An error occurred.' when the answer has no text", async () => {
    expect((await failWith(empty(500))).message).toBe('An error occurred.');
    expect((await failWith(json(500, { message: '' }))).message).toBe('{"message":""}');
    expect((await failWith(text(502, '   '))).message).toBe('An error occurred.');
  });

  it("uses 'An error occurred.' for an HTML error page", async () => {
    const error = await failWith(text(502, '<html><body>Bad gateway</body></html>', 'text/html; charset=utf-8'));
    expect(error).toMatchObject({ status: 502, message: 'An error occurred.' });
  });

  it("turns a network failure into ApiError status 0 with 'An error occurred.'", async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/api/x')).rejects.toMatchObject({ name: 'ApiError', status: 0, message: 'An error occurred.' });
  });

  it('lets an abort pass through unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client } = setup(() => Promise.reject(abort));
    await expect(client.get('/api/x')).rejects.toBe(abort);
  });
});

describe('createApiClient: 401, one refresh and one retry', () => {
  it('refreshes once and retries once with the new token', async () => {
    let token = 'old';
    const refresh = jest.fn(async () => {
      token = 'new';
    });
    const onUnauthorized = jest.fn();
    const { client, calls } = setup(acceptsOnly('new'), { getToken: () => token, refresh, onUnauthorized });
    await expect(client.get('/api/things')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => [c.url, c.headers['Authorization']])).toEqual([
      ['/api/things', 'Bearer old'],
      ['/api/things', 'Bearer new'],
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('resends the same method and body on the retry', async () => {
    let token = 'old';
    const { client, calls } = setup(acceptsOnly('new'), {
      getToken: () => token,
      refresh: async () => {
        token = 'new';
      },
    });
    await client.post('/api/things', { a: 1 });
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['POST', '{"a":1}'],
      ['POST', '{"a":1}'],
    ]);
  });

  it('three concurrent 401s share ONE refresh call, and each is retried once', async () => {
    let token = 'old';
    let finishRefresh: () => void = () => undefined;
    const refresh = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          finishRefresh = () => {
            token = 'new';
            resolve();
          };
        }),
    );
    const { client, calls } = setup(acceptsOnly('new'), { getToken: () => token, refresh });
    const results = Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(3);
    finishRefresh();
    await expect(results).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(6);
    expect(calls.slice(3).map((c) => c.headers['Authorization'])).toEqual(['Bearer new', 'Bearer new', 'Bearer new']);
  });

  it('a 401 that arrives after another request already refreshed only retries', async () => {
    let token = 'old';
    const refresh = jest.fn(async () => {
      token = 'new';
    });
    const { client, calls } = setup(
      (call) => {
        // The server answers the first call late, after someone else has refreshed the token.
        if (calls.length === 1) token = 'new';
        return acceptsOnly('new')(call);
      },
      { getToken: () => token, refresh },
    );
    await expect(client.get('/api/late')).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(calls.map((c) => c.headers['Authorization'])).toEqual(['Bearer old', 'Bearer new']);
  });

  it('a later, separate 401 gets its own refresh', async () => {
    let token = 't0';
    let accepted = 't1';
    const refresh = jest.fn(async () => {
      token = token === 't0' ? 't1' : 't2';
    });
    const { client } = setup((call) => acceptsOnly(accepted)(call), { getToken: () => token, refresh });
    await client.get('/api/a');
    accepted = 't2';
    await client.get('/api/b');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('when the retry gets 401 again, calls onUnauthorized and throws the 401', async () => {
    const refresh = jest.fn(async () => undefined);
    const onUnauthorized = jest.fn();
    const { client, calls } = setup(() => json(401, { message: 'Unauthorized' }), { getToken: () => 'old', refresh, onUnauthorized });
    await expect(client.get('/api/things')).rejects.toMatchObject({ name: 'ApiError', status: 401, message: 'Unauthorized' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a failing refresh still gets its one retry (now without a token), then onUnauthorized', async () => {
    let token: string | null = 'old';
    const refresh = jest.fn(async () => {
      token = null;
      throw new Error('refresh failed');
    });
    const onUnauthorized = jest.fn();
    const { client, calls } = setup(() => json(401, { message: 'Unauthorized' }), { getToken: () => token, refresh, onUnauthorized });
    await expect(client.get('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers).not.toHaveProperty('Authorization');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a public call whose stale token cannot be refreshed succeeds on the anonymous retry', async () => {
    let token: string | null = 'expired';
    const { client } = setup((call) => (call.headers['Authorization'] ? json(401, {}) : json(200, { public: true })), {
      getToken: () => token,
      refresh: async () => {
        token = null;
      },
    });
    await expect(client.get('/api/public')).resolves.toEqual({ public: true });
  });

  it('without a refresh function a 401 goes straight to onUnauthorized', async () => {
    const onUnauthorized = jest.fn();
    const { client, calls } = setup(() => json(401, { message: 'No.' }), { onUnauthorized });
    await expect(client.get('/api/things')).rejects.toMatchObject({ status: 401, message: 'No.' });
    expect(calls).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each(['/api/users/refresh-token', '/api/users/refresh-token/', '/api/users/refresh-token?x=1'])(
    'a 401 from the refresh endpoint (%s) never triggers the refresh loop',
    async (path) => {
      const refresh = jest.fn();
      const onUnauthorized = jest.fn();
      const { client, calls } = setup(() => json(401, { message: 'Not logged in.' }), { getToken: () => 'old', refresh, onUnauthorized });
      await expect(client.post(path)).rejects.toMatchObject({ status: 401, message: 'Not logged in.' });
      expect(calls).toHaveLength(1);
      expect(refresh).not.toHaveBeenCalled();
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('refreshToken() carries no bearer: it authenticates by its cookie, and a held token (expired, or the offline stand-in) would only get it refused', async () => {
    const { client, calls } = setup(() => json(200, { token: 'fresh', user: {} }), { getToken: () => 'offline.eyJzdWIiOiJ1MSJ9.offline' });
    await client.refreshToken();
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['Authorization']).toBeUndefined();
    await client.get('/api/drafts');
    expect(calls[1].headers['Authorization']).toBe('Bearer offline.eyJzdWIiOiJ1MSJ9.offline');
  });

  it('refreshToken() itself is not retried on 401', async () => {
    const refresh = jest.fn();
    const onUnauthorized = jest.fn();
    const { client, calls } = setup(() => json(401, { message: 'Not logged in.' }), { refresh, onUnauthorized });
    await expect(client.refreshToken()).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('retryOnUnauthorized: false skips refresh, retry and onUnauthorized', async () => {
    const refresh = jest.fn();
    const onUnauthorized = jest.fn();
    const { client, calls } = setup(() => json(401, { message: 'Wrong password.' }), { refresh, onUnauthorized });
    await expect(client.post('/api/x', {}, { retryOnUnauthorized: false })).rejects.toMatchObject({ message: 'Wrong password.' });
    expect(calls).toHaveLength(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 403 is not a 401: no refresh, passes through', async () => {
    const refresh = jest.fn();
    const { client } = setup(() => json(403, { message: 'You need the draft privilege.' }), { refresh });
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 403, message: 'You need the draft privilege.' });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('answerOf: a call sent outside the client, read as the client reads its own', () => {
  it('answers the body, undefined for a 204', async () => {
    await expect(answerOf('publicConfig', Promise.resolve(json(200, { msClientId: 'abc' })))).resolves.toEqual({ msClientId: 'abc' });
    await expect(answerOf('refreshToken', Promise.resolve(empty(204)))).resolves.toBeUndefined();
  });

  it("turns a refusal into an ApiError with the server's message, and a failed network into status 0", async () => {
    const refused = await answerOf('refreshToken', Promise.resolve(json(401, { message: 'Your session has ended.' }))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, message: 'Your session has ended.' });
    const offline = await answerOf('publicConfig', Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect(offline).toMatchObject({ status: 0, message: 'An error occurred.' });
  });
});

// The shell's first script sends a page's first reads once the refresh has ended; the
// page's own call of the same URL with the same token takes that answer instead of a new request.
describe('createApiClient: early reads', () => {
  const early = (url: string, token: string | null, body: unknown, at = Date.now()) => ({
    url,
    token,
    at,
    response: Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })),
  });

  it('answers a GET of the same URL and token from the early read, once', async () => {
    const { client, calls } = setup(() => json(200, { from: 'server' }), { getToken: () => 'tok-1' });
    client.acceptEarlyReads(Promise.resolve([early('/api/scripts?scope=all&page=1', 'tok-1', { from: 'early' })]));
    await expect(client.get('/api/scripts', { query: { scope: 'all', page: 1 } })).resolves.toEqual({ from: 'early' });
    expect(calls).toHaveLength(0);
    // Taken once: the next call of the same URL asks the server.
    await expect(client.get('/api/scripts', { query: { scope: 'all', page: 1 } })).resolves.toEqual({ from: 'server' });
    expect(calls.map((c) => c.url)).toEqual(['/api/scripts?scope=all&page=1']);
  });

  it('never hands a read to another URL, another token, a non-GET or an old read', async () => {
    const { client, calls } = setup(() => json(200, { from: 'server' }), { getToken: () => 'tok-2' });
    client.acceptEarlyReads(
      Promise.resolve([
        early('/api/scripts?page=2', 'tok-2', { from: 'early' }),
        early('/api/subscriptions', 'tok-1', { from: 'early' }),
        early('/api/things', 'tok-2', { from: 'early' }),
        early('/api/notifications/new', 'tok-2', { from: 'early' }, Date.now() - 60_000),
      ]),
    );
    await expect(client.get('/api/scripts', { query: { page: 1 } })).resolves.toEqual({ from: 'server' });
    await expect(client.get('/api/subscriptions')).resolves.toEqual({ from: 'server' });
    await expect(client.post('/api/things', { a: 1 })).resolves.toEqual({ from: 'server' });
    await expect(client.get('/api/notifications/new')).resolves.toEqual({ from: 'server' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/scripts?page=1',
      'GET /api/subscriptions',
      'POST /api/things',
      'GET /api/notifications/new',
    ]);
  });

  it('sends its own request when the early read failed on the network', async () => {
    const { client, calls } = setup(() => json(200, { from: 'server' }), { getToken: () => null });
    client.acceptEarlyReads(Promise.resolve([{ url: '/api/podcast/channels', token: null, at: Date.now(), response: Promise.reject(new TypeError('offline')) }]));
    await expect(client.get('/api/podcast/channels')).resolves.toEqual({ from: 'server' });
    expect(calls).toHaveLength(1);
  });

  it('treats an early 401 as its own: one refresh, one retry with the new token', async () => {
    let token = 'old';
    const refresh = jest.fn(async () => {
      token = 'new';
    });
    const { client, calls } = setup(acceptsOnly('new'), { getToken: () => token, refresh });
    client.acceptEarlyReads(
      Promise.resolve([{ url: '/api/subscriptions', token: 'old', at: Date.now(), response: Promise.resolve(new Response('{"message":"Token expired."}', { status: 401 })) }]),
    );
    await expect(client.get('/api/subscriptions')).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers['Authorization'])).toEqual(['Bearer new']);
  });
});
