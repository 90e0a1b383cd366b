import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import type { NotificationItem, User } from '@vox/contract';
import { notificationQueryKeys } from '@vox/notifications-data';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { MessagesPage } from './messages-page';

const me: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const grace = { id: 'u2', handle: 'grace', name: 'Grace Hopper', photo: null };
const alan = { id: 'u3', handle: null, name: 'Alan', photo: null };
const at = new Date(Date.now() - 5 * 60_000).toISOString();
const item = (over: Partial<NotificationItem>): NotificationItem => ({
  id: 'n0',
  type: 'message',
  createdAt: at,
  unread: false,
  person: null,
  relationship: null,
  text: null,
  invite: null,
  membership: null,
  ...over,
});

const items: NotificationItem[] = [
  item({ id: 'n5', type: 'message', unread: true, person: grace, relationship: 'friends', text: 'Table read tonight?' }),
  item({ id: 'n4', type: 'friend_request', unread: true, person: alan, relationship: 'incoming' }),
  item({
    id: 'n3',
    type: 'session_invite',
    person: grace,
    relationship: 'friends',
    invite: { sessionId: 's1', scriptId: 'sc1', scriptTitle: 'Hamlet, Act III', linkId: 'L1', role: 'Ophelia' },
  }),
  item({ id: 'n2', type: 'membership', membership: { role: 'premium', expiry: '2027-01-31T12:00:00.000Z', event: 'granted' } }),
  item({ id: 'n1', type: 'friend_accepted', person: grace, relationship: 'friends' }),
];
const page1 = { items, total: 25, page: 1, pageSize: 20, lastSeen: 'n3' };

beforeEach(() => authStore.setSession({ token: 'token', user: me }));
afterEach(() => authStore.clear());

