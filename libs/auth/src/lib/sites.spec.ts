import { fakeServer, json, loadAuth, session, type AuthModules } from './fake-server';

const SITES = ['http://localhost', 'http://school.localhost', 'http://dashboard.localhost', 'http://podcast.localhost'];

let auth: AuthModules;
let sites: typeof import('./sites');

beforeEach(async () => {
  auth = await loadAuth();
  sites = await import('./sites');
});

afterEach(() => jest.useRealTimers());

describe('shareSignIn', () => {
  const at = (href: string) => ({ origin: new URL(href).origin, href });

  it('sends a sign-in made on another site through the hub and back to the same page', () => {
    auth.configureAuth({ siteOrigins: SITES, sharedCookie: false });
    expect(sites.shareSignIn(at('http://school.localhost/scripts?page=2'))).toBe(true);
    expect(auth.assign).toHaveBeenCalledWith(
      'http://localhost/api/users/handoff/start?from=http%3A%2F%2Fschool.localhost&return=http%3A%2F%2Fschool.localhost%2Fscripts%3Fpage%3D2',
    );
  });

  it('does nothing on the hub, under one shared cookie, or on a site the deployment does not list', () => {
    auth.configureAuth({ siteOrigins: SITES, sharedCookie: false });
    expect(sites.shareSignIn(at('http://localhost/scripts'))).toBe(false);
    expect(sites.shareSignIn(at('http://other.example/scripts'))).toBe(false);
    auth.configureAuth({ siteOrigins: SITES, sharedCookie: true });
    expect(sites.shareSignIn(at('http://school.localhost/scripts'))).toBe(false);
    expect(auth.assign).not.toHaveBeenCalled();
  });
});

describe('watchSession', () => {
  it('empties the store within one period once another site ended the session', async () => {
    jest.useFakeTimers();
    let alive = true;
    const server = fakeServer({
      'POST /api/users/refresh-token': () => (alive ? json(200, session('u1', 'jwt-2')) : json(401, { message: 'Your session has ended. Please log in again.' })),
      'GET /api/users/session': () => (alive ? json(200, { privileges: [] }) : json(401, { message: 'Your session has expired. Please log in again.' })),
    });
    auth.api.configure({ fetch: server.fetch });
    auth.connectApiClient();
    auth.authStore.setSession(session('u1', 'jwt-1'));
    const stop = sites.watchSession(auth.refreshSession, 3000);
    await jest.advanceTimersByTimeAsync(3000);
    expect(server.callsTo('GET', '/api/users/session')).toHaveLength(1);
    expect(auth.authStore.getSnapshot().token).toBe('jwt-1');
    alive = false;
    await jest.advanceTimersByTimeAsync(3000);
    expect(auth.authStore.getSnapshot()).toMatchObject({ token: null, user: null });
    expect(auth.assign).not.toHaveBeenCalled();
    // Signed out: no more checks.
    await jest.advanceTimersByTimeAsync(9000);
    expect(server.callsTo('GET', '/api/users/session')).toHaveLength(2);
    stop();
  });

  it('renews the session within one period once a membership was bought or ended elsewhere, and only then', async () => {
    jest.useFakeTimers();
    let held: string[] = [];
    const writer = (token: string) => ({ ...session('u1', token), user: { ...session('u1').user, role: { name: 'member', privileges: [...held] } } });
    let issued = 1;
    const server = fakeServer({
      'POST /api/users/refresh-token': () => json(200, writer(`jwt-${++issued}`)),
      'GET /api/users/session': () => json(200, { privileges: held }),
    });
    auth.api.configure({ fetch: server.fetch });
    auth.connectApiClient();
    auth.authStore.setSession(session('u1', 'jwt-1'));
    const stop = sites.watchSession(auth.refreshSession, 1500);
    await jest.advanceTimersByTimeAsync(1500);
    expect(server.callsTo('POST', '/api/users/refresh-token')).toHaveLength(0);

    // Bought in another tab: the next check renews the session, whose user holds the privileges.
    held = ['draft', 'template'];
    await jest.advanceTimersByTimeAsync(1500);
    expect(server.callsTo('POST', '/api/users/refresh-token')).toHaveLength(1);
    expect(auth.authStore.getSnapshot().user?.role.privileges).toEqual(['draft', 'template']);
    await jest.advanceTimersByTimeAsync(3000);
    expect(server.callsTo('POST', '/api/users/refresh-token')).toHaveLength(1);

    // Ended: the same, the other way.
    held = [];
    await jest.advanceTimersByTimeAsync(1500);
    expect(server.callsTo('POST', '/api/users/refresh-token')).toHaveLength(2);
    expect(auth.authStore.getSnapshot().user?.role.privileges).toEqual([]);
    stop();
  });
});
