import * as fs from 'node:fs';
import * as path from 'node:path';
import { fakeServer, json, loadAuth, recordingLogger, session, type AuthModules } from './fake-server';

interface FakeAccount {
  homeAccountId: string;
  idToken?: string;
}

interface FakeResult {
  account: FakeAccount | null;
  idToken: string;
}

/** What the fake MSAL does and saw; Microsoft itself is the internet edge, so MSAL is the one mock. */
const mockMsal = {
  loads: 0,
  instances: [] as FakeClient[],
  redirectResult: null as FakeResult | null,
  redirectError: null as Error | null,
  loginError: null as Error | null,
  initError: null as Error | null,
  accounts: [] as FakeAccount[],
};

class FakeClient {
  active: FakeAccount | null = null;
  constructor(readonly config: unknown) {}
  initialize = jest.fn(async () => {
    if (mockMsal.initError) throw mockMsal.initError;
  });
  handleRedirectPromise = jest.fn(async () => {
    if (mockMsal.redirectError) throw mockMsal.redirectError;
    return mockMsal.redirectResult;
  });
  loginRedirect = jest.fn(async (_request: unknown) => {
    if (mockMsal.loginError) throw mockMsal.loginError;
  });
  setActiveAccount = jest.fn((account: FakeAccount | null) => {
    this.active = account;
  });
  getActiveAccount = jest.fn(() => this.active);
  getAllAccounts = jest.fn(() => mockMsal.accounts);
  acquireTokenSilent = jest.fn(async (_request: { scopes: string[]; account: FakeAccount }) => ({ idToken: 'silent-id-token' }));
}

jest.mock('@azure/msal-browser', () => {
  mockMsal.loads += 1;
  return {
    PublicClientApplication: jest.fn((config: unknown) => {
      const client = new FakeClient(config);
      mockMsal.instances.push(client);
      return client;
    }),
  };
});

const ACCOUNT: FakeAccount = { homeAccountId: 'ms-1', idToken: 'cached-id-token' };

let auth: AuthModules;

