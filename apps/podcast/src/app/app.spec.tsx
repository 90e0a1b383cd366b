import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { api } from '@vox/api-client';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import App from './app';

const listener: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['subscriptions', 'u1'], []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const title = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  api.configure({ fetch: (async () => ({ ok: false, status: 404, headers: new Headers(), text: async () => '' }) as Response) as typeof fetch });
});
afterEach(() => authStore.clear());

describe('podcast remote', () => {
  it('shows the channels at / to a visitor, and the home page once they log in', async () => {
    const { container } = renderAt('/');
    expect(container.querySelector('[data-remote="podcast"]')).not.toBeNull();
    expect(await title('Channels')).toBeInTheDocument();
    act(() => authStore.setSession({ token: 't', user: listener }));
    expect(await title('Home')).toBeInTheDocument();
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the channels behind the modal at %s', async (path) => {
    renderAt(path);
    expect(await title('Channels')).toBeInTheDocument();
  });

  it.each([
    ['/history', 'podcasts'],
    ['/favorites', 'favorites'],
    ['/subscription', 'subscriptions'],
  ])('asks a visitor at %s to log in to see their %s', async (path, what) => {
    renderAt(path);
    expect(await title(`Log in to see your ${what}`)).toBeInTheDocument();
  });

  it('shows a signed-in listener their history', async () => {
    authStore.setSession({ token: 't', user: listener });
    renderAt('/history');
    expect(await title('Your podcasts')).toBeInTheDocument();
  });

  it.each([
    // The real pages (issue 16): every API call answers 404 in this spec.
    ['/channel/c1', 'Channel not found'],
    ['/playlist/p1', 'Playlist not found'],
    ['/podcast-ep/l1', 'Episode not found'],
    ['/privacy', /privacy/i],
    ['/about', 'About VoxClub'],
    ['/membership', 'Choose your membership'],
    ['/contact', 'Contact us'],
    ['/scripts', 'Page not found'],
  ])('renders %s', async (path, name) => {
    renderAt(path);
    expect(await title(name)).toBeInTheDocument();
  });

  it('routes /profile/{userId} to the profile page (unknown here: the server answers 404)', async () => {
    renderAt('/profile/u7');
    expect(await screen.findByText('The link may be mistyped, or the member changed their handle.')).toBeInTheDocument();
  });
});
