import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { api } from '@vox/api-client';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import App from './app';

const student: User = {
  id: 'u1',
  handle: null,
  name: 'Ada',
  photo: null,
  role: { name: 'member', privileges: [] },
  classes: ['c1'],
};

function Where() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['subscriptions', 'u1'], []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const title = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
const where = () => screen.getByTestId('location');

beforeEach(() => {
  api.configure({ fetch: (async () => ({ ok: false, status: 404, headers: new Headers(), text: async () => '' }) as Response) as typeof fetch });
});
afterEach(() => authStore.clear());

describe('school remote', () => {
  it('marks its root', () => {
    const { container } = renderAt('/about');
    expect(container.querySelector('[data-remote="school"]')).not.toBeNull();
  });

  it('sends a visitor from / to /about', async () => {
    renderAt('/');
    expect(await title('About VoxClub')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/about');
  });

  it('sends a signed-in student from / to their scripts', async () => {
    authStore.setSession({ token: 't', user: student });
    renderAt('/');
    expect(await title('Your scripts')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/scripts');
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the about page behind the modal at %s', async (path) => {
    renderAt(path);
    expect(await title('About VoxClub')).toBeInTheDocument();
    expect(where()).toHaveTextContent(path);
  });

  it.each([
    ['/scripts', 'scripts'],
    ['/history', 'history'],
    ['/friends', 'friend list'],
    ['/notifications', 'messages'],
  ])('asks a visitor at %s to log in to see their %s', async (path, what) => {
    renderAt(path);
    expect(await title(`Log in to see your ${what}`)).toBeInTheDocument();
  });

  it('gates the drafts behind the draft privilege', async () => {
    authStore.setSession({ token: 't', user: student });
    renderAt('/write');
    expect(await title('Upgrade your membership')).toBeInTheDocument();
  });

  it.each([
    ['/terms', /terms/i],
    // Logged out, the real list asks to log in.
    ['/certificate', 'Log in to see your certificates'],
    ['/events', 'Events'],
    ['/session/s1', 'Table read'],
    ['/nowhere', 'Page not found'],
  ])('renders %s', async (path, name) => {
    renderAt(path);
    expect(await title(name)).toBeInTheDocument();
  });
});
