import { screen, waitFor } from '@testing-library/react';
import { authStore, configureAuth } from '@vox/auth';
import type { User } from '@vox/contract';
import { createFakeServer, json, renderPage, type FakeAnswer } from '@vox/testing';
import { MicrosoftLoginPage } from './microsoft-login-page/microsoft-login-page';
import { MicrosoftLogoutPage } from './microsoft-logout-page/microsoft-logout-page';

// Microsoft is the internet edge of the sign-in, so MSAL is mocked: it hands back one account.
jest.mock('@azure/msal-browser', () => ({
  PublicClientApplication: jest.fn(() => ({
    initialize: async () => undefined,
    handleRedirectPromise: async () => ({ account: { homeAccountId: 'ms-1' }, idToken: 'ms-id-token' }),
    setActiveAccount: () => undefined,
    getActiveAccount: () => null,
    getAllAccounts: () => [],
  })),
}));

const ada: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

let calls: string[] = [];
function serve(routes: Record<string, () => FakeAnswer>) {
  calls = createFakeServer().routes(routes).requests;
}

/** The page at `path`, with the two places a sign-in leads to. */
const renderAt = (path: string, element: React.ReactElement) =>
  renderPage(element, {
    route: path,
    routes: [
      { path: '/scripts', element: <h1>Scripts home</h1> },
      { path: '/', element: <h1>Podcast home</h1> },
    ],
  });

afterEach(() => authStore.clear());

describe('MicrosoftLoginPage', () => {
  it('shows why the sign-in failed, with a way back to the login', async () => {
    configureAuth({ msClientId: null, msAuthority: null });
    serve({});
    renderAt('/auth/ms/login', <MicrosoftLoginPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Logging you in with Microsoft');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in with Microsoft is not configured.');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's text when it refuses the Microsoft sign-in", async () => {
    configureAuth({ msClientId: 'client-1', msAuthority: null });
    serve({ 'POST /api/users/authenticate/microsoft': () => json(401, { message: 'Your Microsoft sign-in has expired. Please sign in again.' }) });
    renderAt('/auth/ms/login', <MicrosoftLoginPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your Microsoft sign-in has expired. Please sign in again.');
    expect(authStore.getSnapshot().user).toBeNull();
  });

  it('signs in and goes to the scripts', async () => {
    configureAuth({ msClientId: 'client-1', msAuthority: null });
    serve({ 'POST /api/users/authenticate/microsoft': () => json(200, { user: ada, token: 'tok' }) });
    renderAt('/auth/ms/login', <MicrosoftLoginPage />);
    expect(await screen.findByRole('heading', { name: 'Scripts home' })).toBeInTheDocument();
    expect(authStore.getSnapshot().user?.id).toBe('u1');
    expect(calls).toContain('POST /api/users/authenticate/microsoft');
  });

  it('goes to / on the podcast site', async () => {
    configureAuth({ msClientId: 'client-1', msAuthority: null });
    serve({ 'POST /api/users/authenticate/microsoft': () => json(200, { user: ada, token: 'tok' }) });
    renderAt('/auth/ms/login', <MicrosoftLoginPage homePath="/" />);
    expect(await screen.findByRole('heading', { name: 'Podcast home' })).toBeInTheDocument();
  });
});

describe('MicrosoftLogoutPage', () => {
  it('signs a signed-in user out and says so', async () => {
    serve({ 'POST /api/users/signOut': () => json(204) });
    authStore.setSession({ token: 'tok', user: ada });
    renderAt('/auth/ms/logout', <MicrosoftLogoutPage />);
    expect(await screen.findByRole('heading', { name: 'You are logged out.' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/users/signOut');
    expect(authStore.getSnapshot().user).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('only says so when nobody is signed in', async () => {
    serve({});
    renderAt('/auth/ms/logout', <MicrosoftLogoutPage />);
    expect(screen.getByRole('heading', { name: 'You are logged out.' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toEqual([]));
  });
});
