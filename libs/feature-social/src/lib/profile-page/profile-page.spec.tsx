import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authModal, authStore } from '@vox/auth';
import type { Profile, User } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { ProfilePage } from './profile-page';

const me: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const grace = (relationship: Profile['relationship']): Profile => ({
  id: 'u2',
  handle: 'grace',
  name: 'Grace Hopper',
  photo: null,
  bio: 'Reads the villains.',
  relationship,
});
const noScripts = () => json(200, { items: [], total: 0, page: 1, pageSize: 50 });
const scriptsOf = (id: string) => `GET /api/scripts?owner=${id}&scope=public&pageSize=50`;

function renderProfile(url: string) {
  const view = renderPage(<ProfilePage />, { path: '/members/:handle', route: url });
  return view;
}

afterEach(() => {
  authStore.clear();
  authModal.close();
});

describe('ProfilePage', () => {
  it("shows a member's name, handle, bio and public scripts, by handle", async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/grace': () => json(200, grace('none')),
      [scriptsOf('u2')]: () =>
        json(200, {
          items: [{ id: 'sc1', title: 'The Night Shift', genre: 'Drama', roleCount: 3, lineCount: 42, synopsis: '', language: 'en', cover: null, visibility: 'public', isFree: false, owner: grace('none'), createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' }],
          total: 1,
          page: 1,
          pageSize: 50,
        }),
    });
    renderProfile('/members/grace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    // The tab names the person too.
    expect(document.title).toBe('Grace Hopper · VoxClub');
    expect(screen.getByText('@grace')).toBeInTheDocument();
    expect(screen.getByText('Reads the villains.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'The Night Shift' })).toHaveAttribute('href', '/script/sc1');
    expect(screen.getByText('Drama · 3 roles · 42 lines')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('calls a member without a name Guest, and shows an empty state when the scripts listing is not there', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/users/profile/u7': () => json(200, { id: 'u7', handle: null, name: null, photo: null, bio: null, relationship: 'none' }),
      [scriptsOf('u7')]: () => json(404, { message: 'Not found' }),
    });
    renderPage(<ProfilePage />, { path: '/profile/:userId', route: '/profile/u7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest' })).toBeInTheDocument();
    expect(await screen.findByText('Guest has no public scripts yet.')).toBeInTheDocument();
  });

  it('answers an unknown member with the server text', async () => {
    createFakeServer({ token: 'token' }).routes({ 'GET /api/users/by-handle/nobody': () => json(404, { message: 'This member was not found.' }) });
    renderProfile('/members/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'This member was not found.' })).toBeInTheDocument();
  });

  it('follows the relationship: Add friend, Request sent — Cancel, Accept, Friends — Message, Remove', async () => {
    authStore.setSession({ token: 't', user: me });
    let state: Profile['relationship'] = 'none';
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/grace': () => json(200, grace(state)),
      [scriptsOf('u2')]: noScripts,
      'POST /api/friendships/requests': () => {
        state = 'outgoing';
        return json(200, { status: 'requested', message: 'Friend request sent to Grace Hopper.', user: grace('none') });
      },
      'DELETE /api/friendships/requests/u2': () => {
        state = 'incoming';
        return json(200, { message: 'Friend request cancelled.' });
      },
      'POST /api/friendships/requests/u2/accept': () => {
        state = 'friends';
        return json(200, { message: 'You are friends now.' });
      },
    }).calls;
    renderProfile('/members/grace');
    await userEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(await screen.findByText('Friend request sent to Grace Hopper.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/friendships/requests')?.body).toEqual({ userId: 'u2' });
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    // (The server now says Grace asked me: pretend the cancel crossed her request.)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('Grace Hopper asked to be your friend')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Friends')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('asks a visitor to log in before adding a friend', async () => {
    createFakeServer({ token: 'token' }).routes({ 'GET /api/users/by-handle/grace': () => json(200, grace('none')), [scriptsOf('u2')]: noScripts });
    renderProfile('/members/grace');
    await userEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(authModal.getSnapshot()).toBe('login');
  });

  it('edits my own profile: handle rules as I type, the server’s refusal, then the saved profile in the header’s store', async () => {
    authStore.setSession({ token: 't', user: me });
    const mine: Profile = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, bio: null, relationship: 'self' };
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      'GET /api/users/by-handle/ada.l': () => json(200, { ...mine, handle: 'ada.l', name: 'Ada Lovelace' }),
      [scriptsOf('u1')]: noScripts,
      'PATCH /api/users/me': (body) =>
        (body as { handle: string }).handle === 'grace'
          ? json(409, { message: 'This handle is already taken. Choose another one.' })
          : json(200, {
              user: { ...me, handle: 'ada.l', name: 'Ada Lovelace' },
              profile: { ...mine, handle: 'ada.l', name: 'Ada Lovelace' },
              message: 'Your profile is saved.',
            }),
    }).calls;
    renderProfile('/members/ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    const handle = within(dialog).getByLabelText('Handle');
    await userEvent.clear(handle);
    await userEvent.type(handle, 'a b');
    expect(within(dialog).getByText('A handle may use letters, digits, dots, dashes and underscores, and must start and end with a letter or digit.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(handle);
    await userEvent.type(handle, 'grace');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The refusal is the handle field's own message (it sat at the dialog's bottom), and
    // focus goes to the field it describes.
    await waitFor(() => expect(handle).toHaveAccessibleDescription(expect.stringContaining('This handle is already taken. Choose another one.')));
    expect(handle).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // It goes as soon as the handle changes, and comes back for the same handle.
    await userEvent.type(handle, 'x');
    expect(within(dialog).queryByText('This handle is already taken. Choose another one.')).not.toBeInTheDocument();
    await userEvent.type(handle, '{Backspace}');
    expect(within(dialog).getByText('This handle is already taken. Choose another one.')).toBeInTheDocument();

    await userEvent.clear(handle);
    await userEvent.type(handle, 'ada.l');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada Lovelace');
    await userEvent.type(within(dialog).getByLabelText('Bio'), 'Poet of numbers.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key === 'PATCH /api/users/me').at(-1)?.body).toEqual({ name: 'Ada Lovelace', handle: 'ada.l', bio: 'Poet of numbers.' });
    // The header reads the auth store: it has the new name and handle without a reload.
    expect(authStore.getSnapshot().user).toMatchObject({ name: 'Ada Lovelace', handle: 'ada.l' });
    // The page moves to the new handle's address (the router applies navigations in a transition).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/members/ada.l'));
  });

  it('previews a chosen photo, uploads it as the file field "photo", and shows a refusal', async () => {
    authStore.setSession({ token: 't', user: me });
    const mine: Profile = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, bio: null, relationship: 'self' };
    let uploads = 0;
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      [scriptsOf('u1')]: noScripts,
      'POST /api/users/photo': () =>
        ++uploads === 1
          ? json(422, { message: 'Animated pictures cannot be profile photos. Upload a still picture.' })
          : json(200, { user: { ...me, photo: 'f'.repeat(64) }, profile: { ...mine, photo: 'f'.repeat(64) }, message: 'Your profile is saved.' }),
    }).calls;
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (created.push(blob), `blob:preview-${created.length}`);
    URL.revokeObjectURL = () => undefined;
    renderProfile('/members/ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    const file = new File([new Uint8Array([0x47, 0x49, 0x46])], 'dance.gif', { type: 'image/gif' });
    await userEvent.upload(within(dialog).getByLabelText('Photo', { selector: 'input' }), file);
    expect(within(dialog).getByRole('img', { name: 'Ada' })).toHaveAttribute('src', 'blob:preview-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Animated pictures cannot be profile photos. Upload a still picture.');
    const sent = calls.find((c) => c.key === 'POST /api/users/photo')?.body as FormData;
    expect(sent.get('photo')).toBeInstanceOf(File);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload photo' }));
    expect(await within(dialog).findByText('Your new photo is saved.')).toBeInTheDocument();
    expect(authStore.getSnapshot().user?.photo).toBe('f'.repeat(64));
  });

  // Choosing a photo and pressing Save dropped the photo.
  it('saves a chosen photo with Save, then the fields', async () => {
    authStore.setSession({ token: 't', user: me });
    const mine: Profile = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, bio: null, relationship: 'self' };
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      [scriptsOf('u1')]: noScripts,
      'POST /api/users/photo': () => json(200, { user: { ...me, photo: 'f'.repeat(64) }, profile: { ...mine, photo: 'f'.repeat(64) }, message: 'Your profile is saved.' }),
      'PATCH /api/users/me': () => json(200, { user: { ...me, photo: 'f'.repeat(64) }, profile: { ...mine, photo: 'f'.repeat(64) }, message: 'Your profile is saved.' }),
    }).calls;
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
    renderProfile('/members/ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    await userEvent.upload(within(dialog).getByLabelText('Photo', { selector: 'input' }), new File([new Uint8Array([0x89, 0x50])], 'me.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => c.key).filter((k) => !k.startsWith('GET'))).toEqual(['POST /api/users/photo', 'PATCH /api/users/me']);
    expect(authStore.getSnapshot().user?.photo).toBe('f'.repeat(64));
  });

  it('clears a stale server refusal as soon as a field is edited', async () => {
    authStore.setSession({ token: 't', user: me });
    const mine: Profile = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, bio: null, relationship: 'self' };
    createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      [scriptsOf('u1')]: noScripts,
      'PATCH /api/users/me': () => json(500, { message: 'Something went wrong. Try again.' }),
    });
    renderProfile('/members/ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong. Try again.');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'x'.repeat(81));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ProfilePage, the roles a member was cast in', () => {
  const credits = (shown: boolean, items: Array<{ callId: string; scriptTitle: string; roleName: string }>) =>
    json(200, { shown, items: items.map((item) => ({ ...item, castAt: '2026-11-20T10:00:00.000Z' })) });
  const mine: Profile = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, bio: null, relationship: 'self' };

  it('lists "Cast in" with each role, its script and a link to the casting call', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/grace': () => json(200, grace('none')),
      [scriptsOf('u2')]: noScripts,
      'GET /api/casting/members/u2/credits': () =>
        credits(true, [
          { callId: 'c1', scriptTitle: 'Harbour Lights', roleName: 'Keeper' },
          { callId: 'c2', scriptTitle: 'The Last Bus', roleName: 'Maya' },
        ]),
    });
    renderProfile('/members/grace');
    const section = await screen.findByRole('region', { name: 'Cast in 2' });
    const rows = within(within(section).getByRole('list', { name: 'Cast in' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Keeper in Harbour Lights', 'Maya in The Last Bus']);
    expect(within(rows[0]).getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute('href', '/casting/calls/c1');
    expect(within(section).queryByText(/Only you see this list/)).not.toBeInTheDocument();
  });

  it('shows no "Cast in" when the member has no credits to show', async () => {
    const server = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/grace': () => json(200, grace('none')),
      [scriptsOf('u2')]: noScripts,
      'GET /api/casting/members/u2/credits': () => credits(false, []),
    });
    renderProfile('/members/grace');
    await screen.findByText('Grace Hopper has no public scripts yet.');
    await waitFor(() => expect(server.requests).toContain('GET /api/casting/members/u2/credits'));
    expect(screen.queryByRole('heading', { name: /Cast in/ })).not.toBeInTheDocument();
  });

  it('tells me when only I see my credits', async () => {
    authStore.setSession({ token: 't', user: me });
    createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      [scriptsOf('u1')]: noScripts,
      'GET /api/casting/members/u1/credits': () => credits(true, [{ callId: 'c1', scriptTitle: 'Harbour Lights', roleName: 'Keeper' }]),
      'GET /api/casting/settings': () => json(200, { showCredits: false }),
    });
    renderProfile('/members/ada');
    expect(await screen.findByText('Only you see this list: your profile keeps it from others (Edit profile changes that).')).toBeInTheDocument();
  });

  it('binds "Show the roles I was cast in on my profile" to my casting settings, saved with Save when changed', async () => {
    authStore.setSession({ token: 't', user: me });
    let showCredits = true;
    const server = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      [scriptsOf('u1')]: noScripts,
      'GET /api/casting/members/u1/credits': () => credits(true, []),
      'GET /api/casting/settings': () => json(200, { showCredits }),
      'PUT /api/casting/settings': (body) => {
        showCredits = (body as { showCredits: boolean }).showCredits;
        return json(200, { showCredits });
      },
      'PATCH /api/users/me': () => json(200, { user: me, profile: mine, message: 'Your profile is saved.' }),
    });
    renderProfile('/members/ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    const box = await within(dialog).findByRole('checkbox', { name: 'Show the roles I was cast in on my profile' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    // Unchanged, Save sends no setting.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests.filter((r) => r.startsWith('PUT'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show the roles I was cast in on my profile' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = server.calls.filter((c) => c.key === 'PUT /api/casting/settings');
    expect(put.map((c) => c.body)).toEqual([{ showCredits: false }]);
    // The setting is saved before the profile's fields.
    expect(server.requests.filter((r) => !r.startsWith('GET'))).toEqual(['PATCH /api/users/me', 'PUT /api/casting/settings', 'PATCH /api/users/me']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(within(screen.getByRole('dialog', { name: 'Edit profile' })).getByRole('checkbox', { name: 'Show the roles I was cast in on my profile' })).not.toBeChecked();
  });

  it('keeps the dialog open with the server’s text when the setting is refused', async () => {
    authStore.setSession({ token: 't', user: me });
    const server = createFakeServer({ token: 'token' }).routes({
      'GET /api/users/by-handle/ada': () => json(200, mine),
      [scriptsOf('u1')]: noScripts,
      'GET /api/casting/settings': () => json(200, { showCredits: true }),
      'PUT /api/casting/settings': () => json(429, { message: 'Too many changes in a short time. Please wait a minute and try again.' }),
    });
    renderProfile('/members/ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    const box = await within(dialog).findByRole('checkbox', { name: 'Show the roles I was cast in on my profile' });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many changes in a short time. Please wait a minute and try again.');
    expect(box).not.toBeChecked();
    expect(server.requests).not.toContain('PATCH /api/users/me');
  });
});
