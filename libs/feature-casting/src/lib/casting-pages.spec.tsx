import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import type { Script, User } from '@vox/contract';
import { AUDITION_MESSAGES, CASTING_MESSAGES, OPEN_CALLS, type CastingAudition, type CastingCall, type CastingRoleCues, type ReportedCastingCalls } from '@vox/contract/casting';
import { createTakeQueue, setTakeQueue, type PendingTake, type TakeUploader } from '@vox/recording';
import { createFakeServer, json, pageTitle, renderRoutes } from '@vox/testing';
import { AuditionPage } from './audition-page/audition-page';
import { CastingBoardPage } from './board-page/board-page';
import { CastingCallFormPage } from './call-form/call-form-page';
import { CALL_FORM_TEXTS } from './call-form/call-form';
import { CastingCallPage } from './call-page/call-page';
import { ReportedCallsPage } from './reports-page/reports-page';

/** Tests that fill a whole form take more than Jest's 5 s when the machine is busy. */
const TYPING_TIMEOUT = 30_000;

const pages = {
  '/casting': <CastingBoardPage />,
  '/casting/new': <CastingCallFormPage />,
  '/casting/calls/:callId': <CastingCallPage />,
  '/casting/calls/:callId/edit': <CastingCallFormPage />,
  '/casting/reports': <ReportedCallsPage />,
  '/casting/calls/:callId/roles/:roleId/audition': <AuditionPage />,
};

const member: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const person = { id: 'u2', handle: 'grace', name: 'Grace', photo: null };
const staffMember: User = { ...member, id: 'u9', handle: 'sam', name: 'Sam', role: { name: 'staff', privileges: ['show_metrics'] } };

const script: Script = {
  id: 'sc1',
  title: 'The Last Bus',
  synopsis: 'Two strangers wait for the last bus home.',
  genre: 'Drama',
  language: 'en',
  cover: null,
  visibility: 'public',
  isFree: false,
  owner: { id: 'u1', handle: 'ada', name: 'Ada', photo: null },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  canEdit: true,
  roles: [
    { name: 'Maya', description: 'A night nurse.' },
    { name: 'Tom', description: '' },
    { name: 'Driver', description: '' },
  ],
  lines: [
    { id: 'l1', kind: 'scene', role: null, parenthetical: null, text: 'EXT. BUS STOP - NIGHT' },
    { id: 'l2', kind: 'dialogue', role: 'Maya', parenthetical: null, text: 'Is it always this late?' },
    { id: 'l3', kind: 'dialogue', role: 'Tom', parenthetical: null, text: 'Only on Fridays.' },
    { id: 'l4', kind: 'dialogue', role: 'Maya', parenthetical: '(laughing)', text: 'It is Friday.' },
    { id: 'l5', kind: 'dialogue', role: 'Tom', parenthetical: null, text: 'Then we wait.' },
    { id: 'l6', kind: 'dialogue', role: 'Maya', parenthetical: null, text: 'Then we wait.' },
    { id: 'l7', kind: 'dialogue', role: 'Maya', parenthetical: null, text: 'Here it comes.' },
  ],
};

