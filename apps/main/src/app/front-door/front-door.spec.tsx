import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { api } from '@vox/api-client';
import { authModal } from '@vox/auth';
import type { DemoScene, Showcase } from '@vox/contract';
import { FRONT_DOOR_LINE, FRONT_DOOR_TITLE, FrontDoor } from './front-door';

const showcase: Showcase = {
  scenes: [
    {
      scriptId: 'sc1',
      title: 'Hamlet, III.1',
      synopsis: 'The nunnery scene.',
      roles: ['Hamlet', 'Ophelia'],
      lineCount: 3,
      read: {
        readers: ['Ada Lovelace', '@grace'],
        lines: [
          { role: null, text: 'A room.', audioId: null, durationMs: null },
          { role: 'Hamlet', text: 'To be, or not to be.', audioId: 'a'.repeat(64), durationMs: 900 },
        ],
      },
    },
    { scriptId: 'sc2', title: 'Earnest, Act I', synopsis: '', roles: ['Algernon'], lineCount: 5, read: null },
  ],
};

const earnest: DemoScene = {
  scriptId: 'sc2',
  title: 'Earnest, Act I',
  lines: [
    { kind: 'scene', role: null, parenthetical: null, text: "INT. ALGERNON'S FLAT - DAY" },
    { kind: 'dialogue', role: 'Algernon', parenthetical: '(inspecting them)', text: 'Did you hear what I was playing, Lane?' },
  ],
};

/** The page's data block, as the server writes it for a visitor's first load of the front door. */
function pageCarries(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'vox-first-data';
  block.textContent = JSON.stringify(data);
  document.head.append(block);
}

function renderFrontDoor() {
  const asked: string[] = [];
  api.configure({
    fetch: (async (url: string) => {
      asked.push(String(url));
      const body = JSON.stringify(String(url).endsWith('/api/showcase') ? showcase : earnest);
      return { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: async () => body, json: async () => JSON.parse(body) } as Response;
    }) as unknown as typeof fetch,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FrontDoor />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { asked, view };
}

afterEach(() => {
  authModal.close();
  document.getElementById('vox-first-data')?.remove();
  sessionStorage.clear();
  document.title = 'VoxClub';
});

describe('the front door', () => {
  it('is titled and headed as the home it is, says what VoxClub does in one line, and gives the tab back on leaving', () => {
    document.title = 'Scripts · VoxClub';
    const { view } = renderFrontDoor();
    expect(screen.getByRole('heading', { level: 1, name: FRONT_DOOR_TITLE })).toHaveTextContent('Read scripts aloud together');
    expect(document.title).toBe('Read scripts aloud together · VoxClub');
    expect(screen.queryByText('Log in to see your scripts')).not.toBeInTheDocument();
    expect(screen.getByText(FRONT_DOOR_LINE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    // Signing in here shows the members' list at the same path: its title comes back.
    view.unmount();
    expect(document.title).toBe('Scripts · VoxClub');
  });

  it('draws the demo scenes the page carries with its first render, asking for nothing', () => {
    pageCarries({ publicConfig: {}, showcase });
    const { asked } = renderFrontDoor();
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Hamlet, III.1', 'Earnest, Act I']);
    expect(asked).toEqual([]);
  });

  it('asks for the demo scenes when the page does not carry them, and lists them with Listen only for a finished read', async () => {
    pageCarries({ publicConfig: {} });
    const { asked } = renderFrontDoor();
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { level: 3, name: 'Hamlet, III.1' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Read by Ada Lovelace, @grace')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Listen to Hamlet, III.1' })).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('button', { name: /Listen/ })).not.toBeInTheDocument();
    expect(asked).toEqual([expect.stringMatching(/\/api\/showcase$/)]);
  });

  it("opens a scene's text for a visitor to read, and closes it", async () => {
    pageCarries({ showcase });
    const { asked } = renderFrontDoor();
    const user = userEvent.setup();
    const card = screen.getAllByRole('listitem')[1];
    const open = within(card).getByRole('button', { name: 'Read the scene' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const text = await within(card).findByRole('region', { name: 'The text of Earnest, Act I' });
    expect(text).toHaveTextContent("INT. ALGERNON'S FLAT - DAY");
    expect(text).toHaveTextContent('Algernon (inspecting them)Did you hear what I was playing, Lane?');
    expect(asked).toEqual([expect.stringMatching(/\/api\/showcase\/sc2$/)]);
    await user.click(within(card).getByRole('button', { name: 'Hide the scene' }));
    expect(within(card).queryByRole('region')).not.toBeInTheDocument();
  });

  it('plays the read from its first recorded line; Sign up to read it keeps the scene for joining and opens the join form', async () => {
    pageCarries({ showcase });
    const played: string[] = [];
    jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      return Promise.resolve();
    });
    jest.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    renderFrontDoor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Listen to Hamlet, III.1' }));
    expect(played).toEqual([expect.stringMatching(new RegExp(`/api/audio/${'a'.repeat(64)}$`))]);
    expect(screen.getByText(/Now playing Hamlet, III.1:/)).toHaveTextContent('Now playing Hamlet, III.1: Hamlet To be, or not to be.');
    await user.click(screen.getByRole('button', { name: 'Stop Hamlet, III.1' }));
    await waitFor(() => expect(screen.queryByText(/Now playing/)).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: 'Sign up to read it' })[1]);
    expect(authModal.getSnapshot()).toBe('register');
    expect(sessionStorage.getItem('vox.pickedScene')).toBe('sc2');
  });
});
