import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import type { Person, User } from '@vox/contract';
import { createFakeServer, json, renderPage, type FakeAnswer } from '@vox/testing';
import { FriendsPage } from './friends-page';

const me: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const grace = { id: 'u2', handle: 'grace', name: 'Grace Hopper', photo: null };
const alan = { id: 'u3', handle: null, name: null, photo: null };
const linus = { id: 'u4', handle: 'linus', name: 'Linus', photo: null };
const asUser = (p: Person) => ({ ...p, role: { name: 'member', privileges: [] }, classes: [] });
const now = new Date().toISOString();

beforeEach(() => authStore.setSession({ token: 'token', user: me }));
afterEach(() => authStore.clear());

function server(extra: Record<string, (body: unknown) => FakeAnswer> = {}) {
  return createFakeServer({ token: 'token' }).routes({
    'GET /api/friendships/': () => json(200, [{ user: asUser(grace) }]),
    'GET /api/friendships/requests': () => json(200, { incoming: [{ user: alan, createdAt: now }], outgoing: [{ user: linus, createdAt: now }] }),
    ...extra,
  }).calls;
}

describe('FriendsPage', () => {
  it('lists friends and pending requests both ways, with their actions', async () => {
    server();
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your friends' })).toBeInTheDocument();
    const friends = await screen.findByRole('list', { name: 'Friends' });
    expect(within(friends).getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', '/members/grace');
    expect(within(friends).getByRole('button', { name: 'Message Grace Hopper' })).toBeInTheDocument();
    const incoming = screen.getByRole('list', { name: 'Requests for you' });
    // No name: Guest, and the profile link goes by id.
    expect(within(incoming).getByRole('link', { name: /Guest/ })).toHaveAttribute('href', '/profile/u3');
    expect(within(incoming).getByRole('button', { name: 'Accept Guest' })).toBeInTheDocument();
    expect(within(incoming).getByRole('button', { name: 'Decline Guest' })).toBeInTheDocument();
    const outgoing = screen.getByRole('list', { name: 'Requests you sent' });
    expect(within(outgoing).getByRole('button', { name: 'Cancel request to Linus' })).toBeInTheDocument();
  });

  it('names a friend without a name by their handle, as script cards do (the person-name rule)', async () => {
    const hopper = { id: 'u5', handle: 'hopper', name: null, photo: null };
    server({ 'GET /api/friendships/': () => json(200, [{ user: asUser(hopper) }]) });
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    const friends = await screen.findByRole('list', { name: 'Friends' });
    const link = within(friends).getByRole('link', { name: /@hopper/ });
    expect(link).toHaveAttribute('href', '/members/hopper');
    // The handle is the name here; it is not shown a second time beneath it.
    expect(within(link).getAllByText('@hopper')).toHaveLength(1);
    expect(within(friends).getByRole('button', { name: 'Message @hopper' })).toBeInTheDocument();
  });

  it("sends a request by handle or email and shows the server's answer, or its refusal", async () => {
    const calls = server({
      'POST /api/friendships/requests': (body) =>
        (body as { to: string }).to === 'nobody'
          ? json(404, { message: 'No member has this handle or email.' })
          : json(200, { status: 'requested', message: 'Friend request sent to Linus.', user: linus }),
    });
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    const field = screen.getByLabelText('Handle or email');
    await userEvent.type(field, 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No member has this handle or email.');
    // What was typed stays for a correction.
    expect(field).toHaveValue('nobody');
    await userEvent.clear(field);
    await userEvent.type(field, '@linus');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Friend request sent to Linus.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.body)).toEqual([{ to: 'nobody' }, { to: '@linus' }]);
    expect(field).toHaveValue('');
  });

  it('accepts, declines and cancels through the request routes', async () => {
    const calls = server({
      'POST /api/friendships/requests/u3/accept': () => json(200, { message: 'You are friends now.' }),
      'DELETE /api/friendships/requests/u4': () => json(200, { message: 'Friend request cancelled.' }),
    });
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Guest' }));
    expect(await screen.findByText('You are friends now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel request to Linus' }));
    expect(await screen.findByText('Friend request cancelled.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(expect.arrayContaining(['POST /api/friendships/requests/u3/accept', 'DELETE /api/friendships/requests/u4']));
  });

  it('removes a friend only after confirming', async () => {
    const calls = server({ 'DELETE /api/friendships/u2': () => json(200, { message: 'Removed from your friends.' }) });
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Grace Hopper?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove friend' }));
    expect(await screen.findByText('Removed from your friends.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('writes a message to a friend from the list', async () => {
    const calls = server({ 'POST /api/messages': () => json(201, { id: 'n1', message: 'Message sent to Grace Hopper.' }) });
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    await userEvent.click(await screen.findByRole('button', { name: 'Message Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Message Grace Hopper' });
    await userEvent.type(within(dialog).getByLabelText('Your message'), 'Read with me tonight?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to Grace Hopper.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/messages')?.body).toEqual({ to: 'u2', text: 'Read with me tonight?' });
  });

  it('shows an empty list when the friends fetch fails', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/friendships/': () => json(500, { message: 'Something went wrong on our side. Please try again.' }),
      'GET /api/friendships/requests': () => json(200, { incoming: [], outgoing: [] }),
    });
    renderPage(<FriendsPage />, { path: '/friends', route: '/friends' });
    expect(await screen.findByText('No friends yet. Add someone by their handle or email above.')).toBeInTheDocument();
  });
});
