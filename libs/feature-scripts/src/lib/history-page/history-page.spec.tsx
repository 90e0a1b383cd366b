import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { HistoryEntry, HistoryList, User } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { createTakeQueue, setTakeQueue } from '@vox/recording';
import { HistoryPage, progressText } from './history-page';

const ada: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const entry = (sessionId: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  sessionId,
  script: { id: `sc-${sessionId}`, title: `Script ${sessionId}`, cover: null },
  role: 'ALGERNON',
  joinedAt: minutesAgo(600),
  lastActivityAt: minutesAgo(5),
  myLines: 12,
  recordedLines: 3,
  participantCount: 3,
  ...extra,
});

const page = (items: HistoryEntry[], total = items.length, pageNumber = 1): HistoryList => ({ items, total, page: pageNumber, pageSize: 20 });

beforeEach(() => {
  authStore.setSession({ token: 't', user: ada });
  setTakeQueue(createTakeQueue({ store: { list: async () => [], get: async () => undefined, put: async () => undefined, remove: async () => undefined }, uploaders: { read: () => new Promise(() => undefined) } }));
});
afterEach(() => {
  authStore.clear();
  setTakeQueue(null);
});

describe('/history', () => {
  it('lists my sessions in the order the server gives (newest first) with role, progress, participants and last activity', async () => {
    createFakeServer().routes({
      'GET /api/history?page=1': () =>
        json(
          200,
          page([
            entry('s1'),
            entry('s2', { role: null, myLines: 0, recordedLines: 0, participantCount: 1, lastActivityAt: minutesAgo(60 * 24 * 3) }),
            entry('s3', { role: 'LANE', myLines: 4, recordedLines: 4 }),
          ]),
        ),
    });
    renderPage(<HistoryPage />, { path: '/history', route: ['/history'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Your history' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Table reads' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/session/s1', '/session/s2', '/session/s3']);
    expect(cards[0]).toHaveTextContent('Script s1');
    expect(cards[0]).toHaveTextContent('You read ALGERNON');
    expect(cards[0]).toHaveTextContent('3 of 12 lines recorded');
    expect(cards[0]).toHaveTextContent('3 participants · Last activity 5 minutes ago');
    expect(cards[0].querySelector('progress')).toHaveAttribute('value', '3');
    expect(cards[0].querySelector('progress')).toHaveAttribute('max', '12');
    expect(cards[1]).toHaveTextContent('You listened');
    expect(cards[1]).toHaveTextContent('Listening: no role claimed');
    expect(cards[1]).toHaveTextContent('1 participant · Last activity 3 days ago');
    expect(cards[1].querySelector('progress')).toBeNull();
    expect(cards[2]).toHaveTextContent('4 of 4 lines recorded');
    expect(cards[2].querySelector('progress')).toHaveClass('vox-history__bar--done');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('pages through a long history', async () => {
    const calls = createFakeServer().routes({
      'GET /api/history?page=1': () => json(200, page([entry('s1')], 45, 1)),
      'GET /api/history?page=2': () => json(200, page([entry('s21')], 45, 2)),
    }).requests;
    renderPage(<HistoryPage />, { path: '/history', route: ['/history'] });
    const nav = await screen.findByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Script s21')).toBeInTheDocument();
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(calls).toEqual(['GET /api/history?page=1', 'GET /api/history?page=2']);
  });

  it('without sessions, points to the scripts', async () => {
    createFakeServer().routes({ 'GET /api/history?page=1': () => json(200, page([], 0)) });
    renderPage(<HistoryPage />, { path: '/history', route: ['/history'] });
    expect(await screen.findByRole('heading', { level: 2, name: 'No table reads yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a script' })).toHaveAttribute('href', '/scripts');
  });

  it("shows the server's text when the history cannot be loaded, with Try again", async () => {
    let fail = true;
    createFakeServer().routes({ 'GET /api/history?page=1': () => (fail ? json(503, { message: 'The database is busy. Try again in a moment.' }) : json(200, page([entry('s1')]))) });
    renderPage(<HistoryPage />, { path: '/history', route: ['/history'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy. Try again in a moment.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Script s1')).toBeInTheDocument());
  });

  it('progress texts', () => {
    expect(progressText({ role: 'A', myLines: 1, recordedLines: 0 })).toBe('0 of 1 line recorded');
    expect(progressText({ role: 'A', myLines: 0, recordedLines: 0 })).toBe('No lines to record');
    expect(progressText({ role: null, myLines: 0, recordedLines: 0 })).toBe('Listening: no role claimed');
  });
});
