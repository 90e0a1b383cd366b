import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authModal, authStore, configureAuth } from '@vox/auth';
import type { User } from '@vox/contract';
import { ScriptRedirectPage } from './script-redirect-page/script-redirect-page';
import { ShareLinkPage } from './share-link-page/share-link-page';
import { ScriptsPage } from './scripts-page/scripts-page';
import { createFakeServer, json, renderPage } from '@vox/testing';

const member: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const log = jest.fn(async () => undefined);

beforeEach(() => {
  log.mockClear();
  configureAuth({ activity: { log } });
});
afterEach(() => {
  authStore.clear();
  authModal.close();
});

const where = () => screen.getByTestId('location');

describe('/script/{scriptId}', () => {
  it('resolves the script to its session and opens it in place of this entry', async () => {
    const calls = createFakeServer().routes({ 'GET /api/scripts/sc1/session': () => json(200, { id: 'se9' }) }).requests;
    renderPage(<ScriptRedirectPage />, { path: '/script/:scriptId', route: ['/scripts', '/script/sc1'] });
    expect(screen.getByRole('status')).toHaveTextContent('Opening the script');
    await waitFor(() => expect(where()).toHaveTextContent('/session/se9'));
    expect(calls).toEqual(['GET /api/scripts/sc1/session']);
  });

  it('goes back to the previous page when the script is not found', async () => {
    createFakeServer().routes({ 'GET /api/scripts/gone/session': () => json(404, { message: 'This script was not found.' }) });
    renderPage(<ScriptRedirectPage />, { path: '/script/:scriptId', route: ['/history', '/script/gone'] });
    await waitFor(() => expect(where()).toHaveTextContent('/history'));
  });

  it('goes back when the call fails', async () => {
    createFakeServer().routes({ 'GET /api/scripts/sc1/session': () => json(500, { message: 'An error occurred.' }) });
    renderPage(<ScriptRedirectPage />, { path: '/script/:scriptId', route: ['/friends', '/script/sc1'] });
    await waitFor(() => expect(where()).toHaveTextContent('/friends'));
  });

  it('goes home when there is no previous page of ours to go back to', async () => {
    createFakeServer().routes({});
    renderPage(<ScriptRedirectPage />, { path: '/script/:scriptId', route: ['/script/nope'] });
    await waitFor(() => expect(where()).toHaveTextContent(/^\/$/));
  });
});

describe('/s/{linkId}', () => {
  it('logged in: opens the session, logging open_sharelink with the session id and script', async () => {
    authStore.setSession({ token: 't', user: member });
    createFakeServer().routes({ 'GET /api/sharelinks/l1/session': () => json(200, { id: 'se9', scriptId: 'sc1' }) });
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    await waitFor(() => expect(where()).toHaveTextContent('/session/se9'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('open_sharelink', '/s/l1', { id: 'se9', script: 'sc1' });
  });

  it('logged in: an invalid link shows a back bar and the seed text', async () => {
    authStore.setSession({ token: 't', user: member });
    createFakeServer().routes({ 'GET /api/sharelinks/bad/session': () => json(404, { message: 'Not found' }) });
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/notifications', '/s/bad'] });
    expect(await screen.findByText('This link is invalid.')).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where()).toHaveTextContent('/notifications'));
  });

  it('logged out: asks to log in without calling the server, and the button opens the login modal', () => {
    const calls = createFakeServer().routes({}).requests;
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    expect(screen.getByText('Please log in to access the shared script.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(authModal.getSnapshot()).toBe('login');
    expect(calls).toEqual([]);
  });

  it('resolves the link once the visitor logs in', async () => {
    createFakeServer().routes({ 'GET /api/sharelinks/l1/session': () => json(200, { id: 'se9', scriptId: 'sc1' }) });
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    expect(screen.getByText('Please log in to access the shared script.')).toBeInTheDocument();
    act(() => authStore.setSession({ token: 't', user: member }));
    await waitFor(() => expect(where()).toHaveTextContent('/session/se9'));
    expect(log).toHaveBeenCalledWith('open_sharelink', '/s/l1', { id: 'se9', script: 'sc1' });
  });
});

describe('pages', () => {
  it('the scripts page names the three lists and search', () => {
    renderPage(<ScriptsPage />, { route: '/scripts' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your scripts' })).toBeInTheDocument();
    expect(screen.getByText(/your friends' scripts and public scripts/)).toHaveTextContent(/search/);
  });
});
