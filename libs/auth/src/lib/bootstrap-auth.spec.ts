import { fakeServer, json, loadAuth, session, type AuthModules } from './fake-server';

const REFRESH = ['POST', '/api/users/refresh-token'] as const;

let auth: AuthModules;

beforeEach(async () => {
  auth = await loadAuth();
  window.sessionStorage.clear();
});

describe('bootstrapAuth', () => {
  it('fills token and user from one refresh call and becomes ready', async () => {
    const s = session('u1', 'jwt-1');
    const server = fakeServer({ 'POST /api/users/refresh-token': () => json(200, s) });
    auth.api.configure({ fetch: server.fetch });
    const listener = jest.fn();
    auth.authStore.subscribe(listener);

    await expect(auth.bootstrapAuth()).resolves.toEqual({ token: 'jwt-1', user: s.user, ready: true });
    expect(server.callsTo(...REFRESH)).toHaveLength(1);
    expect(auth.authStore.getSnapshot()).toEqual({ token: 'jwt-1', user: s.user, ready: true });
    expect(listener).toHaveBeenCalled();
  });

  it('is not ready before the refresh ends', async () => {
    let answer: (r: Response) => void = () => undefined;
    const server = fakeServer({ 'POST /api/users/refresh-token': () => new Promise<Response>((resolve) => (answer = resolve)) });
    auth.api.configure({ fetch: server.fetch });
    const done = auth.bootstrapAuth();
    await Promise.resolve();
    expect(auth.authStore.getSnapshot().ready).toBe(false);
    answer(json(401, { message: 'No session.' }));
    await done;
    expect(auth.authStore.getSnapshot().ready).toBe(true);
  });

  it('reads the answer of a start-up refresh the shell already sent instead of sending another', async () => {
    const server = fakeServer({});
    auth.api.configure({ fetch: server.fetch });
    const early = Promise.resolve(json(200, session('u1', 'jwt-early')));
    await expect(auth.bootstrapAuth(undefined, { refresh: early })).resolves.toMatchObject({ token: 'jwt-early', ready: true });
    expect(server.callsTo(...REFRESH)).toHaveLength(0);
  });

  it.each([
    ['204 (not signed in)', () => json(204)],
    ['401 (refused)', () => json(401, { message: 'No session.' })],
  ])('an already-sent refresh answering %s leaves the user logged out and ready', async (_what, answer) => {
    auth.api.configure({ fetch: fakeServer({}).fetch });
    await expect(auth.bootstrapAuth(undefined, { refresh: Promise.resolve(answer()) })).resolves.toEqual({ token: null, user: null, ready: true });
    expect(auth.assign).not.toHaveBeenCalled();
  });

  it('treats 204 (no refresh cookie) as logged out: empty, ready, no redirect', async () => {
    const server = fakeServer({ 'POST /api/users/refresh-token': () => new Response(null, { status: 204 }) });
    auth.api.configure({ fetch: server.fetch });
    await expect(auth.bootstrapAuth()).resolves.toEqual({ token: null, user: null, ready: true });
    expect(server.callsTo(...REFRESH)).toHaveLength(1);
    expect(auth.assign).not.toHaveBeenCalled();
  });

  it('empties token and user when the refresh is refused, still ready, and does not redirect', async () => {
    const server = fakeServer({ 'POST /api/users/refresh-token': () => json(401, { message: 'No session.' }) });
    auth.api.configure({ fetch: server.fetch });
    await expect(auth.bootstrapAuth()).resolves.toEqual({ token: null, user: null, ready: true });
    expect(server.callsTo(...REFRESH)).toHaveLength(1);
    expect(auth.assign).not.toHaveBeenCalled();
  });

  it('becomes ready even when the server cannot be reached', async () => {
    auth.api.configure({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(auth.bootstrapAuth()).resolves.toEqual({ token: null, user: null, ready: true });
  });

  it('refreshes once however often it is called', async () => {
    const server = fakeServer({ 'POST /api/users/refresh-token': () => json(200, session()) });
    auth.api.configure({ fetch: server.fetch });
    await Promise.all([auth.bootstrapAuth(), auth.bootstrapAuth()]);
    await auth.bootstrapAuth();
    expect(server.callsTo(...REFRESH)).toHaveLength(1);
  });

  it('sends credentials with the refresh so the httpOnly cookie travels', async () => {
    const fetch = jest.fn(async () => json(200, session()));
    auth.api.configure({ fetch: fetch as unknown as typeof globalThis.fetch });
    await auth.bootstrapAuth();
    expect(fetch).toHaveBeenCalledWith('/api/users/refresh-token', expect.objectContaining({ method: 'POST', credentials: 'include' }));
  });
});

describe('offline visits', () => {
  const online = (value: boolean) => Object.defineProperty(window.navigator, 'onLine', { value, configurable: true });
  beforeEach(() => window.localStorage.clear());
  afterEach(() => online(true));

  async function signedInOnce() {
    const s = session('u1', 'jwt-1');
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/refresh-token': () => json(200, s) }).fetch });
    await auth.bootstrapAuth();
    return s;
  }

  it('offline, a browser that kept its member starts signed in as them, with a stand-in token that only names them', async () => {
    const s = await signedInOnce();
    // The next page, with the network gone.
    auth = await loadAuth();
    online(false);
    auth.api.configure({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const state = await auth.bootstrapAuth();
    expect(state.user).toEqual(s.user);
    const [head, claims, tail] = (state.token ?? '').split('.');
    expect([head, tail]).toEqual(['offline', 'offline']);
    expect(JSON.parse(atob(claims))).toEqual({ sub: 'u1' });
  });

  it('online, an unreachable server still starts signed out, member kept or not', async () => {
    await signedInOnce();
    auth = await loadAuth();
    auth.api.configure({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(auth.bootstrapAuth()).resolves.toEqual({ token: null, user: null, ready: true });
  });

  it('offline, a browser that kept nobody starts signed out', async () => {
    online(false);
    auth.api.configure({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(auth.bootstrapAuth()).resolves.toEqual({ token: null, user: null, ready: true });
  });

  it('keeps the user record, never the token, and forgets it at sign-out', async () => {
    const s = await signedInOnce();
    expect(JSON.parse(window.localStorage.getItem('vox_offline_member') ?? 'null')).toEqual(s.user);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('jwt-1');
    auth.authStore.clear();
    expect(window.localStorage.getItem('vox_offline_member')).toBeNull();
  });
});

describe('the api client wired to the auth store', () => {
  it('sends the store token as Bearer', async () => {
    const server = fakeServer({
      'POST /api/users/refresh-token': () => json(200, session('u1', 'jwt-1')),
      'GET /api/friendships/': () => json(200, []),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth();
    await auth.api.getFriendships();
    expect(server.callsTo('GET', '/api/friendships/')[0].headers['Authorization']).toBe('Bearer jwt-1');
  });

  it('a 401 refreshes through the store and retries with the new token', async () => {
    let next = 'jwt-1';
    const server = fakeServer({
      'POST /api/users/refresh-token': () => json(200, session('u1', next)),
      'GET /api/friendships/': (call) => (call.headers['Authorization'] === 'Bearer jwt-2' ? json(200, []) : json(401, {})),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth();
    next = 'jwt-2';
    await expect(auth.api.getFriendships()).resolves.toEqual([]);
    expect(auth.authStore.getSnapshot().token).toBe('jwt-2');
    expect(server.callsTo(...REFRESH)).toHaveLength(2);
    expect(auth.assign).not.toHaveBeenCalled();
  });

  it("three concurrent 401s make one refresh call", async () => {
    let next = 'jwt-1';
    const server = fakeServer({
      'POST /api/users/refresh-token': () => json(200, session('u1', next)),
      'GET /api/friendships/': (call) => (call.headers['Authorization'] === 'Bearer jwt-2' ? json(200, []) : json(401, {})),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth();
    next = 'jwt-2';
    await Promise.all([auth.api.getFriendships(), auth.api.getFriendships(), auth.api.getFriendships()]);
    expect(server.callsTo(...REFRESH)).toHaveLength(2); // the start-up one and one shared
  });

  it("a lasting 401 clears the store and sends the browser to '/'", async () => {
    const server = fakeServer({
      'POST /api/users/refresh-token': () => json(200, session('u1', 'jwt-1')),
      'GET /api/friendships/': () => json(401, { message: 'Unauthorized' }),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth();
    await expect(auth.api.getFriendships()).rejects.toMatchObject({ status: 401 });
    expect(auth.authStore.getSnapshot()).toMatchObject({ token: null, user: null, ready: true });
    expect(auth.assign).toHaveBeenCalledTimes(1);
    expect(auth.assign).toHaveBeenCalledWith('/');
  });

  it('a refused refresh during a 401 logs the user out before the retry', async () => {
    let refreshOk = true;
    const server = fakeServer({
      'POST /api/users/refresh-token': () => (refreshOk ? json(200, session('u1', 'jwt-1')) : json(401, {})),
      'GET /api/friendships/': (call) => (call.headers['Authorization'] ? json(401, {}) : json(200, [])),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth();
    refreshOk = false;
    await expect(auth.api.getFriendships()).resolves.toEqual([]);
    expect(auth.authStore.getSnapshot().token).toBeNull();
    expect(server.callsTo('GET', '/api/friendships/')[1].headers).not.toHaveProperty('Authorization');
  });

  it('refreshSession shares one call between concurrent callers', async () => {
    const server = fakeServer({ 'POST /api/users/refresh-token': () => json(200, session()) });
    auth.api.configure({ fetch: server.fetch });
    await expect(Promise.all([auth.refreshSession(), auth.refreshSession()])).resolves.toEqual([true, true]);
    expect(server.calls).toHaveLength(1);
  });
});

describe('bootstrapAuth settings', () => {
  it('applies the settings it is given before starting', async () => {
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/refresh-token': () => json(401, {}) }).fetch });
    const activity = { log: jest.fn(async () => undefined) };
    await auth.bootstrapAuth({ activity, msClientId: 'client-123', msAuthority: 'http://127.0.0.1:5544' });
    expect(auth.getAuthConfig()).toEqual({ activity, msClientId: 'client-123', msAuthority: 'http://127.0.0.1:5544', siteOrigins: [], sharedCookie: false });
    expect(auth.isMicrosoftConfigured()).toBe(true);
  });
});
