import { coreEndpoints, type EndpointName } from '@vox/contract';
import { createApiClient, type ApiClient } from './api-client';
import type { ActivityEntry } from '@vox/contract';
import { fakeFetch, json } from './fake-fetch';

const SIGN_IN = { user: { id: 'u1', role: { name: 'member', privileges: [] }, classes: [] }, token: 'jwt' };

function setup(answer: unknown = {}) {
  const fake = fakeFetch(() => json(200, answer));
  return { api: createApiClient({ fetch: fake.fetch, getToken: () => 'tok' }), calls: fake.calls };
}

const entry: ActivityEntry = {
  userId: 'u1',
  localTime: '2025-06-15T14:00:00.000Z',
  session: 'abcDEF1234',
  path: '/scripts',
  action: 'visit',
  context: null,
};

type Case = [name: string, call: (api: ApiClient) => Promise<unknown>, method: string, url: string, body: unknown];

const cases: Case[] = [
  ['getScriptSession', (api) => api.getScriptSession('sc 1'), 'GET', '/api/scripts/sc%201/session', undefined],
  ['getShareLinkSession', (api) => api.getShareLinkSession('ln1'), 'GET', '/api/sharelinks/ln1/session', undefined],
  ['getNewNotifications(after)', (api) => api.getNewNotifications('n 42'), 'GET', '/api/notifications/new?after=n+42', undefined],
  ['getNewNotifications()', (api) => api.getNewNotifications(), 'GET', '/api/notifications/new', undefined],
  ['refreshToken', (api) => api.refreshToken(), 'POST', '/api/users/refresh-token', undefined],
  ['signOut', (api) => api.signOut(), 'POST', '/api/users/signOut', undefined],
  ['getSubscriptions()', (api) => api.getSubscriptions(), 'GET', '/api/subscriptions', undefined],
  ['getSubscriptions(userId)', (api) => api.getSubscriptions('u 7'), 'GET', '/api/subscriptions?user=u+7', undefined],
  [
    'authenticate',
    (api) => api.authenticate({ username: 'ada', password: 'secret' }),
    'POST',
    '/api/users/authenticate',
    { username: 'ada', password: 'secret' },
  ],
  ['authenticateMicrosoft', (api) => api.authenticateMicrosoft('id.token'), 'POST', '/api/users/authenticate/microsoft', { idToken: 'id.token' }],
  [
    'createUser',
    (api) => api.createUser({ username: ' ada@example.com ', password: ' secret ' }),
    'POST',
    '/api/users/create',
    { username: ' ada@example.com ', password: ' secret ' },
  ],
  ['passwordCode', (api) => api.passwordCode({ username: 'ada' }), 'POST', '/api/users/password/code', { username: 'ada' }],
  [
    'passwordVerify',
    (api) => api.passwordVerify({ username: 'ada', code: '123456' }),
    'POST',
    '/api/users/password/verify',
    { username: 'ada', code: '123456' },
  ],
  [
    'passwordReset',
    (api) => api.passwordReset({ username: 'ada', code: '123456', password: 'newpass' }),
    'POST',
    '/api/users/password/reset',
    { username: 'ada', code: '123456', password: 'newpass' },
  ],
  ['getFriendships', (api) => api.getFriendships(), 'GET', '/api/friendships/', undefined],
  ['postActivity', (api) => api.postActivity(entry), 'POST', '/api/activities/', entry],
  ['getPublicConfig', (api) => api.getPublicConfig(), 'GET', '/api/config/public', undefined],
];

describe('typed calls for every contract path', () => {
  it('has a named call for each core call and the public settings', () => {
    const endpointOf: Record<string, EndpointName> = {
      getScriptSession: 'scriptSession',
      getShareLinkSession: 'shareLinkSession',
      getNewNotifications: 'newNotifications',
      refreshToken: 'refreshToken',
      signOut: 'signOut',
      getSubscriptions: 'subscriptions',
      authenticate: 'authenticate',
      authenticateMicrosoft: 'authenticateMicrosoft',
      createUser: 'createUser',
      passwordCode: 'passwordCode',
      passwordVerify: 'passwordVerify',
      passwordReset: 'passwordReset',
      getFriendships: 'friendships',
      loadUserPhoto: 'userPhoto',
      postActivity: 'postActivity',
      getPublicConfig: 'publicConfig',
    };
    const { api } = setup();
    for (const [call, endpoint] of Object.entries(endpointOf)) {
      expect(typeof api[call as keyof ApiClient]).toBe('function');
      // The shell makes these calls: they must be in the core table it shares, not in an area's.
      expect(coreEndpoints[endpoint as keyof typeof coreEndpoints]?.name).toBe(endpoint);
    }
  });

  it.each(cases)('%s sends %s %s', async (name, call, method, url, body) => {
    const { api, calls } = setup();
    await call(api);
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe(method);
    expect(calls[0].url).toBe(url);
    expect(calls[0].body === undefined ? undefined : JSON.parse(String(calls[0].body))).toEqual(body);
    // The refresh authenticates by its cookie alone (api-client.spec.ts).
    expect(calls[0].headers['Authorization']).toBe(name === 'refreshToken' ? undefined : 'Bearer tok');
  });

  it('answers the parsed body', async () => {
    const { api } = setup(SIGN_IN);
    await expect(api.authenticate({ username: 'ada', password: 'secret' })).resolves.toEqual(SIGN_IN);
    await expect(setup({ count: 3 }).api.getNewNotifications('x')).resolves.toEqual({ count: 3 });
  });

  it.each([
    ['authenticate', (api: ApiClient) => api.authenticate({ username: 'ada', password: 'wrong' })],
    ['authenticateMicrosoft', (api: ApiClient) => api.authenticateMicrosoft('bad')],
    ['createUser', (api: ApiClient) => api.createUser({ username: 'ada', password: 'x' })],
    ['passwordCode', (api: ApiClient) => api.passwordCode({ username: 'ada' })],
    ['passwordVerify', (api: ApiClient) => api.passwordVerify({ username: 'ada', code: '1' })],
    ['passwordReset', (api: ApiClient) => api.passwordReset({ username: 'ada', code: '1', password: 'p' })],
  ])('%s shows a 401 as the server text, without refresh, retry or redirect', async (_name, call) => {
    const refresh = jest.fn();
    const onUnauthorized = jest.fn();
    const fake = fakeFetch(() => json(401, { message: 'Incorrect username or password.' }));
    const api = createApiClient({ fetch: fake.fetch, refresh, onUnauthorized });
    await expect(call(api)).rejects.toMatchObject({ status: 401, message: 'Incorrect username or password.' });
    expect(fake.calls).toHaveLength(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('getFriendships and postActivity do take part in the refresh loop', async () => {
    let token = 'old';
    const fake = fakeFetch((call) => (call.headers['Authorization'] === 'Bearer new' ? json(200, []) : json(401, {})));
    const api = createApiClient({
      fetch: fake.fetch,
      getToken: () => token,
      refresh: async () => {
        token = 'new';
      },
    });
    await expect(api.getFriendships()).resolves.toEqual([]);
    expect(fake.calls).toHaveLength(2);
  });
});