beforeEach(async () => {
  auth = await loadAuth();
  Object.assign(mockMsal, { loads: 0, instances: [], redirectResult: null, redirectError: null, loginError: null, initError: null, accounts: [] });
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const configure = (msAuthority: string | null = null) => auth.configureAuth({ msClientId: 'client-123', msAuthority });

describe('isMicrosoftConfigured', () => {
  it('is false without a client id and true with one', () => {
    expect(auth.isMicrosoftConfigured()).toBe(false);
    auth.configureAuth({ msClientId: null });
    expect(auth.isMicrosoftConfigured()).toBe(false);
    auth.configureAuth({ msClientId: '   ' });
    expect(auth.isMicrosoftConfigured()).toBe(false);
    configure();
    expect(auth.isMicrosoftConfigured()).toBe(true);
  });
});

describe('loadMicrosoftSettings', () => {
  it('reads msClientId and msAuthority from /api/config/public when they are not known', async () => {
    const server = fakeServer({ 'GET /api/config/public': () => json(200, { msClientId: 'from-server', msAuthority: 'http://127.0.0.1:5544' }) });
    auth.api.configure({ fetch: server.fetch });
    await auth.loadMicrosoftSettings();
    expect(auth.getAuthConfig()).toMatchObject({ msClientId: 'from-server', msAuthority: 'http://127.0.0.1:5544' });
    expect(auth.isMicrosoftConfigured()).toBe(true);
    await auth.loadMicrosoftSettings();
    expect(server.calls).toHaveLength(1);
  });

  it('records a server without Microsoft as not configured', async () => {
    auth.api.configure({ fetch: fakeServer({ 'GET /api/config/public': () => json(200, { msClientId: null, msAuthority: null }) }).fetch });
    await auth.loadMicrosoftSettings();
    expect(auth.getAuthConfig().msClientId).toBeNull();
    expect(auth.isMicrosoftConfigured()).toBe(false);
  });

  it('does not ask the server when the settings were given, even as null', async () => {
    const server = fakeServer();
    auth.api.configure({ fetch: server.fetch });
    auth.configureAuth({ msClientId: null });
    await auth.loadMicrosoftSettings();
    expect(server.calls).toHaveLength(0);
  });

  it('leaves the settings unknown after a failed read, and startMicrosoftLogin asks again', async () => {
    let up = false;
    const server = fakeServer({
      'GET /api/config/public': () => (up ? json(200, { msClientId: 'late', msAuthority: null }) : json(503, { message: 'Down.' })),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.loadMicrosoftSettings();
    expect(auth.getAuthConfig().msClientId).toBeUndefined();
    up = true;
    await auth.startMicrosoftLogin();
    expect(mockMsal.instances[0].loginRedirect).toHaveBeenCalledWith({ scopes: [], prompt: 'login' });
    expect(server.calls).toHaveLength(2);
  });

  it('is loaded by bootstrapAuth alongside the refresh', async () => {
    const server = fakeServer({
      'GET /api/config/public': () => json(200, { msClientId: 'from-server', msAuthority: null }),
      'POST /api/users/refresh-token': () => json(401, {}),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth();
    expect(auth.isMicrosoftConfigured()).toBe(true);
    expect(mockMsal.loads).toBe(0);
  });

  // The shell sends the read with the start-up refresh, before its chunks load.
  it('reads an answer already requested by the shell instead of asking again', async () => {
    const server = fakeServer({
      'GET /api/config/public': () => json(200, { msClientId: 'asked-again', msAuthority: null }),
      'POST /api/users/refresh-token': () => json(401, {}),
    });
    auth.api.configure({ fetch: server.fetch });
    await auth.bootstrapAuth(undefined, { publicConfig: Promise.resolve(json(200, { msClientId: 'early', msAuthority: null })) });
    expect(auth.getAuthConfig().msClientId).toBe('early');
    expect(server.callsTo('GET', '/api/config/public')).toHaveLength(0);
  });

  it('leaves the settings unknown when the early read failed, and the next sign-in asks again', async () => {
    const server = fakeServer({ 'GET /api/config/public': () => json(200, { msClientId: 'late', msAuthority: null }) });
    auth.api.configure({ fetch: server.fetch });
    await auth.loadMicrosoftSettings(Promise.resolve(json(503, { message: 'Down.' })));
    expect(auth.getAuthConfig().msClientId).toBeUndefined();
    await auth.loadMicrosoftSettings(Promise.reject(new TypeError('Failed to fetch')));
    expect(auth.getAuthConfig().msClientId).toBeUndefined();
    expect(server.calls).toHaveLength(0);
    await auth.startMicrosoftLogin();
    expect(server.calls).toHaveLength(1);
    expect(auth.getAuthConfig().msClientId).toBe('late');
  });
});

describe('msalConfiguration', () => {
  const origin = 'https://voxclub.example';
  // The MSAL half (loaded with MSAL when a sign-in starts), from this test's module registry.
  let flow: typeof import('./microsoft-flow');
  beforeEach(async () => {
    flow = await import('./microsoft-flow');
  });

  it('uses the multi-tenant authority, the sign-in redirects, and no OIDC overrides for Microsoft', () => {
    expect(flow.msalConfiguration({ msClientId: 'client-123' }, origin)).toEqual({
      auth: {
        clientId: 'client-123',
        authority: 'https://login.microsoftonline.com/common',
        redirectUri: 'https://voxclub.example/auth/ms/login',
        postLogoutRedirectUri: 'https://voxclub.example/auth/ms/logout',
      },
      cache: { cacheLocation: 'sessionStorage' },
    });
  });

  it('keeps a configured Microsoft tenant authority as is', () => {
    const config = flow.msalConfiguration({ msClientId: 'c', msAuthority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com' }, origin);
    expect(config.auth.authority).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com');
    expect(config.auth.knownAuthorities).toBeUndefined();
    expect(config.system).toBeUndefined();
  });

  it('trusts a local IdP host and speaks plain OIDC to it', () => {
    const config = flow.msalConfiguration({ msClientId: 'c', msAuthority: 'http://127.0.0.1:5544/oidc' }, 'http://localhost:4200');
    expect(config.auth).toMatchObject({
      authority: 'http://127.0.0.1:5544/oidc',
      knownAuthorities: ['127.0.0.1:5544'],
      redirectUri: 'http://localhost:4200/auth/ms/login',
      postLogoutRedirectUri: 'http://localhost:4200/auth/ms/logout',
    });
    expect(config.system).toEqual({ protocolMode: 'OIDC' });
  });

  it('falls back to the multi-tenant authority for a blank one', () => {
    expect(flow.msalConfiguration({ msClientId: 'c', msAuthority: ' ' }, origin).auth.authority).toBe(
      'https://login.microsoftonline.com/common',
    );
  });
});

describe('startMicrosoftLogin', () => {
  it("rejects with 'Sign-in with Microsoft is not configured.' without loading MSAL", async () => {
    auth.configureAuth({ msClientId: null });
    await expect(auth.startMicrosoftLogin()).rejects.toThrow(new Error('Sign-in with Microsoft is not configured.'));
    expect(mockMsal.loads).toBe(0);
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
  });

  it("sets pendingLogin to 'ms', then loads MSAL and redirects with no scopes and a forced login prompt", async () => {
    configure();
    const started = auth.startMicrosoftLogin();
    const atStart = { pending: window.sessionStorage.getItem('pendingLogin'), loads: mockMsal.loads };
    await started;

    expect(atStart).toEqual({ pending: 'ms', loads: 0 });
    expect(mockMsal.loads).toBe(1);
    const [client] = mockMsal.instances;
    expect(client.config).toEqual((await import('./microsoft-flow')).msalConfiguration({ msClientId: 'client-123' }, window.location.origin));
    expect(client.initialize).toHaveBeenCalledTimes(1);
    expect(client.loginRedirect).toHaveBeenCalledWith({ scopes: [], prompt: 'login' });
    expect(window.sessionStorage.getItem('pendingLogin')).toBe('ms');
  });

  it('reuses one MSAL instance across attempts', async () => {
    configure();
    await auth.startMicrosoftLogin();
    await auth.startMicrosoftLogin();
    expect(mockMsal.instances).toHaveLength(1);
  });

  it('removes pendingLogin and rejects when the redirect cannot start', async () => {
    configure();
    mockMsal.loginError = new Error('interaction_in_progress');
    await expect(auth.startMicrosoftLogin()).rejects.toThrow('interaction_in_progress');
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
  });

  it('removes pendingLogin when MSAL fails to initialise, and tries a new instance next time', async () => {
    configure();
    mockMsal.initError = new Error('crypto unavailable');
    await expect(auth.startMicrosoftLogin()).rejects.toThrow('crypto unavailable');
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
    mockMsal.initError = null;
    await auth.startMicrosoftLogin();
    expect(mockMsal.instances).toHaveLength(2);
    expect(mockMsal.instances[1].loginRedirect).toHaveBeenCalledTimes(1);
  });
});

describe('handleMicrosoftRedirect', () => {
  it('does nothing and never loads MSAL when no Microsoft login is pending', async () => {
    configure();
    await expect(auth.handleMicrosoftRedirect()).resolves.toBeNull();
    window.sessionStorage.setItem('pendingLogin', 'other');
    await expect(auth.handleMicrosoftRedirect()).resolves.toBeNull();
    expect(mockMsal.loads).toBe(0);
    expect(auth.replace).not.toHaveBeenCalled();
  });

  it('reads no session storage at start-up when Microsoft is not configured (the flag stays for later)', async () => {
    auth.configureAuth({ msClientId: null });
    window.sessionStorage.setItem('pendingLogin', 'ms');
    const getItem = jest.spyOn(Storage.prototype, 'getItem');
    try {
      await expect(auth.handleMicrosoftRedirect()).resolves.toBeNull();
      expect(getItem).not.toHaveBeenCalled();
    } finally {
      getItem.mockRestore();
    }
    expect(window.sessionStorage.getItem('pendingLogin')).toBe('ms');
    expect(mockMsal.loads).toBe(0);
  });

  it("with an account: removes pendingLogin, makes the account active and replaces the location with '/auth/ms/login'", async () => {
    configure();
    window.sessionStorage.setItem('pendingLogin', 'ms');
    window.history.replaceState(null, '', '/scripts');
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };

    await expect(auth.handleMicrosoftRedirect()).resolves.toEqual(mockMsal.redirectResult);

    expect(mockMsal.loads).toBe(1);
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
    expect(mockMsal.instances[0].setActiveAccount).toHaveBeenCalledWith(ACCOUNT);
    expect(auth.replace).toHaveBeenCalledTimes(1);
    expect(auth.replace).toHaveBeenCalledWith('/auth/ms/login');
  });

  it('does not navigate when already on /auth/ms/login', async () => {
    configure();
    window.sessionStorage.setItem('pendingLogin', 'ms');
    window.history.replaceState(null, '', '/auth/ms/login');
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };
    await auth.handleMicrosoftRedirect();
    expect(mockMsal.instances[0].setActiveAccount).toHaveBeenCalledWith(ACCOUNT);
    expect(auth.replace).not.toHaveBeenCalled();
  });

  it('swallows redirect errors silently and removes pendingLogin', async () => {
    configure();
    window.sessionStorage.setItem('pendingLogin', 'ms');
    mockMsal.redirectError = new Error('state_mismatch');
    await expect(auth.handleMicrosoftRedirect()).resolves.toBeNull();
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
    expect(auth.replace).not.toHaveBeenCalled();
  });

  it('ends a pending login that returned nothing (the user came back without signing in)', async () => {
    configure();
    window.sessionStorage.setItem('pendingLogin', 'ms');
    mockMsal.redirectResult = null;
    await expect(auth.handleMicrosoftRedirect()).resolves.toBeNull();
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
    expect(auth.replace).not.toHaveBeenCalled();
  });

  it('leaves a pending login alone, without loading MSAL, until Microsoft is configured', async () => {
    window.sessionStorage.setItem('pendingLogin', 'ms');
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };
    await expect(auth.handleMicrosoftRedirect()).resolves.toBeNull();
    expect(mockMsal.loads).toBe(0);
    expect(window.sessionStorage.getItem('pendingLogin')).toBe('ms');
    configure();
    await auth.handleMicrosoftRedirect();
    expect(window.sessionStorage.getItem('pendingLogin')).toBeNull();
  });

  it('runs at start-up from bootstrapAuth when pendingLogin is ms', async () => {
    window.sessionStorage.setItem('pendingLogin', 'ms');
    window.history.replaceState(null, '', '/');
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/refresh-token': () => json(401, {}) }).fetch });
    await auth.bootstrapAuth({ msClientId: 'client-123' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(auth.replace).toHaveBeenCalledWith('/auth/ms/login');
  });

  it('is not loaded by bootstrapAuth when nothing is pending', async () => {
    configure();
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/refresh-token': () => json(401, {}) }).fetch });
    await auth.bootstrapAuth();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockMsal.loads).toBe(0);
  });
});

describe('completeMicrosoftLogin', () => {
  it('exchanges the redirect ID token for a session, fills the store and logs login', async () => {
    configure();
    const activity = recordingLogger(auth);
    auth.configureAuth({ activity });
    auth.connectApiClient();
    window.history.replaceState(null, '', '/auth/ms/login');
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };
    const s = session('ms-user', 'jwt-ms');
    const server = fakeServer({ 'POST /api/users/authenticate/microsoft': () => json(200, s) });
    auth.api.configure({ fetch: server.fetch });

    await auth.completeMicrosoftLogin();

    expect(server.calls.map((c) => c.body)).toEqual([{ idToken: 'fresh-id-token' }]);
    expect(auth.authStore.getSnapshot()).toMatchObject({ token: 'jwt-ms', user: s.user });
    expect(activity.logged).toEqual([{ action: 'login', path: '/auth/ms/login', userId: 'ms-user' }]);
    expect(mockMsal.instances[0].setActiveAccount).toHaveBeenCalledWith(ACCOUNT);
  });

  it('after a reload, takes the ID token of the active account from MSAL silently', async () => {
    configure();
    mockMsal.redirectResult = null;
    mockMsal.accounts = [ACCOUNT];
    const server = fakeServer({ 'POST /api/users/authenticate/microsoft': () => json(200, session()) });
    auth.api.configure({ fetch: server.fetch });

    await auth.completeMicrosoftLogin();

    expect(mockMsal.instances[0].acquireTokenSilent).toHaveBeenCalledWith({ scopes: [], account: ACCOUNT });
    expect(server.calls[0].body).toEqual({ idToken: 'silent-id-token' });
  });

  it('uses the handled redirect once, however many callers ask', async () => {
    configure();
    window.sessionStorage.setItem('pendingLogin', 'ms');
    window.history.replaceState(null, '', '/auth/ms/login');
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };
    auth.api.configure({ fetch: fakeServer({ 'POST /api/users/authenticate/microsoft': () => json(200, session()) }).fetch });
    await Promise.all([auth.handleMicrosoftRedirect(), auth.completeMicrosoftLogin()]);
    expect(mockMsal.instances).toHaveLength(1);
    expect(mockMsal.instances[0].handleRedirectPromise).toHaveBeenCalledTimes(1);
  });

  it('rejects when MSAL has no account', async () => {
    configure();
    await expect(auth.completeMicrosoftLogin()).rejects.toThrow('Sign-in with Microsoft did not complete. Please try again.');
  });

  it("rejects with the server's text when the exchange is refused", async () => {
    configure();
    mockMsal.redirectResult = { account: ACCOUNT, idToken: 'fresh-id-token' };
    auth.api.configure({
      fetch: fakeServer({ 'POST /api/users/authenticate/microsoft': () => json(401, { message: 'This Microsoft account is not allowed.' }) }).fetch,
    });
    await expect(auth.completeMicrosoftLogin()).rejects.toMatchObject({ status: 401, message: 'This Microsoft account is not allowed.' });
    expect(auth.authStore.getSnapshot().token).toBeNull();
    expect(auth.assign).not.toHaveBeenCalled();
  });

  it("rejects with 'Sign-in with Microsoft is not configured.' when not configured", async () => {
    auth.configureAuth({ msClientId: null });
    await expect(auth.completeMicrosoftLogin()).rejects.toThrow('Sign-in with Microsoft is not configured.');
    expect(mockMsal.loads).toBe(0);
  });
});

describe('MSAL is never imported statically', () => {
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
    });

  it('has no static import, re-export or require of @azure/msal-browser in the auth lib', () => {
    const offenders = sources(path.join(__dirname, '..')).filter((file) => {
      const code = fs.readFileSync(file, 'utf8');
      return (
        /^\s*(import|export)\s[^;]*?from\s*['"]@azure\/msal-browser['"]/m.test(code) ||
        /^\s*import\s*['"]@azure\/msal-browser['"]/m.test(code) ||
        /require\(\s*['"]@azure\/msal-browser['"]\s*\)/.test(code)
      );
    });
    expect(offenders).toEqual([]);
  });

  it('loads it with a dynamic import in microsoft.ts', () => {
    const code = fs.readFileSync(path.join(__dirname, 'microsoft.ts'), 'utf8');
    expect(code).toContain("import('@azure/msal-browser')");
  });
});
