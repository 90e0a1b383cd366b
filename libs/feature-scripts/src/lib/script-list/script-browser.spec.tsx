import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { authStore } from '@vox/auth';
import type { ScriptList, ScriptSummary, User } from '@vox/contract';
import { FreeScriptsPage } from '../free-scripts-page/free-scripts-page';
import { ScriptsPage } from '../scripts-page/scripts-page';
import { createFakeServer, json } from '@vox/testing';
import { SEARCH_DEBOUNCE_MS } from './script-browser';

const me: User = { id: 'u1', handle: 'ada', name: 'Ada Lovelace', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

const summary = (id: string, extra: Partial<ScriptSummary> = {}): ScriptSummary => ({
  id,
  title: `Script ${id}`,
  synopsis: '',
  genre: 'Drama',
  language: 'en',
  cover: null,
  visibility: 'public',
  isFree: false,
  owner: { id: 'u2', handle: null, name: 'Grace Hopper', photo: null },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  roleCount: 3,
  lineCount: 120,
  ...extra,
});

/** The server edge: answers GET /api/scripts from `answer` and records every query string asked. */
function serve(answer: (params: URLSearchParams) => ScriptList) {
  const asked: string[] = [];
  createFakeServer().on('scripts', ({ url }) => {
    const search = new URL(url, 'http://localhost').search;
    asked.push(search);
    return json(200, answer(new URLSearchParams(search)));
  });
  return asked;
}

const page = (items: ScriptSummary[], total = items.length, pageNo = 1): ScriptList => ({ items, total, page: pageNo, pageSize: 20 });

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Back and forward, as the browser's buttons. */
function History() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate(-1)}>history back</button>
      <button onClick={() => navigate(1)}>history forward</button>
    </>
  );
}

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/scripts" element={<ScriptsPage />} />
          <Route path="/free_scripts" element={<FreeScriptsPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
        <History />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('location').textContent;

beforeEach(() => authStore.setSession({ token: 't', user: me }));
afterEach(() => {
  authStore.clear();
  jest.useRealTimers();
});

describe('/scripts', () => {
  it('lists scripts as cards: title linking to the script, owner, genre, language, counts, visibility', async () => {
    const asked = serve(() =>
      page([
        summary('s1', { title: 'The Last Ferry', visibility: 'friends', isFree: true, roleCount: 1, lineCount: 1 }),
        summary('s2', { title: 'My Own Play', owner: { id: 'u1', handle: 'ada', name: 'Ada Lovelace', photo: null }, visibility: 'private', genre: '', language: 'fr' }),
        summary('s3', { owner: { id: 'u3', handle: null, name: null, photo: null } }),
      ]),
    );
    renderAt('/scripts');
    expect(screen.getByRole('heading', { level: 1, name: 'Your scripts' })).toBeInTheDocument();

    const ferry = (await screen.findByRole('link', { name: 'The Last Ferry' })).closest('li') as HTMLElement;
    expect(within(ferry).getByRole('link', { name: 'The Last Ferry' })).toHaveAttribute('href', '/script/s1');
    expect(ferry).toHaveTextContent('Grace Hopper');
    expect(ferry).toHaveTextContent('Drama');
    expect(ferry).toHaveTextContent('en');
    expect(ferry).toHaveTextContent('1 role · 1 line');
    expect(ferry).toHaveTextContent('Friends');
    // Ada has no read_free_script, so the Free badge (a promise /free_scripts would
    // refuse) is not shown to her on someone else's script.
    expect(ferry.querySelector('.vox-script-card__badge--free')).toBeNull();
    // Not mine: no Edit link.
    expect(within(ferry).queryByRole('link', { name: /Edit/ })).toBeNull();

    const mine = screen.getByRole('link', { name: 'My Own Play' }).closest('li') as HTMLElement;
    expect(mine).toHaveTextContent('You');
    expect(mine).toHaveTextContent('Private');
    expect(mine).toHaveTextContent('3 roles · 120 lines');
    expect(within(mine).getByRole('link', { name: 'Edit My Own Play' })).toHaveAttribute('href', '/scripts/edit/s2');

    // An owner without a name is a Guest.
    expect(screen.getByRole('link', { name: 'Script s3' }).closest('li')).toHaveTextContent('Guest');
    expect(screen.getByText('3 scripts')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New script' })[0]).toHaveAttribute('href', '/scripts/create');
    expect(asked).toEqual(['?scope=all&page=1&pageSize=20']);
  });

  it('names an owner without a name by their handle, as /friends does (the person-name rule)', async () => {
    serve(() => page([summary('s4', { owner: { id: 'u4', handle: 'hopper', name: null, photo: null } })]));
    renderAt('/scripts');
    const card = (await screen.findByRole('link', { name: 'Script s4' })).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('@hopper');
    expect(card).not.toHaveTextContent('Guest');
  });

  it('searches once typing pauses, with q in the address; back restores the previous search', async () => {
    jest.useFakeTimers();
    const asked = serve((params) => (params.get('q') === 'ferry' ? page([summary('s1', { title: 'The Last Ferry' })]) : page([summary('s9')])));
    renderAt('/scripts');
    await screen.findByRole('link', { name: 'Script s9' });

    const search = screen.getByRole('searchbox', { name: 'Search scripts' });
    fireEvent.change(search, { target: { value: 'fer' } });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(search, { target: { value: 'ferry' } });
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    // Still typing: nothing asked yet.
    expect(asked).toEqual(['?scope=all&page=1&pageSize=20']);
    act(() => jest.advanceTimersByTime(60));

    expect(await screen.findByRole('link', { name: 'The Last Ferry' })).toBeInTheDocument();
    expect(where()).toBe('/scripts?q=ferry');
    expect(asked).toEqual(['?scope=all&page=1&pageSize=20', '?q=ferry&scope=all&page=1&pageSize=20']);
    expect(screen.getByText('1 script matching “ferry”')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'history back' }));
    await waitFor(() => expect(where()).toBe('/scripts'));
    expect(search).toHaveValue('');
    expect(await screen.findByRole('link', { name: 'Script s9' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'history forward' }));
    await waitFor(() => expect(search).toHaveValue('ferry'));
  });

  it('reads search, scope and page from the address (a reload shows the same list)', async () => {
    const asked = serve(() => page([summary('s1')], 45, 2));
    renderAt('/scripts?q=night&scope=mine&page=2');
    await screen.findByRole('link', { name: 'Script s1' });
    expect(asked).toEqual(['?q=night&scope=mine&page=2&pageSize=20']);
    expect(screen.getByRole('searchbox', { name: 'Search scripts' })).toHaveValue('night');
    expect(screen.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('pages with Previous and Next', async () => {
    const asked = serve((params) => {
      const n = Number(params.get('page'));
      return page([summary(`p${n}`)], 41, n);
    });
    renderAt('/scripts');
    await screen.findByRole('link', { name: 'Script p1' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');

    fireEvent.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Script p2' })).toBeInTheDocument();
    expect(where()).toBe('/scripts?page=2');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Script p3' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Script p2' })).toBeInTheDocument();
    // Page 2 was read seconds ago: it comes from the cache.
    expect(asked.map((q) => new URLSearchParams(q).get('page'))).toEqual(['1', '2', '3']);
  });

  it('switches scope with the tabs, back to page 1, keeping the search', async () => {
    const asked = serve((params) => page([summary(`${params.get('scope')}-1`)], 30, Number(params.get('page'))));
    renderAt('/scripts?q=sea&page=2');
    await screen.findByRole('link', { name: 'Script all-1' });
    const tabs = screen.getByRole('navigation', { name: 'Which scripts' });
    expect(within(tabs).getAllByRole('link').map((tab) => tab.textContent)).toEqual(['All', 'Mine', "Friends'", 'Public']);
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(tabs).getByRole('link', { name: "Friends'" }));
    expect(await screen.findByRole('link', { name: 'Script friends-1' })).toBeInTheDocument();
    expect(where()).toBe('/scripts?q=sea&scope=friends');
    expect(within(tabs).getByRole('link', { name: "Friends'" })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(tabs).getByRole('link', { name: 'All' }));
    await screen.findByRole('link', { name: 'Script all-1' });
    expect(where()).toBe('/scripts?q=sea');
    expect(asked).toEqual([
      '?q=sea&scope=all&page=2&pageSize=20',
      '?q=sea&scope=friends&page=1&pageSize=20',
      '?q=sea&scope=all&page=1&pageSize=20',
    ]);
  });

  it.each([
    ['all', 'No scripts yet', 'New script'],
    ['mine', 'You have no scripts yet', 'New script'],
    ['friends', 'No scripts from your friends', 'Find friends'],
    ['public', 'No public scripts yet', null],
  ])('says so when the %s list is empty', async (scope, heading, action) => {
    serve(() => page([]));
    renderAt(scope === 'all' ? '/scripts' : `/scripts?scope=${scope}`);
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    const empty = screen.getByRole('heading', { level: 2, name: heading }).closest('section') as HTMLElement;
    if (action) expect(within(empty).getByRole('link', { name: action })).toBeInTheDocument();
    else expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('says when a search finds nothing, and Clear search shows everything again', async () => {
    serve((params) => (params.get('q') ? page([]) : page([summary('s1')])));
    renderAt('/scripts?q=zebra');
    expect(await screen.findByRole('heading', { level: 2, name: 'No scripts found' })).toBeInTheDocument();
    expect(screen.getByText('Nothing matches “zebra”. Search looks in titles, synopses and genres.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'Script s1' })).toBeInTheDocument();
    expect(where()).toBe('/scripts');
    expect(screen.getByRole('searchbox', { name: 'Search scripts' })).toHaveValue('');
  });

  it("shows the server's text when the list fails, and tries again", async () => {
    let fail = true;
    createFakeServer().on('scripts', () => (fail ? json(500, { message: 'The database is resting.' }) : json(200, page([summary('s1')]))));
    renderAt('/scripts');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is resting.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Script s1' })).toBeInTheDocument();
  });
});

describe('/free_scripts', () => {
  it('lists the free scope, without tabs', async () => {
    const asked = serve(() => page([summary('f1', { isFree: true })]));
    renderAt('/free_scripts');
    expect(screen.getByRole('heading', { level: 1, name: 'Free scripts' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Script f1' });
    expect(asked).toEqual(['?scope=free&page=1&pageSize=20']);
    expect(screen.queryByRole('navigation', { name: 'Which scripts' })).toBeNull();
  });

  it('has its own empty text', async () => {
    serve(() => page([]));
    renderAt('/free_scripts');
    expect(await screen.findByRole('heading', { level: 2, name: 'No free scripts right now' })).toBeInTheDocument();
  });
});
