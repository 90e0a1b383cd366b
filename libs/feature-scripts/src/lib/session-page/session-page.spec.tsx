import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authModal, authStore, configureAuth } from '@vox/auth';
import type { SessionDetail, ShareLink, Take, User } from '@vox/contract';
import { createFakeServer, json, person, renderPage, sessionAt, type FakeAnswer } from '@vox/testing';
import { createTakeQueue, setTakeQueue, type PendingTake, type TakeStore, type TakeUploader } from '@vox/recording';
import type { RecorderDevices, RecorderLike, SpeechOutput } from '@vox/recording';
import { SessionPage } from './session-page';

const ada: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const HASH = 'b'.repeat(64);

const take = (id: string, lineId: string, userId: string, picked: boolean, createdAt = '2026-11-21T10:00:00.000Z'): Take => ({
  id,
  lineId,
  userId,
  clientId: `client-${id}`,
  audio: id === 'tg' ? HASH : id.padEnd(64, '0').replace(/[^0-9a-f]/g, 'a'),
  contentType: 'audio/webm',
  byteSize: 2048,
  durationMs: 3200,
  picked,
  createdAt,
});

function session(overrides: Partial<SessionDetail> = {}): SessionDetail {
  return sessionAt({
    script: {
      ...sessionAt().script,
      title: 'The Importance of Being Earnest',
      genre: 'Comedy',
      visibility: 'public',
      canEdit: false,
      roles: [
        { name: 'ALGERNON', description: 'A young man of leisure' },
        { name: 'LANE', description: 'His manservant' },
        { name: 'JACK', description: '' },
      ],
      lines: [
        { id: 'l1', kind: 'scene', role: null, parenthetical: null, text: "INT. ALGERNON'S FLAT - DAY" },
        { id: 'l2', kind: 'action', role: null, parenthetical: null, text: 'Lane is arranging afternoon tea.' },
        { id: 'l3', kind: 'dialogue', role: 'ALGERNON', parenthetical: '(turning)', text: 'Did you hear what I was playing, Lane?' },
        { id: 'l4', kind: 'dialogue', role: 'LANE', parenthetical: null, text: "I didn't think it polite to listen, sir." },
        { id: 'l5', kind: 'dialogue', role: 'ALGERNON', parenthetical: null, text: "I'm sorry for that, for your sake." },
        { id: 'l6', kind: 'transition', role: null, parenthetical: null, text: 'CUT TO:' },
      ],
    },
    participants: [
      { user: person('u1', 'Ada'), role: 'ALGERNON', joinedAt: '2026-11-21T09:00:00.000Z' },
      { user: person('u2', 'Grace'), role: 'LANE', joinedAt: '2026-11-21T09:00:00.000Z' },
      { user: person('u3', 'Linus'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' },
    ],
    me: { userId: 'u1', role: 'ALGERNON' },
    takes: [take('tg', 'l4', 'u2', true)],
    ...overrides,
  });
}

/** The queue with a Map for IndexedDB and an upload the spec answers. */
function testQueue() {
  const map = new Map<string, PendingTake>();
  const store: TakeStore = {
    list: async () => [...map.values()],
    get: async (id) => map.get(id),
    put: async (t) => void map.set(t.clientId, t),
    remove: async (id) => void map.delete(id),
  };
  const uploads: Array<{ take: PendingTake; progress: (f: number) => void; resolve: (t: Take) => void; reject: (e: unknown) => void }> = [];
  const upload: TakeUploader = (t, progress) =>
    new Promise((resolve, reject) => {
      uploads.push({ take: t, progress, resolve, reject });
    });
  const queue = createTakeQueue({ store, uploaders: { read: upload }, backoff: () => 60_000 });
  setTakeQueue(queue);
  return { queue, map, uploads };
}

/** A microphone that records "abc". */
function fakeDevices(): RecorderDevices {
  return {
    getUserMedia: async () => ({ getTracks: () => [{ stop: () => undefined }] }) as unknown as MediaStream,
    isTypeSupported: () => true,
    createRecorder: () => {
      const recorder: RecorderLike = {
        mimeType: 'audio/webm;codecs=opus',
        ondataavailable: null,
        onstop: null,
        onerror: null,
        start() {
          recorder.ondataavailable?.({ data: new Blob(['abc'], { type: 'audio/webm' }) });
        },
        stop() {
          setTimeout(() => recorder.onstop?.(), 0);
        },
      };
      return recorder;
    },
    now: () => performance.now(),
  };
}

function fakeSpeech() {
  const spoken: string[] = [];
  const speech: SpeechOutput = {
    speak: async (text, role) => {
      spoken.push(`${role ?? 'narrator'}: ${text}`);
      return 'spoken';
    },
    cancel: () => undefined,
  };
  return { speech, spoken };
}

const log = jest.fn(async () => undefined);
let played: HTMLMediaElement[] = [];

beforeAll(() => {
  // jsdom lays nothing out: give the script scroller a screen's height so its rows render.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});
beforeEach(() => {
  configureAuth({ activity: { log } });
  authStore.setSession({ token: 't', user: ada });
  played = [];
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  authStore.clear();
  authModal.close();
  setTakeQueue(null);
  jest.restoreAllMocks();
});

/** The kit's fake server, and the JSON body last sent to each "METHOD path". */
function server(routes: Record<string, () => FakeAnswer>) {
  const fake = createFakeServer().routes(routes);
  const bodies = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => fake.calls.filter((call) => call.key === key).at(-1)?.body,
  });
  return { calls: fake.requests, bodies };
}

function open(detail: SessionDetail = session(), routes: Record<string, () => FakeAnswer> = {}) {
  const { calls, bodies } = server({ 'GET /api/sessions/se1': () => json(200, detail), ...routes });
  const queue = testQueue();
  const { speech, spoken } = fakeSpeech();
  const copied: string[] = [];
  renderPage(<SessionPage devices={fakeDevices()} speech={speech} copy={async (text) => void copied.push(text)} />, {
    path: '/session/:sessionId',
    route: ['/history', '/session/se1'],
  });
  return { calls, bodies, ...queue, spoken, copied };
}

const row = (lineId: string) => document.querySelector(`[data-line="${lineId}"]`) as HTMLElement;
const findRow = (lineId: string) =>
  waitFor(() => {
    const found = row(lineId);
    if (!found) throw new Error(`line ${lineId} is not shown`);
    return found;
  });

describe('/session/{sessionId}: the reader', () => {
  it('logged out asks to log in and opens the modal', () => {
    authStore.clear();
    const calls = createFakeServer().routes({}).requests;
    renderPage(<SessionPage />, { path: '/session/:sessionId', route: ['/session/se1'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Table read' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(authModal.getSnapshot()).toBe('login');
    expect(calls).toEqual([]);
  });

  it("shows the server's text when the session cannot be opened", async () => {
    server({ 'GET /api/sessions/se1': () => json(404, { message: 'This reading session was not found.' }) });
    testQueue();
    renderPage(<SessionPage />, { path: '/session/:sessionId', route: ['/history', '/session/se1'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'This reading session was not found.' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/history'));
  });

  it('shows the script as a screenplay with who reads what, my lines with Record, others with their take', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Importance of Being Earnest' })).toBeInTheDocument();
    expect(screen.getByText('6 lines · You read ALGERNON (2 lines)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "INT. ALGERNON'S FLAT - DAY" })).toBeInTheDocument();
    expect(row('l3')).toHaveClass('vox-reader-line--dialogue', 'vox-reader-line--mine');
    expect(within(row('l3')).getByText('(turning)')).toHaveClass('vox-reader-line__parenthetical');
    expect(within(row('l3')).getByText('You')).toBeInTheDocument();
    expect(within(row('l3')).getByRole('button', { name: 'Record: line 3, ALGERNON' })).toBeInTheDocument();
    expect(within(row('l4')).getByText('Grace')).toBeInTheDocument();
    expect(within(row('l4')).queryByRole('button', { name: /^Record/ })).toBeNull();
    expect(within(row('l4')).getByRole('button', { name: "Play Grace's take" })).toBeInTheDocument();
    expect(row('l6')).toHaveClass('vox-reader-line--transition');
    const readers = screen.getByRole('list', { name: 'Readers' });
    expect(within(readers).getByText('ALGERNON')).toBeInTheDocument();
    expect(within(readers).getByText('LANE')).toBeInTheDocument();
    expect(within(readers).getByText('1 listening')).toBeInTheDocument();
    // The first line is current.
    expect(row('l1')).toHaveAttribute('aria-current', 'true');
  });

  it('records a take: kept and uploaded with progress, then listed as the pick', async () => {
    const { uploads, map } = open();
    const record = await within(await findRow('l3')).findByRole('button', { name: 'Record: line 3, ALGERNON' });
    fireEvent.click(record);
    const stop = await within(row('l3')).findByRole('button', { name: 'Stop' });
    expect(within(row('l3')).getByRole('status', { name: 'Recording' })).toBeInTheDocument();
    fireEvent.click(stop);

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0].take).toMatchObject({ target: { kind: 'read', sessionId: 'se1' }, lineId: 'l3', userId: 'u1', contentType: 'audio/webm' });
    expect(uploads[0].take.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(map.has(uploads[0].take.clientId)).toBe(true);
    expect(await within(row('l3')).findByText('Uploading 0%')).toBeInTheDocument();
    act(() => uploads[0].progress(0.5));
    expect(within(row('l3')).getByText('Uploading 50%')).toBeInTheDocument();
    expect(within(row('l3')).getByRole('progressbar')).toHaveAttribute('value', '50');
    // Stopping moves on to my next line.
    expect(row('l5')).toHaveAttribute('aria-current', 'true');

    await act(async () => uploads[0].resolve({ ...take('t9', 'l3', 'u1', true), clientId: uploads[0].take.clientId }));
    expect(await within(row('l3')).findByText('Take 1')).toBeInTheDocument();
    // The picked take reads as a state.
    expect(within(row('l3')).getByText('In use')).toBeInTheDocument();
    expect(within(row('l3')).queryByText(/Uploading/)).toBeNull();
    expect(within(row('l3')).getByRole('button', { name: 'Record again: line 3, ALGERNON' })).toBeInTheDocument();
    expect(map.size).toBe(0);
  });

  it("a refused take shows the server's text and can be discarded", async () => {
    const { uploads, map } = open();
    fireEvent.click(await within(await findRow('l3')).findByRole('button', { name: 'Record: line 3, ALGERNON' }));
    fireEvent.click(await within(row('l3')).findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await act(async () => uploads[0].reject(Object.assign(new Error('Claim the role of this line before you record it.'), { status: 403 })));
    expect(within(row('l3')).getByRole('alert')).toHaveTextContent('Claim the role of this line before you record it.');
    expect(within(row('l3')).getByText('Not uploaded')).toBeInTheDocument();
    fireEvent.click(within(row('l3')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(row('l3')).queryByText('Not uploaded')).toBeNull());
    expect(map.size).toBe(0);
  });

  it('lists my takes with Play, Use this take and Delete', async () => {
    const detail = session({ takes: [take('ta', 'l3', 'u1', false, '2026-11-21T10:00:00Z'), take('tb', 'l3', 'u1', true, '2026-11-21T11:00:00Z')] });
    const { calls } = open(detail, {
      'PUT /api/sessions/se1/takes/ta/pick': () => json(200, { ...take('ta', 'l3', 'u1', true) }),
      'DELETE /api/sessions/se1/takes/tb': () => json(204),
    });
    const line = await findRow('l3');
    const takes = within(line).getByRole('list', { name: 'Takes' });
    expect(within(takes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringMatching(/^Take 1 · 0:03/), expect.stringMatching(/^Take 2 · 0:03 In use/)]);
    fireEvent.click(within(takes).getByRole('button', { name: 'Use this take' }));
    await waitFor(() => expect(calls).toContain('PUT /api/sessions/se1/takes/ta/pick'));

    fireEvent.click(within(takes).getByRole('button', { name: 'Delete Take 2' }));
    fireEvent.click(within(takes).getByRole('button', { name: 'Delete Take 2' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/sessions/se1/takes/tb'));

    fireEvent.click(within(takes).getByRole('button', { name: 'Play Take 1' }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(played[0].getAttribute('src')).toBe(`/api/audio/${take('ta', 'l3', 'u1', false).audio}`);
  });

  it('plays the table read in script order: takes on the audio element, the rest spoken', async () => {
    const { spoken } = open();
    await findRow('l1');
    const audio = screen.getByTestId('table-read-audio') as HTMLAudioElement;
    fireEvent.click(screen.getByRole('button', { name: 'Play the table read' }));
    // Lines 1-3 have no take: spoken; line 4 is Grace's take.
    await waitFor(() => expect(played).toHaveLength(1));
    expect(audio.getAttribute('src')).toBe(`/api/audio/${HASH}`);
    expect(spoken).toEqual(["narrator: INT. ALGERNON'S FLAT - DAY", 'narrator: Lane is arranging afternoon tea.', 'ALGERNON: Did you hear what I was playing, Lane?']);
    await waitFor(() => expect(row('l4')).toHaveAttribute('aria-current', 'true'));
    expect(row('l4')).toHaveClass('vox-reader-line--playing');
    expect(screen.getByRole('button', { name: 'Pause the table read' })).toBeInTheDocument();
    fireEvent(audio, new Event('ended'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play the table read' })).toBeInTheDocument());
    expect(spoken.slice(3)).toEqual(["ALGERNON: I'm sorry for that, for your sake.", 'narrator: CUT TO:']);
  });

  it('keyboard: arrows and j/k move the current line; Enter records my line and plays the others', async () => {
    const { uploads } = open();
    await findRow('l1');
    const script = screen.getByRole('main', { name: 'Script' });
    fireEvent.keyDown(script, { key: 'ArrowDown' });
    fireEvent.keyDown(script, { key: 'j' });
    expect(row('l3')).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(script, { key: 'k' });
    expect(row('l2')).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(script, { key: 'ArrowDown' });
    fireEvent.keyDown(script, { key: 'Enter' });
    expect(await within(row('l3')).findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    fireEvent.keyDown(script, { key: ' ' });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(row('l5')).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(script, { key: 'ArrowUp' });
    fireEvent.keyDown(script, { key: 'Enter' });
    await waitFor(() => expect(played).toHaveLength(1));
  });

  // The keys worked only once something in the script had focus.
  it('keyboard: j/k and the arrows work as soon as the reader opens, and not while typing in a field', async () => {
    open();
    await findRow('l1');
    expect(row('l1')).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(row('l3')).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(row('l2')).toHaveAttribute('aria-current', 'true');
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'j' });
    expect(row('l2')).toHaveAttribute('aria-current', 'true');
    field.remove();
    // The readers and the player are inside a landmark.
    expect(screen.getByRole('region', { name: 'Readers and playback' })).toContainElement(screen.getByRole('list', { name: 'Readers' }));
    expect(screen.getByRole('region', { name: 'Readers and playback' })).toContainElement(screen.getByRole('button', { name: 'Play the table read' }));
  });

  it('the Refresh button asks the server again', async () => {
    const { calls } = open();
    await findRow('l1');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/sessions/se1')).toHaveLength(2));
  });
});

describe('the role picker', () => {
  const dialog = () => screen.getByRole('dialog', { name: 'Choose your role' });
  const seat = (name: string) => within(dialog()).getByText(name, { selector: '.vox-reader-roles__name' }).closest('li') as HTMLElement;

  it('shows my role with Give up, roles others read with who reads them, open roles to claim', async () => {
    const { calls, bodies } = open(session(), {
      'PUT /api/sessions/se1/role': () => json(200, { user: person('u1', 'Ada'), role: 'JACK', joinedAt: '2026-11-21T09:00:00.000Z' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Your role: ALGERNON' }));
    expect(within(seat('ALGERNON')).getByText('You read this role')).toBeInTheDocument();
    expect(within(seat('ALGERNON')).getByText('2 lines')).toBeInTheDocument();
    expect(within(seat('ALGERNON')).getByRole('button', { name: 'Give up role' })).toBeInTheDocument();
    expect(within(seat('LANE')).getByText('Read by Grace')).toBeInTheDocument();
    expect(within(seat('LANE')).getByText('Taken')).toBeInTheDocument();
    expect(within(seat('LANE')).queryByRole('button')).toBeNull();
    expect(within(seat('JACK')).getByText('Open')).toBeInTheDocument();
    expect(within(dialog()).getByRole('list', { name: 'Listening' })).toHaveTextContent('Linus');

    fireEvent.click(within(seat('JACK')).getByRole('button', { name: 'Switch to this role: JACK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies['PUT /api/sessions/se1/role']).toEqual({ role: 'JACK' });
    // The session is asked again to show the new seats.
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/sessions/se1')).toHaveLength(2));
  });

  it('counts only other people as listening, and names the read in the tab by its script', async () => {
    const detail = session({
      me: { userId: 'u1', role: null },
      participants: [
        { user: person('u1', 'Ada'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' },
        { user: person('u2', 'Grace'), role: 'LANE', joinedAt: '2026-11-21T09:00:00.000Z' },
        { user: person('u3', 'Linus'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' },
      ],
    });
    document.title = 'Table read · VoxClub';
    open(detail);
    expect(await screen.findByText('6 lines · You are listening')).toBeInTheDocument();
    // Ada (me) and Linus listen: only Linus counts.
    expect(within(screen.getByRole('list', { name: 'Readers' })).getByText('1 listening')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('The Importance of Being Earnest · VoxClub'));
  });

  it('shows no listening count when only I listen', async () => {
    open(session({ me: { userId: 'u1', role: null }, participants: [{ user: person('u1', 'Ada'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' }] }));
    expect(await screen.findByText('6 lines · You are listening')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Readers' })).queryByText(/listening/)).toBeNull();
  });

  it("without a role: Choose a role, Read this role; the server's refusal is shown", async () => {
    const detail = session({ me: { userId: 'u1', role: null }, participants: [{ user: person('u1', 'Ada'), role: null, joinedAt: '2026-11-21T09:00:00.000Z' }] });
    open(detail, { 'PUT /api/sessions/se1/role': () => json(409, { message: 'Someone else is already reading this role.' }) });
    expect(await screen.findByText('6 lines · You are listening')).toBeInTheDocument();
    expect(within(row('l3')).queryByRole('button', { name: /^Record/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a role' }));
    fireEvent.click(within(seat('LANE')).getByRole('button', { name: 'Read this role: LANE' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Someone else is already reading this role.');
  });
});

describe('the share dialog', () => {
  const link = (id: string, role: string | null, revokedAt: string | null = null): ShareLink => ({
    id,
    sessionId: 'se1',
    role,
    createdBy: 'u1',
    createdAt: '2026-11-21T09:30:00.000Z',
    revokedAt,
  });

  it('creates a link for a role and copies it; lists the active links; revokes one; invites a friend', async () => {
    let links = [link('old1', null), link('gone', 'LANE', '2026-11-21T09:40:00.000Z')];
    const { calls, bodies, copied } = open(session(), {
      'GET /api/sessions/se1/sharelinks': () => json(200, links),
      'POST /api/sessions/se1/sharelinks': () => {
        links = [...links, link('new1', 'JACK')];
        return json(201, link('new1', 'JACK'));
      },
      'DELETE /api/sharelinks/old1': () => {
        links = links.map((l) => (l.id === 'old1' ? { ...l, revokedAt: '2026-11-21T10:00:00.000Z' } : l));
        return json(204);
      },
      'GET /api/friendships/': () => json(200, [{ user: { ...person('u7', 'Hedy'), role: { name: 'member', privileges: [] }, classes: [] } }]),
      // The invitation is Hedy's link, in the server's list as hers.
      'POST /api/sessions/se1/invitations': () => {
        const invitation = { ...link('inv1', 'JACK', null), invitedUser: person('u7', 'Hedy') };
        links = [...links, invitation];
        return json(201, invitation);
      },
      'DELETE /api/sharelinks/inv1': () => {
        links = links.map((l) => (l.id === 'inv1' ? { ...l, revokedAt: '2026-11-21T10:05:00.000Z' } : l));
        return json(204);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share this table read' });
    const list = await within(dialog).findByRole('list', { name: 'Share links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('textbox', { name: 'Link for any role' })).toHaveValue(`${window.location.origin}/s/old1`);

    // Only open roles can be offered.
    const select = within(dialog).getByLabelText('Invite to');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any role (they choose)', 'JACK']);
    fireEvent.change(select, { target: { value: 'JACK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(copied).toEqual([`${window.location.origin}/s/new1`]));
    expect(bodies['POST /api/sessions/se1/sharelinks']).toEqual({ role: 'JACK' });
    expect(await within(dialog).findByRole('textbox', { name: 'Link for JACK' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    fireEvent.click(within(within(dialog).getByRole('textbox', { name: 'Link for any role' }).closest('li') as HTMLElement).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(dialog).queryByRole('textbox', { name: 'Link for any role' })).toBeNull());
    expect(calls).toContain('DELETE /api/sharelinks/old1');

    // The Invite button names the role it offers; the invitation shows as Hedy's (not
    // as one more plain link) and is cancelled as hers.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Invite Hedy to read JACK' }));
    expect(await within(dialog).findByText(/Invited · JACK/)).toBeInTheDocument();
    expect(bodies['POST /api/sessions/se1/invitations']).toEqual({ userId: 'u7', role: 'JACK' });
    expect(within(within(dialog).getByRole('list', { name: 'Share links' })).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: "Cancel Hedy's invitation" }));
    expect(await within(dialog).findByText("Hedy's invitation is cancelled: its link no longer opens this read.")).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/sharelinks/inv1');
    expect(await within(dialog).findByRole('button', { name: 'Invite Hedy to read JACK' })).toBeInTheDocument();
  });

  it('without friends, points to the friends page', async () => {
    open(session(), { 'GET /api/sessions/se1/sharelinks': () => json(200, []), 'GET /api/friendships/': () => json(200, []) });
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share this table read' });
    expect(await within(dialog).findByText(/No links yet/)).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: 'Add friends' })).toHaveAttribute('href', '/friends');
  });
});
