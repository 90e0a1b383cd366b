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

  it('logged in: an invalid link shows a back bar and the fixed text', async () => {
    authStore.setSession({ token: 't', user: member });
    createFakeServer().routes({ 'GET /api/sharelinks/bad/session': () => json(404, { message: 'Not found' }) });
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/notifications', '/s/bad'] });
    expect(await screen.findByText('This link is invalid.')).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where()).toHaveTextContent('/notifications'));
  });

  it('logged out: asks to log in without joining (only the public preview is asked), and the button opens the login modal', async () => {
    // The logged-out page asks for the link's public preview; it never resolves (joins) the
    // link before someone signs in.
    const calls = createFakeServer().routes({ 'GET /api/sharelinks/l1/preview': () => json(200, { title: 'Hamlet, III.1', inviter: 'Ada Lovelace', role: 'Ophelia' }) }).requests;
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    expect(await screen.findByText('Please log in to access the shared script.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(authModal.getSnapshot()).toBe('login');
    expect(calls).toEqual(['GET /api/sharelinks/l1/preview']);
  });

  it('logged out: leads with who invited to read which role in which script, then Sign up and Log in, the fixed sentence below', async () => {
    createFakeServer().routes({ 'GET /api/sharelinks/l1/preview': () => json(200, { title: 'Hamlet, III.1', inviter: 'Ada Lovelace', role: 'Ophelia' }) });
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^Ada Lovelace invited you to read Ophelia in “Hamlet, III.1”$/);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Sign up', 'Log in']);
    const seed = screen.getByText('Please log in to access the shared script.');
    // Below the buttons, after the invitation.
    expect(screen.getByRole('button', { name: 'Log in' }).compareDocumentPosition(seed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heading.compareDocumentPosition(seed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(authModal.getSnapshot()).toBe('register');
    expect(where()).toHaveTextContent('/s/l1');
  });

  it('logged out: a link for any role says so; a revoked or unknown link offers Log in only, never Sign up', async () => {
    createFakeServer().routes({
      'GET /api/sharelinks/any/preview': () => json(200, { title: 'Ophelia alone', inviter: '@grace', role: null }),
      'GET /api/sharelinks/gone/preview': () => json(404, { message: 'This link is invalid.' }),
    });
    const first = renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/any'] });
    expect(await screen.findByRole('heading', { level: 1, name: '@grace invited you to read a role of your choice in “Ophelia alone”' })).toBeInTheDocument();
    first.unmount();
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/gone'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Please log in to access the shared script.' })).toBeInTheDocument();
    expect(screen.getByText('This link may have been revoked, or mistyped. Ask the person who shared it for a new one.')).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Log in']);
    expect(screen.queryByText(/invited you/)).not.toBeInTheDocument();
  });

  it('does not resolve the link when the visitor joins here: the first-run step leads back to it', async () => {
    const calls = createFakeServer().routes({
      'GET /api/sharelinks/l1/session': () => json(200, { id: 'se9', scriptId: 'sc1' }),
      'GET /api/sharelinks/l1/preview': () => json(200, { title: 'Hamlet, III.1', inviter: 'Ada Lovelace', role: null }),
    }).requests;
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    act(() => {
      authStore.setSession({ token: 't', user: member });
      authModal.close();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where()).toHaveTextContent('/s/l1');
    expect(calls).not.toContain('GET /api/sharelinks/l1/session');
  });

  it('resolves the link once the visitor logs in', async () => {
    createFakeServer().routes({
      'GET /api/sharelinks/l1/session': () => json(200, { id: 'se9', scriptId: 'sc1' }),
      'GET /api/sharelinks/l1/preview': () => json(200, { title: 'Hamlet, III.1', inviter: 'Ada Lovelace', role: null }),
    });
    renderPage(<ShareLinkPage />, { path: '/s/:linkId', route: ['/s/l1'] });
    expect(await screen.findByText('Please log in to access the shared script.')).toBeInTheDocument();
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