const call = (over: Partial<CastingCall> = {}): CastingCall => ({
  id: 'c1',
  owner: person,
  script: { id: 'sc9', title: 'Harbour Lights', synopsis: 'A lighthouse keeper’s last night.', genre: 'Drama', language: 'en' },
  roles: [
    {
      id: 'r1',
      name: 'Keeper',
      description: 'Old, tired, kind.',
      voiceNotes: 'Scottish, gravelly',
      sides: [{ lineId: 'x1', parenthetical: null, text: 'The light must burn.' }],
      castMember: null,
      castAt: null,
      auditionCount: null,
    },
  ],
  deadline: '2027-01-15T23:59:00.000Z',
  paid: true,
  payNote: '£50 on delivery',
  visibility: 'public',
  linkId: null,
  status: 'open',
  closedAt: null,
  mine: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const page = (items: CastingCall[], total = items.length, pageNo = 1) => ({ items, total, page: pageNo, pageSize: 20 });

afterEach(() => authStore.clear());

describe('/casting, the board', () => {
  it('lists open calls for a visitor, with who posts them, the deadline, pay and the roles still open', async () => {
    const server = createFakeServer().on('castingCalls', () => json(200, page([call(), call({ id: 'c2', paid: false, script: { ...call().script, title: 'Night Shift' } })])));
    renderRoutes(pages, { route: '/casting', user: null });
    expect(pageTitle()).toHaveTextContent('Casting calls');
    const list = await screen.findByRole('list', { name: 'Open casting calls' });
    const items = within(list).getAllByRole('listitem', { name: '' }).filter((li) => li.classList.contains('vox-casting-card'));
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute('href', '/casting/calls/c1');
    expect(items[0]).toHaveTextContent('Posted by Grace');
    expect(items[0]).toHaveTextContent('Paid');
    expect(items[0]).toHaveTextContent('Casting: Keeper');
    expect(items[1]).toHaveTextContent('Unpaid');
    expect(screen.getByText('2 open calls')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My calls' })).not.toBeInTheDocument();
    expect(server.requests).toEqual(['GET /api/casting/calls']);
  });

  it('sends the search and every filter to the server, and keeps them through the address', async () => {
    const server = createFakeServer().on('castingCalls', () => json(200, page([call()])));
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting', user: member });
    await screen.findByRole('list', { name: 'Open casting calls' });
    await user.type(screen.getByRole('searchbox', { name: 'Search calls' }), 'lighthouse');
    await user.type(screen.getByRole('textbox', { name: 'Voice notes' }), 'Scottish');
    await user.type(screen.getByRole('textbox', { name: 'Language' }), 'en');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pay' }), 'Paid only');
    await user.click(screen.getByRole('checkbox', { name: /Closing soon/ }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]).toBe('GET /api/casting/calls?q=lighthouse&voice=Scottish&language=en&paid=true&closingSoon=true');
    // The form is drawn again from the address it wrote: the same filters come back.
    expect(screen.getByRole('searchbox', { name: 'Search calls' })).toHaveValue('lighthouse');
    expect(screen.getByRole('combobox', { name: 'Pay' })).toHaveValue('yes');
    expect(screen.getByRole('checkbox', { name: /Closing soon/ })).toBeChecked();
    expect(screen.queryByRole('link', { name: 'Reported calls' })).not.toBeInTheDocument();
  }, TYPING_TIMEOUT);

  it('links staff to the reported calls', async () => {
    createFakeServer().on('castingCalls', () => json(200, page([call()])));
    renderRoutes(pages, { route: '/casting', user: staffMember });
    expect(await screen.findByRole('link', { name: 'Reported calls' })).toHaveAttribute('href', '/casting/reports');
  });

  it('reads the filters from the address, and says when nothing matches', async () => {
    const server = createFakeServer().on('castingCalls', () => json(200, page([])));
    renderRoutes(pages, { route: '/casting?voice=Welsh&paid=no&page=2', user: null });
    expect(await screen.findByText('No open calls match your search.')).toBeInTheDocument();
    expect(server.requests).toEqual(['GET /api/casting/calls?voice=Welsh&paid=false&page=2']);
    expect(screen.getByRole('textbox', { name: 'Voice notes' })).toHaveValue('Welsh');
    expect(screen.getByRole('combobox', { name: 'Pay' })).toHaveValue('no');
  });

  it('pages through the calls with Previous and Next links that keep the filters', async () => {
    createFakeServer().on('castingCalls', () => json(200, page([call()], 45, 2)));
    renderRoutes(pages, { route: '/casting?q=bus&page=2', user: null });
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/casting?q=bus');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/casting?q=bus&page=3');
  });
});

describe('/casting/calls/{callId}', () => {
  it('shows the script, the roles with their sides, the deadline and pay, and an audition link per open role', async () => {
    createFakeServer().on('castingCall', () =>
      json(200, call({ roles: [...call().roles, { ...call().roles[0], id: 'r2', name: 'Sailor', castMember: person, castAt: '2026-11-25T10:00:00.000Z' }] })),
    );
    renderRoutes(pages, { route: '/casting/calls/c1', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeInTheDocument();
    expect(screen.getByText('A lighthouse keeper’s last night.')).toBeInTheDocument();
    expect(screen.getByText('Pay: £50 on delivery')).toBeInTheDocument();
    const roles = within(screen.getByRole('list', { name: 'Roles' })).getAllByRole('listitem').filter((li) => li.classList.contains('vox-casting-role'));
    expect(roles[0]).toHaveTextContent('Voice: Scottish, gravelly');
    expect(within(roles[0]).getByRole('list', { name: 'Audition sides for Keeper' })).toHaveTextContent('The light must burn.');
    expect(within(roles[0]).getByRole('link', { name: 'Audition for Keeper' })).toHaveAttribute('href', '/casting/calls/c1/roles/r1/audition');
    expect(roles[1]).toHaveTextContent('Cast: Grace');
    expect(within(roles[1]).queryByRole('link', { name: /Audition/ })).not.toBeInTheDocument();
  });

  it('gives the owner edit, close, review links and the link-only address', async () => {
    createFakeServer().on('castingCall', () => json(200, call({ mine: true, visibility: 'link', linkId: 'LNK1' })));
    renderRoutes(pages, { route: '/casting/calls/c1', user: member });
    expect(await screen.findByRole('link', { name: 'Edit call' })).toHaveAttribute('href', '/casting/calls/c1/edit');
    expect(screen.getByRole('button', { name: 'Close call' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review auditions for Keeper' })).toHaveAttribute('href', '/casting/calls/c1/roles/r1/review');
    expect(screen.getByText(/Link only: share this address/)).toHaveTextContent('http://localhost/casting/link/LNK1');
    expect(screen.queryByRole('button', { name: 'Report this call' })).not.toBeInTheDocument();
  });

  it('offers a visitor no report: only a signed-in member can report', async () => {
    createFakeServer().on('castingCall', () => json(200, call()));
    renderRoutes(pages, { route: '/casting/calls/c1', user: null });
    await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' });
    expect(screen.queryByRole('button', { name: 'Report this call' })).not.toBeInTheDocument();
  });

  it('lets a member report the call with a reason, Send report being the default button, then says it arrived', async () => {
    const server = createFakeServer().on('castingCall', () => json(200, call())).on('reportCastingCall', () => json(204));
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting/calls/c1', user: member });
    await user.click(await screen.findByRole('button', { name: 'Report this call' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this call' });
    expect(dialog).toHaveAccessibleDescription('Tell staff what is wrong with this casting call. They decide whether to hide it.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason).toHaveFocus();
    await user.type(reason, '  Asks for money up front.  ');
    // The form's submit button: pressing Enter in a field sends it.
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toHaveAttribute('type', 'submit');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Staff will look at this casting call.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = server.calls.find((c) => c.name === 'reportCastingCall');
    expect(sent?.url).toBe('/api/casting/calls/c1/report');
    expect(sent?.body).toEqual({ reason: 'Asks for money up front.' });
  });

  it('sends a report without a reason, and shows the server’s text when there were too many, keeping the dialog', async () => {
    let answer = json(429, { message: AUDITION_MESSAGES.tooManyReports });
    const server = createFakeServer().on('castingCall', () => json(200, call())).on('reportCastingCall', () => answer);
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting/calls/c1', user: member });
    await user.click(await screen.findByRole('button', { name: 'Report this call' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this call' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports in a short time. Please wait a minute and try again.');
    expect(screen.queryByText('Thank you. Staff will look at this casting call.')).not.toBeInTheDocument();
    answer = json(204);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Staff will look at this casting call.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.name === 'reportCastingCall').map((c) => c.body)).toEqual([{}, {}]);
  });
});

describe('/casting/reports, for staff', () => {
  const reported = (over: Partial<ReportedCastingCalls['items'][number]> = {}): ReportedCastingCalls['items'][number] => ({
    callId: 'c1',
    scriptTitle: 'Harbour Lights',
    owner: person,
    reports: 2,
    lastReason: 'Asks for money up front.',
    lastReportedAt: '2026-11-26T09:30:00.000Z',
    hidden: false,
    ...over,
  });

  it('tells a member without the staff role that the page is for staff, without asking the server', async () => {
    const server = createFakeServer();
    renderRoutes(pages, { route: '/casting/reports', user: member });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff can see reported casting calls and hide them.');
    expect(server.requests).toEqual([]);
  });

  it('lists the reported calls with their counts and latest reason, and hides and unhides them', async () => {
    let hidden = false;
    const server = createFakeServer()
      .on('reportedCastingCalls', () =>
        json(200, { items: [reported({ hidden }), reported({ callId: 'c2', scriptTitle: 'Night Shift', reports: 1, lastReason: '' })] }),
      )
      .on('hideCastingCall', (c) => {
        hidden = (c.body as { hidden: boolean }).hidden;
        return json(200, call({ id: 'c1' }));
      });
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting/reports', user: staffMember });
    expect(pageTitle()).toHaveTextContent('Reported casting calls');
    const list = await screen.findByRole('list', { name: 'Reported casting calls' });
    const items = within(list).getAllByRole('listitem').filter((li) => li.classList.contains('vox-casting-card'));
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Harbour Lights' })).toHaveAttribute('href', '/casting/calls/c1');
    expect(items[0]).toHaveTextContent('Posted by Grace');
    expect(items[0]).toHaveTextContent('2 reports');
    expect(items[0]).toHaveTextContent('Latest reason: Asks for money up front.');
    expect(items[1]).toHaveTextContent('1 report');
    expect(items[1]).toHaveTextContent('No reason given.');

    await user.click(within(items[0]).getByRole('button', { name: 'Hide Harbour Lights' }));
    expect(await screen.findByRole('button', { name: 'Unhide Harbour Lights' })).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unhide Harbour Lights' }));
    expect(await screen.findByRole('button', { name: 'Hide Harbour Lights' })).toBeInTheDocument();
    const puts = server.calls.filter((c) => c.name === 'hideCastingCall');
    expect(puts.map((c) => [c.url, c.body])).toEqual([
      ['/api/casting/calls/c1/hidden', { hidden: true }],
      ['/api/casting/calls/c1/hidden', { hidden: false }],
    ]);
  });

  it('says when nothing is reported', async () => {
    createFakeServer().on('reportedCastingCalls', () => json(200, { items: [] }));
    renderRoutes(pages, { route: '/casting/reports', user: staffMember });
    expect(await screen.findByText('No casting call has been reported.')).toBeInTheDocument();
  });
});

describe('/casting/new, the form', () => {
  const withScripts = (limits = { open: 0, max: OPEN_CALLS.member }) =>
    createFakeServer()
      .on('castingLimits', () => json(200, limits))
      .on('scripts', () => json(200, { items: [{ ...script, roleCount: 3, lineCount: 7 }], total: 1, page: 1, pageSize: 100 }))
      .on('script', () => json(200, script));

  it('shows the open-calls limit before posting, and the way to more', async () => {
    withScripts();
    renderRoutes(pages, { route: '/casting/new', user: member });
    expect(await screen.findByText('0 of 1 open call used.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see memberships' })).toHaveAttribute('href', '/membership');
  });

  it('at the limit, says so and does not post', async () => {
    withScripts({ open: 1, max: 1 });
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting/new', user: member });
    expect(await screen.findByText('1 of 1 open call used.')).toBeInTheDocument();
    expect(screen.getByText(CASTING_MESSAGES.openCallsLimit)).toBeInTheDocument();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Script' }), 'The Last Bus');
    expect(await screen.findByRole('button', { name: 'Post call' })).toBeDisabled();
  });

  it('refuses a call without a role, a role without sides, and a deadline in the past, with the texts beside them', async () => {
    const server = withScripts();
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting/new', user: member });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Script' }), 'The Last Bus');
    await user.click(await screen.findByRole('button', { name: 'Post call' }));
    expect(screen.getByText(CALL_FORM_TEXTS.roles)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Maya' }));
    const maya = screen.getByRole('region', { name: 'Role: Maya' });
    // The first three of Maya's lines are her sides until the owner changes them.
    const sides = within(maya).getAllByRole('checkbox');
    expect(sides.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true, false]);
    for (const box of sides.slice(0, 3)) await user.click(box);
    const deadline = screen.getByLabelText('Deadline');
    await user.clear(deadline);
    await user.type(deadline, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Post call' }));
    expect(within(maya).getByText(CALL_FORM_TEXTS.sides)).toBeInTheDocument();
    expect(screen.getByText(CALL_FORM_TEXTS.deadlineInPast)).toBeInTheDocument();
    expect(screen.queryByText(CALL_FORM_TEXTS.roles)).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  }, TYPING_TIMEOUT);

  it('posts the chosen roles with their notes and sides, pay and visibility, then opens the call', async () => {
    let sent: unknown = null;
    withScripts().on('createCastingCall', ({ body }) => {
      sent = body;
      return json(201, call({ id: 'c7', mine: true }));
    }).on('castingCall', () => json(200, call({ id: 'c7', mine: true })));
    const user = userEvent.setup();
    renderRoutes(pages, { route: '/casting/new', user: member });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Script' }), 'The Last Bus');
    await user.click(await screen.findByRole('checkbox', { name: 'Maya' }));
    await user.type(screen.getByRole('textbox', { name: 'Voice notes for Maya' }), 'Thirties, Irish');
    await user.click(screen.getByRole('checkbox', { name: 'Here it comes.' }));
    await user.click(screen.getByRole('radio', { name: 'Paid' }));
    await user.type(screen.getByRole('textbox', { name: 'Pay note' }), '£40');
    await user.click(screen.getByRole('radio', { name: /Link only/ }));
    await user.click(screen.getByRole('button', { name: 'Post call' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/casting/calls/c7'));
    expect(sent).toEqual({
      scriptId: 'sc1',
      roles: [{ name: 'Maya', description: 'A night nurse.', voiceNotes: 'Thirties, Irish', sides: ['l2', 'l4', 'l6', 'l7'] }],
      deadline: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      paid: true,
      payNote: '£40',
      visibility: 'link',
    });
  }, TYPING_TIMEOUT);
});

describe('/casting/calls/{callId}/roles/{roleId}/audition: takes through the outbox', () => {
  const cues: CastingRoleCues = {
    callId: 'c1',
    roleId: 'r1',
    roleName: 'Keeper',
    scriptTitle: 'Harbour Lights',
    sides: [{ lineId: 'x1', parenthetical: null, text: 'The light must burn.', cues: [] }],
  };
  const draft = (takes: CastingAudition['takes']): CastingAudition => ({
    id: 'a1',
    callId: 'c1',
    roleId: 'r1',
    roleName: 'Keeper',
    auditioner: { id: 'u1', handle: 'ada', name: 'Ada', photo: null },
    status: 'draft',
    sentAt: null,
    takes,
    wholeFile: null,
    review: null,
    cast: false,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
  });
  const kept: PendingTake = {
    clientId: 'take-0001',
    userId: 'u1',
    target: { kind: 'audition', callId: 'c1', roleId: 'r1', auditionId: 'a1' },
    lineId: 'x1',
    audio: new Blob(['abc'], { type: 'audio/webm' }),
    contentType: 'audio/webm',
    durationMs: 1500,
    createdAt: '2026-11-26T10:01:00.000Z',
    error: null,
  };

  afterEach(() => setTakeQueue(null));

  it('shows a kept take waiting (from an earlier visit), holds Send and the file until it arrives, then offers to send', async () => {
    const online = { value: false };
    const uploads: Array<{ take: PendingTake; resolve: (answer: unknown) => void }> = [];
    const upload: TakeUploader = (take) => new Promise((resolve) => uploads.push({ take, resolve }));
    const stored = new Map([[kept.clientId, kept]]);
    const queue = createTakeQueue({
      store: { list: async () => [...stored.values()], get: async (id) => stored.get(id), put: async (t) => void stored.set(t.clientId, t), remove: async (id) => void stored.delete(id) },
      uploaders: { audition: upload },
      isOnline: () => online.value,
    });
    setTakeQueue(queue);
    // The audition already has a take of the line (an earlier one, that the kept take replaces):
    // complete as the server sees it, yet Send waits for the take still on its way.
    const earlier = { lineId: 'x1', audioUrl: '/api/casting/audition-audio/a1/x1?expires=1&sig=old', contentType: 'audio/webm', byteSize: 3, durationMs: 900, createdAt: '2026-11-26T10:00:30.000Z' };
    let mine = draft([earlier]);
    createFakeServer()
      .on('castingCall', () => json(200, call()))
      .on('castingRoleCues', () => json(200, cues))
      .on('myCastingAuditions', () => json(200, { items: [mine] }));
    renderRoutes(pages, { route: '/casting/calls/c1/roles/r1/audition', user: member });

    const side = await screen.findByRole('listitem', { name: 'Line 1' });
    expect(await within(side).findByText('Your take of line 1: Waiting to upload')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 take is waiting to upload. They are kept in this browser until they arrive. You can send your audition once they have arrived.',
    );
    expect(screen.getByRole('button', { name: 'Send audition' })).toBeDisabled();
    expect(screen.getByLabelText('Or upload one file for the whole audition')).toBeDisabled();
    expect(within(side).queryByLabelText('Your take of line 1')).not.toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    // The network is back: the take goes, the page asks for the audition again and may send it.
    online.value = true;
    queue.wake();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0].take).toMatchObject({ clientId: 'take-0001', lineId: 'x1', target: { kind: 'audition', auditionId: 'a1' } });
    expect(await within(side).findByText('Your take of line 1: Uploading 0%')).toBeInTheDocument();
    const take = { lineId: 'x1', audioUrl: '/api/casting/audition-audio/a1/x1?expires=1&sig=s', contentType: 'audio/webm', byteSize: 3, durationMs: 1500, createdAt: '2026-11-26T10:02:00.000Z' };
    mine = draft([take]);
    uploads[0].resolve(take);
    expect(await within(side).findByLabelText('Your take of line 1')).toHaveAttribute('src', take.audioUrl);
    expect(within(side).queryByText(/^Your take of line 1: /)).not.toBeInTheDocument();
    expect(screen.getByText('Listen back, then send it. You can send one audition for this role.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send audition' })).toBeEnabled();
    expect(screen.getByLabelText('Or upload one file for the whole audition')).toBeEnabled();
    expect(stored.size).toBe(0);
  });
});
