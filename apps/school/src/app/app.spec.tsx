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
    expect(await title('About VoxClub School')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/about');
  });

  it('shows a signed-in student (a user with a class) the school home at /', async () => {
    authStore.setSession({ token: 't', user: student });
    renderAt('/');
    expect(await title('Welcome back, Ada')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/$/);
  });

  it('shows a teacher the school home at /, even before their first class', async () => {
    authStore.setSession({ token: 't', user: { ...student, classes: [], role: { name: 'teacher', privileges: ['teach'] } } });
    renderAt('/');
    expect(await title('Welcome back, Ada')).toBeInTheDocument();
  });

  it('sends a signed-in member with no class from / to their scripts', async () => {
    authStore.setSession({ token: 't', user: { ...student, classes: [] } });
    renderAt('/');
    expect(await title('Your scripts')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/scripts');
  });

  it('opens the set-password page to visitors and asks them to log in for classes', async () => {
    renderAt('/set-password?user=ana.b&code=ABCD-EFGH');
    expect(await title('Set your password')).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toHaveValue('ana.b');
    expect(screen.getByLabelText('Code')).toHaveValue('ABCD-EFGH');
  });

  it.each([
    ['/classes', 'classes'],
    ['/assignments/a1', 'assignments'],
  ])('asks a visitor at %s to log in to see their %s', async (path, what) => {
    renderAt(path);
    expect(await title(`Log in to see your ${what}`)).toBeInTheDocument();
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the about page behind the modal at %s', async (path) => {
    renderAt(path);
    expect(await title('About VoxClub School')).toBeInTheDocument();
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
