import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { api } from '@vox/api-client';
import { authModal } from '@vox/auth';
import type { Showcase } from '@vox/contract';
import { DEMO_SCENES_DELAY_MS, FRONT_DOOR_LINE, FrontDoor } from './front-door';

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

function renderFrontDoor() {
  const asked: string[] = [];
  api.configure({
    fetch: (async (url: string) => {
      asked.push(String(url));
      const body = JSON.stringify(showcase);
      return { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), text: async () => body, json: async () => JSON.parse(body) } as Response;
    }) as unknown as typeof fetch,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FrontDoor />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(() => authModal.close());

describe('the front door', () => {
  it("keeps the seed's prompt for scripts and says what VoxClub does in one line", () => {
    renderFrontDoor();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in to see your scripts' })).toBeInTheDocument();
    expect(screen.getByText(FRONT_DOOR_LINE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('asks for the demo scenes only once the page has shown for a while', async () => {
    const asked = renderFrontDoor();
    await new Promise((resolve) => setTimeout(resolve, DEMO_SCENES_DELAY_MS - 100));
    expect(asked).toEqual([]);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(await screen.findByRole('list', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(asked).toEqual([expect.stringMatching(/\/api\/showcase$/)]);
  });

  it('lists the demo scenes, with Listen only for a scene with a finished read', async () => {
    const asked = renderFrontDoor();
    const list = await screen.findByRole('list', {}, { timeout: 3000 });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { level: 3, name: 'Hamlet, III.1' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('Read by Ada Lovelace, @grace')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Listen to Hamlet, III.1' })).toBeInTheDocument();
    expect(within(cards[1]).queryByRole('button', { name: /Listen/ })).not.toBeInTheDocument();
    expect(asked).toEqual([expect.stringMatching(/\/api\/showcase$/)]);
  });

  it('plays the read from its first recorded line and opens the join form from a scene', async () => {
    const played: string[] = [];
    jest.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src);
      return Promise.resolve();
    });
    jest.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    renderFrontDoor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Listen to Hamlet, III.1' }, { timeout: 3000 }));
    expect(played).toEqual([expect.stringMatching(new RegExp(`/api/audio/${'a'.repeat(64)}$`))]);
    expect(screen.getByText(/Now playing Hamlet, III.1:/)).toHaveTextContent('Now playing Hamlet, III.1: Hamlet To be, or not to be.');
    await user.click(screen.getByRole('button', { name: 'Stop Hamlet, III.1' }));
    await waitFor(() => expect(screen.queryByText(/Now playing/)).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: 'Sign up to read it' })[1]);
    expect(authModal.getSnapshot()).toBe('register');
  });
});