describe('MessagesPage', () => {
  it('lists every kind, newest first, marks the unread ones, and moves the seen mark into the red dot', async () => {
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, page1),
      'PUT /api/notifications/seen': () => json(200, { id: 'n5' }),
    }).calls;
    const { client } = renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.vox-messages__body')?.textContent?.replace(/\d+ minutes ago|Accept|Decline|Reply|Open session|Open conversation/g, '').trim())).toEqual([
      'NewGrace Hopper sent you a message.Table read tonight?',
      'NewAlan sent you a friend request.',
      'Grace Hopper invited you to read the role of Ophelia in Hamlet, Act III.',
      expect.stringMatching(/^Your premium membership is active until .*2027\.$/),
      'Grace Hopper accepted your friend request.',
    ]);
    expect(within(list).getAllByText('New')).toHaveLength(2);
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/notifications/seen')?.body).toEqual({ id: 'n5' }));
    await waitFor(() => expect(client.getQueryData(notificationQueryKeys.seen('u1'))).toEqual({ id: 'n5' }));
    // The marks of this visit stay while the page is open.
    expect(within(list).getAllByText('New')).toHaveLength(2);
  });

  it('acts inline: Accept a request, Open session, Reply to a message', async () => {
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, page1),
      'PUT /api/notifications/seen': () => json(200, { id: 'n5' }),
      'POST /api/friendships/requests/u3/accept': () => json(200, { message: 'You are friends now.' }),
      'POST /api/messages': () => json(201, { id: 'n9', message: 'Message sent to Grace Hopper.' }),
    }).calls;
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    expect(await screen.findByRole('link', { name: 'Open session' })).toHaveAttribute('href', '/s/L1');

    await userEvent.click(screen.getByRole('button', { name: 'Accept friend request from Alan' }));
    expect(await screen.findByText('You are friends')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept friend request from Alan' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reply to Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply to Grace Hopper' });
    await userEvent.type(within(dialog).getByLabelText('Your message'), 'Yes, 8 pm!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to Grace Hopper.')).toBeInTheDocument();
    // A reply from the list quotes the message it answers in the conversation.
    expect(calls.find((c) => c.key === 'POST /api/messages')?.body).toEqual({ to: 'u2', text: 'Yes, 8 pm!', replyTo: 'n5' });
  });

  it('keeps what was typed when the server refuses a reply', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, page1),
      'PUT /api/notifications/seen': () => json(200, { id: 'n5' }),
      'POST /api/messages': () => json(403, { message: 'You can send messages only to your friends.' }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to Grace Hopper' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your message'), 'Still there?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can send messages only to your friends.');
    expect(within(dialog).getByLabelText('Your message')).toHaveValue('Still there?');
  });

  it('pages through older messages without moving the mark back', async () => {
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, page1),
      'GET /api/notifications?page=2&pageSize=20': () =>
        json(200, { items: [item({ id: 'a1', type: 'message', person: grace, relationship: 'friends', text: 'An old one' })], total: 25, page: 2, pageSize: 20, lastSeen: 'n5' }),
      'PUT /api/notifications/seen': () => json(200, { id: 'n5' }),
    }).calls;
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('An old one')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(1);
  });

  it('words a role given to the account itself as a role, not as a membership', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () =>
        json(200, { items: [item({ id: 'r1', type: 'membership', membership: { role: 'staff', expiry: null, event: 'granted' } })], total: 1, page: 1, pageSize: 20, lastSeen: 'r1' }),
      'PUT /api/notifications/seen': () => json(200, { id: 'r1' }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    expect(await screen.findByText('Your account now has the staff role.')).toBeInTheDocument();
    expect(screen.queryByText('Your staff membership is active.')).not.toBeInTheDocument();
  });

  it("names the script in the grouped 'recorded N lines' message, as in the join message", async () => {
    const read = (lines: number | null, role: string | null) => ({ sessionId: 's1', scriptTitle: 'The Last Bus', role, lines });
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () =>
        json(200, {
          items: [
            item({ id: 'r2', type: 'read_recorded', person: grace, relationship: 'friends', read: read(3, 'MAYA') }),
            item({ id: 'r1', type: 'read_joined', person: grace, relationship: 'friends', read: read(null, 'MAYA') }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
          lastSeen: 'r2',
        }),
      'PUT /api/notifications/seen': () => json(200, { id: 'r2' }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.vox-messages__body')?.textContent?.replace(/\d+ minutes ago/g, '').trim())).toEqual([
      'Grace Hopper recorded 3 lines in The Last Bus · Open the read',
      'Grace Hopper joined your read of The Last Bus as MAYA · Open the read',
    ]);
  });

  it('tells an auditioner they were cast, with their table read, and the others that the role was cast', async () => {
    const note = (sessionId: string | null) => ({ callId: 'c1', roleName: 'MAYA', scriptTitle: 'The Last Bus', sessionId });
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () =>
        json(200, {
          items: [
            item({ id: 'k2', type: 'casting_cast', person: grace, relationship: 'none', text: 'Grace Hopper cast you as MAYA in The Last Bus. Your table read is ready.', casting: note('s9') }),
            item({ id: 'k1', type: 'casting_role_cast', person: grace, relationship: 'none', text: 'The role of MAYA in The Last Bus has been cast. Thank you for auditioning.', casting: note(null) }),
          ],
          total: 2,
          page: 1,
          pageSize: 20,
          lastSeen: 'k2',
        }),
      'PUT /api/notifications/seen': () => json(200, { id: 'k2' }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0].querySelector('.vox-messages__summary')).toHaveTextContent('Grace Hopper cast you as MAYA in The Last Bus.');
    expect(within(rows[0]).getByRole('link', { name: 'Open your table read' })).toHaveAttribute('href', '/session/s9');
    expect(rows[0].querySelector('.vox-messages__text')).toBeNull();
    expect(rows[1].querySelector('.vox-messages__summary')).toHaveTextContent('The role of MAYA in The Last Bus has been cast.');
    expect(within(rows[1]).queryByRole('link', { name: 'Open your table read' })).not.toBeInTheDocument();
  });

  it('tells of a draft a friend shared with me and of comments on lines of a draft, with links to the draft and the thread', async () => {
    const about = (threadId: string, fromLine: number, toLine: number, reply: boolean) => ({ draftId: 'd7', draftTitle: 'The Night Ferry', threadId, fromLine, toLine, reply });
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () =>
        json(200, {
          items: [
            item({ id: 'c3', type: 'draft_invite', person: grace, relationship: 'friends', text: null, draftInvite: { draftId: 'd7', draftTitle: 'The Night Ferry', role: 'commenter' } }),
            item({ id: 'c2', type: 'draft_comment', person: grace, relationship: 'none', text: 'Tired, and cold.', draftComment: about('t2', 4, 4, true) }),
            item({ id: 'c1', type: 'draft_comment', person: grace, relationship: 'none', text: 'Should Nora sound tired here?', draftComment: about('t1', 4, 6, false) }),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
          lastSeen: 'c3',
        }),
      'PUT /api/notifications/seen': () => json(200, { id: 'c3' }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0].querySelector('.vox-messages__summary')).toHaveTextContent('Grace Hopper invited you to comment on The Night Ferry.');
    expect(within(rows[0]).getByRole('link', { name: 'Open the draft' })).toHaveAttribute('href', '/write/d7');
    expect(rows[1].querySelector('.vox-messages__summary')).toHaveTextContent('Grace Hopper replied to a comment on line 4 of The Night Ferry.');
    expect(rows[1].querySelector('.vox-messages__text')).toHaveTextContent('Tired, and cold.');
    expect(within(rows[1]).getByRole('link', { name: 'Open the comment' })).toHaveAttribute('href', '/write/d7?comment=t2');
    expect(rows[2].querySelector('.vox-messages__summary')).toHaveTextContent('Grace Hopper commented on lines 4–6 of The Night Ferry.');
    expect(within(rows[2]).getByRole('link', { name: 'Open the comment' })).toHaveAttribute('href', '/write/d7?comment=t1');
  });

  it('words membership news: bought, cancelled at period end, ended', async () => {
    const membership = [
      item({ id: 'm3', type: 'membership', membership: { role: 'writer', expiry: null, event: 'revoked' } }),
      item({ id: 'm2', type: 'membership', membership: { role: 'writer', expiry: '2027-01-31T12:00:00.000Z', event: 'cancelled' } }),
      item({ id: 'm1', type: 'membership', membership: { role: 'writer', expiry: '2027-01-31T12:00:00.000Z', event: 'granted' } }),
    ];
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, { items: membership, total: 3, page: 1, pageSize: 20, lastSeen: 'm3' }),
      'PUT /api/notifications/seen': () => json(200, { id: 'm3' }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    const texts = within(list)
      .getAllByRole('listitem')
      .map((r) => r.querySelector('.vox-messages__body')?.textContent?.replace(/\d+ minutes ago/g, '').trim());
    expect(texts).toEqual([
      'Your writer membership has ended.',
      expect.stringMatching(/^Your writer membership is cancelled and ends on .*2027\.$/),
      expect.stringMatching(/^Your writer membership is active until .*2027\.$/),
    ]);
  });

  it('says so when there are no messages', async () => {
    const calls = createFakeServer({ token: 'token' }).routes({ 'GET /api/notifications?page=1&pageSize=20': () => json(200, { items: [], total: 0, page: 1, pageSize: 20, lastSeen: null }) }).calls;
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find friends' })).toHaveAttribute('href', '/friends');
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
  });

  // --- Conversations ---
  const thread = (over: Record<string, unknown> = {}) => ({
    person: grace,
    relationship: 'friends',
    canReply: true,
    unread: 1,
    messages: [
      { id: 'm1', fromMe: true, text: 'Table read tonight at 8?', createdAt: at, replyTo: null },
      { id: 'm2', fromMe: false, text: 'Yes, I will bring the bus scene.', createdAt: at, replyTo: { id: 'm1', fromMe: true, text: 'Table read tonight at 8?' } },
    ],
    ...over,
  });

  it('declines a friend request next to Accept', async () => {
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, page1),
      'PUT /api/notifications/seen': () => json(200, { id: 'n5' }),
      'POST /api/friendships/requests/u3/decline': () => json(200, { message: 'Friend request declined.' }),
    }).calls;
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline friend request from Alan' }));
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept friend request from Alan' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/friendships/requests/u3/decline']);
  });

  it('lists conversations with their unread counts and links each to its thread', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/notifications?page=1&pageSize=20': () => json(200, page1),
      'PUT /api/notifications/seen': () => json(200, { id: 'n5' }),
      'GET /api/conversations': () =>
        json(200, {
          items: [
            { person: grace, last: { id: 'm2', fromMe: false, text: 'Yes, I will bring the bus scene.', createdAt: at, replyTo: null }, unread: 2 },
            { person: alan, last: { id: 'm0', fromMe: true, text: 'Thanks!', createdAt: at, replyTo: null }, unread: 0 },
          ],
          unread: 2,
        }),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications' });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Grace HopperYes, I will bring the bus scene.');
    expect(rows[0]).toHaveTextContent('2 unread');
    expect(rows[1]).toHaveTextContent('You: Thanks!');
    expect(rows[1]).not.toHaveTextContent('unread');
    expect(within(rows[0]).getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', '/notifications?with=u2');
  });

  it('shows a thread from both sides, marks it read, and sends a quoted reply in place', async () => {
    let current = thread();
    const calls = createFakeServer({ token: 'token' }).routes({
      'GET /api/conversations/u2': () => json(200, current),
      'PUT /api/conversations/u2/read': () => json(200, { unread: 0 }),
      'POST /api/messages': () => {
        current = thread({
          unread: 0,
          messages: [...thread().messages, { id: 'm3', fromMe: true, text: 'Great, see you.', createdAt: at, replyTo: { id: 'm2', fromMe: false, text: 'Yes, I will bring the bus scene.' } }],
        });
        return json(201, { id: 'm3', message: 'Message sent to Grace Hopper.' });
      },
    }).calls;
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications?with=u2' });
    const list = await screen.findByRole('list', { name: 'Messages with Grace Hopper' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.vox-thread__from')?.textContent)).toEqual(['You', 'Grace Hopper']);
    expect(rows[1].querySelector('blockquote')).toHaveTextContent('Replying to you: Table read tonight at 8?');
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/conversations/u2/read')?.body).toEqual({ upTo: 'm2' }));

    await userEvent.click(within(rows[1]).getByRole('button', { name: /^Quote "Yes, I will bring/ }));
    const field = screen.getByLabelText('Write to Grace Hopper');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'Great, see you.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(list).findByText('Great, see you.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/messages')?.body).toEqual({ to: 'u2', text: 'Great, see you.', replyTo: 'm2' });
    expect(field).toHaveValue('');
  });

  it('keeps a thread with a former friend readable without a box to write in', async () => {
    createFakeServer({ token: 'token' }).routes({
      'GET /api/conversations/u2': () => json(200, thread({ relationship: 'none', canReply: false, unread: 0 })),
    });
    renderPage(<MessagesPage />, { path: '/notifications', route: '/notifications?with=u2' });
    expect(await screen.findByText('You can write only to friends. This conversation stays here to read.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Write to Grace Hopper')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/notifications');
  });
});
