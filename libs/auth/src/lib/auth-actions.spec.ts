import { fakeServer, json, loadAuth, recordingLogger, session, type AuthModules } from './fake-server';

let auth: AuthModules;
let activity: ReturnType<typeof recordingLogger>;

beforeEach(async () => {
  auth = await loadAuth();
  activity = recordingLogger(auth);
  auth.configureAuth({ activity });
  auth.connectApiClient();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/login');
});

describe('authActions.login', () => {
  it('trims username and password, fills the store and logs login for the new user', async () => {
    const s = session('u1', 'jwt-1');
    const server = fakeServer({ 'POST /api/users/authenticate': () => json(200, s) });
    auth.api.configure({ fetch: server.fetch });

    await auth.authActions.login('  ada@example.com ', ' secret\t');

    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].body).toEqual({ username: 'ada@example.com', password: 'secret' });
    expect(auth.authStore.getSnapshot()).toMatchObject({ token: 'jwt-1', user: s.user });
    expect(activity.logged).toEqual([{ action: 'login', path: '/login', userId: 'u1' }]);
  });

  it("rejects with the server's text, keeps the store empty and logs nothing", async () => {
    const server = fakeServer({ 'POST /api/users/authenticate': () => json(401, { message: 'Incorrect user ID or password.' }) });
    auth.api.configure({ fetch: server.fetch });

    const error = await auth.authActions.login('ada', 'wrong').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(auth.ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Incorrect user ID or password.' });
    expect(auth.authStore.getSnapshot().token).toBeNull();
    expect(activity.log).not.toHaveBeenCalled();
    expect(auth.assign).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(1);
  });

  it('works without an activity logger', async () => {
    auth.configureAuth({ activity: null });
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/authenticate': () => json(200, session()) }).fetch });
    await expect(auth.authActions.login('ada', 'secret')).resolves.toBeUndefined();
  });

  it('is not disturbed by a logger that throws', async () => {
    auth.configureAuth({
      activity: {
        log: () => {
          throw new Error('logger broken');
        },
      },
    });
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/authenticate': () => json(200, session()) }).fetch });
    await expect(auth.authActions.login('ada', 'secret')).resolves.toBeUndefined();
    expect(auth.authStore.getSnapshot().token).toBe('token-u1');
  });
});

describe('authActions.register', () => {
  it('creates the user with the values as typed, then logs in with them trimmed, and logs register', async () => {
    const s = session('new', 'jwt-new');
    const server = fakeServer({
      'POST /api/users/create': () => json(201, {}),
      'POST /api/users/authenticate': () => json(200, s),
    });
    auth.api.configure({ fetch: server.fetch });
    window.history.replaceState(null, '', '/register');

    await auth.authActions.register(' new@example.com ', ' secret1 ');

    expect(server.calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/users/create', { username: ' new@example.com ', password: ' secret1 ' }],
      ['/api/users/authenticate', { username: 'new@example.com', password: 'secret1' }],
    ]);
    expect(auth.authStore.getSnapshot()).toMatchObject({ token: 'jwt-new', user: s.user });
    expect(activity.logged).toEqual([{ action: 'register', path: '/register', userId: 'new' }]);
  });

  it("stops at a refused creation with the server's text", async () => {
    const server = fakeServer({ 'POST /api/users/create': () => json(409, { message: 'This email is already registered.' }) });
    auth.api.configure({ fetch: server.fetch });
    await expect(auth.authActions.register('a@example.com', 'secret1')).rejects.toMatchObject({
      message: 'This email is already registered.',
    });
    expect(server.calls).toHaveLength(1);
    expect(activity.log).not.toHaveBeenCalled();
  });
});

describe('password reset', () => {
  it('requestResetCode posts the username', async () => {
    const server = fakeServer({ 'POST /api/users/password/code': () => json(204) });
    auth.api.configure({ fetch: server.fetch });
    await auth.authActions.requestResetCode(' ada@example.com ');
    expect(server.calls[0].body).toEqual({ username: 'ada@example.com' });
  });

  it('verifyResetCode posts username and code', async () => {
    const server = fakeServer({ 'POST /api/users/password/verify': () => json(204) });
    auth.api.configure({ fetch: server.fetch });
    await auth.authActions.verifyResetCode('ada@example.com', ' 123456 ');
    expect(server.calls[0].body).toEqual({ username: 'ada@example.com', code: '123456' });
  });

  it('resetPassword posts username, code and the password as typed', async () => {
    const server = fakeServer({ 'POST /api/users/password/reset': () => json(204) });
    auth.api.configure({ fetch: server.fetch });
    await auth.authActions.resetPassword('ada@example.com', '123456', 'new pass ');
    expect(server.calls[0].body).toEqual({ username: 'ada@example.com', code: '123456', password: 'new pass ' });
  });

  it("rejects with the server's text", async () => {
    const server = fakeServer({ 'POST /api/users/password/verify': () => json(400, { message: 'The code is not valid.' }) });
    auth.api.configure({ fetch: server.fetch });
    await expect(auth.authActions.verifyResetCode('ada', '000000')).rejects.toMatchObject({ status: 400, message: 'The code is not valid.' });
  });

  it("rejects with 'An error occurred.' when the server gives no text", async () => {
    const server = fakeServer({ 'POST /api/users/password/code': () => json(500) });
    auth.api.configure({ fetch: server.fetch });
    await expect(auth.authActions.requestResetCode('ada')).rejects.toMatchObject({ status: 500, message: 'An error occurred.' });
  });

  it('does not log in or log activity', async () => {
    const server = fakeServer({ 'POST /api/users/password/reset': () => json(204) });
    auth.api.configure({ fetch: server.fetch });
    await auth.authActions.resetPassword('ada', '123456', 'secret1');
    expect(auth.authStore.getSnapshot().token).toBeNull();
    expect(activity.log).not.toHaveBeenCalled();
  });
});

describe('authActions.signOut', () => {
  async function signedIn(routes: Parameters<typeof fakeServer>[0]) {
    const server = fakeServer({ 'POST /api/users/authenticate': () => json(200, session('u1', 'jwt-1')), ...routes });
    auth.api.configure({ fetch: server.fetch });
    await auth.authActions.login('ada', 'secret');
    activity.logged.length = 0;
    window.history.replaceState(null, '', '/scripts');
    return server;
  }

  it('posts signOut with the token, empties the store and logs logout for the leaving user', async () => {
    const server = await signedIn({ 'POST /api/users/signOut': () => json(204) });
    await auth.authActions.signOut();
    const call = server.callsTo('POST', '/api/users/signOut');
    expect(call).toHaveLength(1);
    expect(call[0].headers['Authorization']).toBe('Bearer jwt-1');
    expect(auth.authStore.getSnapshot()).toMatchObject({ token: null, user: null });
    expect(activity.logged).toEqual([{ action: 'logout', path: '/scripts', userId: 'u1' }]);
  });

  it('empties the store even when the server cannot be told', async () => {
    await signedIn({ 'POST /api/users/signOut': () => json(500, { message: 'Down.' }) });
    await expect(auth.authActions.signOut()).resolves.toBeUndefined();
    expect(auth.authStore.getSnapshot().token).toBeNull();
  });
});

describe('authActions.startMicrosoftLogin when not configured', () => {
  it("rejects with 'Sign-in with Microsoft is not configured.' and leaves no pending login", async () => {
    auth.configureAuth({ msClientId: null });
    await expect(auth.authActions.startMicrosoftLogin()).rejects.toThrow('Sign-in with Microsoft is not configured.');
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
  });
});
