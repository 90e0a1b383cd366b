import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { ReadRender } from '@vox/contract';
import { createFakeServer, json, member, person, renderPage, sessionAt } from '@vox/testing';
import FinishedRead, { FINISHED_READ_TEXTS as T, formatClock } from './finished-read';

const grace = member('u2', 'Grace', 'grace');
const session = sessionAt({
  participants: [{ user: person('u2', 'Grace'), role: 'LANE', joinedAt: '2026-11-21T09:00:00.000Z' }],
  me: { userId: 'u2', role: 'LANE' },
});

const render = (over: Partial<ReadRender> = {}): ReadRender => ({
  id: 'r1',
  sessionId: 'se1',
  kind: 'download',
  fill: 'speech',
  state: 'queued',
  progress: null,
  error: null,
  requestedBy: 'u2',
  durationMs: null,
  byteSize: null,
  fileName: 'Earnest - table read.mp3',
  audioUrl: null,
  shareUrl: null,
  channelId: null,
  episodeId: null,
  createdAt: '2026-11-21T09:05:00.000Z',
  finishedAt: null,
  ...over,
});

const home = (channels: Array<{ id: string; title: string }>) => ({
  newEpisodes: [],
  continueListening: [],
  favorites: [],
  playlists: [],
  following: [],
  myChannels: channels.map((c) => ({
    ...c,
    description: '',
    category: 'Fiction',
    language: 'en',
    explicit: false,
    cover: null,
    owner: person('u2', 'Grace'),
    author: 'Grace',
    episodeCount: 0,
    feedUrl: `https://x/api/podcast/channels/${c.id}/feed.xml`,
    createdAt: '2026-11-21T09:00:00.000Z',
  })),
});

beforeEach(() => authStore.setSession({ token: 't', user: grace }));
afterEach(() => authStore.clear());

describe('FinishedRead', () => {
  it('renders the read with the chosen fill, shows progress, then the ready file', async () => {
    let renders: ReadRender[] = [];
    const sent: unknown[] = [];
    const server = createFakeServer().routes({
      'GET /api/sessions/se1/renders': () => json(200, { renders }),
      'POST /api/sessions/se1/renders': (body) => {
        sent.push(body);
        renders = [render({ fill: 'skip', state: 'rendering', progress: 0.42 })];
        return json(202, renders[0]);
      },
      'GET /api/podcast/home': () => json(200, home([])),
    });
    renderPage(<FinishedRead session={session} isOwner={false} onClose={() => undefined} />, { route: ['/session/se1'], path: '/session/:sessionId' });
    const dialog = await screen.findByRole('dialog', { name: T.title });
    fireEvent.click(within(dialog).getByRole('radio', { name: T.fillSkip }));
    fireEvent.click(within(dialog).getByRole('button', { name: T.download }));
    expect(await within(dialog).findByText('Rendering the read… 42%')).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: T.publish })).toBeNull();
    renders = [render({ fill: 'skip', state: 'done', progress: 1, durationMs: 83_000, audioUrl: '/api/read-renders/r1/audio' })];
    expect(await within(dialog).findByText('The read is ready (1:23).', {}, { timeout: 3000 })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: T.save })).toBeTruthy();
    expect(server.requests).toContain('POST /api/sessions/se1/renders');
    expect(sent).toEqual([{ fill: 'skip' }]);
  });

  it('shows the failure text the job recorded', async () => {
    createFakeServer().routes({
      'GET /api/sessions/se1/renders': () => json(200, { renders: [render({ state: 'failed', error: 'There is nothing to render: no line has a picked take yet.' })] }),
    });
    renderPage(<FinishedRead session={session} isOwner={false} onClose={() => undefined} />, { route: ['/session/se1'], path: '/session/:sessionId' });
    const alert = await screen.findByText('There is nothing to render: no line has a picked take yet.');
    expect(alert.closest('[role="alert"], .vox-alert')?.textContent).toContain(T.failed);
  });

  it('lets the owner publish to a channel of theirs', async () => {
    let renders: ReadRender[] = [];
    const sent: unknown[] = [];
    const server = createFakeServer().routes({
      'GET /api/sessions/se1/renders': () => json(200, { renders }),
      'GET /api/podcast/home': () => json(200, home([{ id: 'ch1', title: 'Night Shift' }, { id: 'ch2', title: 'Verona' }])),
      'POST /api/sessions/se1/episode': (body) => {
        sent.push(body);
        renders = [render({ kind: 'episode', state: 'done', progress: 1, durationMs: 5000, channelId: 'ch2', episodeId: 'ep1' })];
        return json(202, render({ kind: 'episode', channelId: 'ch2' }));
      },
    });
    renderPage(<FinishedRead session={session} isOwner onClose={() => undefined} />, { route: ['/session/se1'], path: '/session/:sessionId' });
    const dialog = await screen.findByRole('dialog', { name: T.title });
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Channel' }), { target: { value: 'ch2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Episode title' }), { target: { value: 'Earnest, read' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.publish }));
    const open = await within(dialog).findByRole('link', { name: T.openEpisode });
    expect(open.getAttribute('href')).toBe('/podcast-ep/ep1');
    await waitFor(() => expect(server.requests).toContain('POST /api/sessions/se1/episode'));
    expect(sent).toEqual([{ channelId: 'ch2', fill: 'speech', title: 'Earnest, read', publish: 'now' }]);
  });

  it('says what to do without a channel', async () => {
    createFakeServer().routes({ 'GET /api/sessions/se1/renders': () => json(200, { renders: [] }), 'GET /api/podcast/home': () => json(200, home([])) });
    renderPage(<FinishedRead session={session} isOwner onClose={() => undefined} />, { route: ['/session/se1'], path: '/session/:sessionId' });
    expect(await screen.findByText(T.noChannel)).toBeTruthy();
    expect(formatClock(3_700)).toBe('0:04');
  });
});
