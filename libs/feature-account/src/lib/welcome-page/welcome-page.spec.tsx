import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import { displayName, type User } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { PICKED_SCENE_KEY } from '@vox/contract';
import { safeNext, WelcomePage } from './welcome-page';

const newcomer: User = { id: 'u1', handle: null, name: null, photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const named = (name: string, handle: string): User => ({ ...newcomer, name, handle });
const myProfile = (user: User) => ({
  user,
  profile: { id: user.id, handle: user.handle, name: user.name, photo: user.photo, bio: null, relationship: 'self' as const },
  message: 'Your profile is saved.',
});

afterEach(() => authStore.clear());

describe('/welcome, the first-run step', () => {
  it('keeps the suggested handle at once: the header user and the form show the same @handle, and Skip for now keeps it', async () => {
    const server = createFakeServer({ token: 't' });
    const sent: unknown[] = [];
    server.on('handleSuggestion', () => json(200, { handle: 'ada.lovelace' }));
    server.on('updateMyProfile', ({ body }) => {
      sent.push(body);
      return json(200, myProfile(named('', 'ada.lovelace')));
    });
    server.on('showcase', () => json(200, { scenes: [] }));
    renderPage(<WelcomePage />, { route: '/welcome', user: newcomer, server });
    await waitFor(() => expect(authStore.getSnapshot().user?.handle).toBe('ada.lovelace'));
    expect(sent).toEqual([{ handle: 'ada.lovelace' }]);
    // What the header shows (displayName of the signed-in user) is what the form shows.
    expect(displayName(authStore.getSnapshot().user!)).toBe('@ada.lovelace');
    expect(screen.getByLabelText('Handle')).toHaveValue('ada.lovelace');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set, @ada.lovelace' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(authStore.getSnapshot().user?.handle).toBe('ada.lovelace');
  });

  it('saves no suggestion over a handle the account already has', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('handleSuggestion', () => json(200, { handle: 'other' }));
    renderPage(<WelcomePage />, { route: '/welcome', user: named('', 'grace'), server });
    expect(screen.getByLabelText('Handle')).toHaveValue('grace');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
  });

  it('suggests a handle from the email, saves name and handle, and the header user follows', async () => {
    const server = createFakeServer({ token: 't' });
    const sent: unknown[] = [];
    server.on('handleSuggestion', () => json(200, { handle: 'ada.lovelace' }));
    server.on('updateMyProfile', ({ body }) => {
      sent.push(body);
      const { name = null, handle } = body as { name?: string; handle: string };
      return json(200, myProfile({ ...newcomer, name, handle }));
    });
    server.on('showcase', () => json(200, { scenes: [{ scriptId: 'sc1', title: 'Hamlet, III.1', synopsis: '', roles: ['Hamlet'], lineCount: 2, read: null }] }));
    renderPage(<WelcomePage />, { route: '/welcome', user: newcomer, server });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to VoxClub' })).toBeInTheDocument();
    const handle = screen.getByLabelText('Handle');
    await waitFor(() => expect(handle).toHaveValue('ada.lovelace'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Display name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set, Ada Lovelace' })).toBeInTheDocument();
    // The suggestion is kept at once, then the form saves name and handle.
    expect(sent).toEqual([{ handle: 'ada.lovelace' }, { name: 'Ada Lovelace', handle: 'ada.lovelace' }]);
    expect(authStore.getSnapshot().user?.name).toBe('Ada Lovelace');
    expect(await screen.findByRole('link', { name: 'Read "Hamlet, III.1"' })).toHaveAttribute('href', '/script/sc1');
    expect(screen.getByRole('link', { name: 'Invite a friend' })).toHaveAttribute('href', '/friends');
  });

  it('offers the demo scene the visitor chose on the front door, not the shortest, and only once', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('showcase', () =>
      json(200, {
        scenes: [
          { scriptId: 'sc1', title: 'Hamlet, Act I, Scene 1', synopsis: '', roles: ['Hamlet'], lineCount: 60, read: null },
          { scriptId: 'sc2', title: 'Macbeth, Act I, Scene 1', synopsis: '', roles: ['First Witch'], lineCount: 13, read: null },
        ],
      }),
    );
    sessionStorage.setItem(PICKED_SCENE_KEY, 'sc1');
    const view = renderPage(<WelcomePage />, { route: '/welcome', user: named('Ada Lovelace', 'ada'), server });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('link', { name: 'Read "Hamlet, Act I, Scene 1"' })).toHaveAttribute('href', '/script/sc1');
    expect(screen.getByText('Claim a role in the scene you picked and record your first lines.')).toBeInTheDocument();
    expect(sessionStorage.getItem(PICKED_SCENE_KEY)).toBeNull();
    view.unmount();
    // Without a choice, the shortest scene is the easiest first read.
    renderPage(<WelcomePage />, { route: '/welcome', user: named('Ada Lovelace', 'ada'), server });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('link', { name: 'Read "Macbeth, Act I, Scene 1"' })).toHaveAttribute('href', '/script/sc2');
  });

  it("checks the handle with the server's rules before sending, and shows the server's refusal", async () => {
    const server = createFakeServer({ token: 't' });
    server.on('handleSuggestion', () => json(200, { handle: null }));
    server.on('updateMyProfile', () => json(409, { message: 'This handle is already taken. Choose another one.' }));
    renderPage(<WelcomePage />, { route: '/welcome', user: newcomer, server });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Handle'), 'a!');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByLabelText('Handle')).toHaveAccessibleDescription(/A handle needs 3 to 30 characters\./);
    expect(server.requests.filter((r) => r.startsWith('PATCH'))).toEqual([]);
    await user.clear(screen.getByLabelText('Handle'));
    await user.type(screen.getByLabelText('Handle'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This handle is already taken. Choose another one.');
  });

  it('leads back to the page joined from (a share link) after saving or skipping', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('handleSuggestion', () => json(200, { handle: 'ada' }));
    server.on('updateMyProfile', () => json(200, myProfile(named('Ada', 'ada'))));
    renderPage(<WelcomePage />, { route: '/welcome?next=%2Fs%2Flink1', user: newcomer, server });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const back = await screen.findByRole('link', { name: 'Continue to the shared script' });
    expect(back).toHaveAttribute('href', '/s/link1');
  });

  it('on the podcast site asks for the name alone, then goes on to where the member was headed, or home', async () => {
    const server = createFakeServer({ token: 't' });
    const sent: unknown[] = [];
    server.on('handleSuggestion', () => json(200, { handle: 'ada' }));
    server.on('updateMyProfile', ({ body }) => {
      sent.push(body);
      return json(200, myProfile(named('Ada Lovelace', 'ada')));
    });
    renderPage(<WelcomePage site="podcast" />, { route: '/welcome?next=%2Fchannel%2Fc1', user: newcomer, server });
    expect(screen.queryByText('Step 1 of 2')).not.toBeInTheDocument();
    expect(screen.getByText('Tell listeners who you are. Your name shows on your channels, playlists and messages.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Display name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/channel/c1'));
    expect(sent).toContainEqual(expect.objectContaining({ name: 'Ada Lovelace' }));
    expect(screen.queryByText('What would you like to do first?')).not.toBeInTheDocument();
  });

  it('on the podcast site, Skip for now goes to its home', async () => {
    const server = createFakeServer({ token: 't' });
    server.on('handleSuggestion', () => json(200, { handle: 'ada' }));
    server.on('updateMyProfile', () => json(200, myProfile(named('', 'ada'))));
    renderPage(<WelcomePage site="podcast" />, { route: ['/', '/welcome'], user: newcomer, server, routes: [{ path: '/', element: <h1>Podcasts home</h1> }] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Podcasts home' })).toBeInTheDocument();
  });

  it('never leads to another site', () => {
    expect(safeNext('/s/abc')).toBe('/s/abc');
    expect(safeNext('//evil.example/x')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
