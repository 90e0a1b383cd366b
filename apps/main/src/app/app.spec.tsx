import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { api } from '@vox/api-client';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import App from './app';

const person = (privileges: string[]): User => ({
  id: 'u1',
  handle: 'ada',
  name: 'Ada',
  photo: null,
  role: { name: 'member', privileges },
  classes: [],
});

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

beforeEach(() => {
  // No page under test should need the server; anything that asks gets a 404.
  api.configure({ fetch: (async () => ({ ok: false, status: 404, headers: new Headers(), text: async () => '' }) as Response) as typeof fetch });
});
afterEach(() => authStore.clear());

describe('main remote', () => {
  it('marks its root for the shell and the e2e suite', async () => {
    const { container } = renderAt('/scripts');
    expect(container.querySelector('[data-remote="main"]')).not.toBeNull();
  });

  it('sends / to /scripts, where a visitor gets the log-in prompt for scripts', async () => {
    renderAt('/');
    expect(await title('Log in to see your scripts')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/scripts');
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the scripts prompt behind the modal at %s', async (path) => {
    renderAt(path);
    expect(await title('Log in to see your scripts')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });

  it.each([
    ['/history', 'history'],
    ['/friends', 'friend list'],
    ['/notifications', 'messages'],
    ['/scripts/create', 'scripts'],
    ['/subscription', 'subscriptions'],
    // Issue 21: no "your the audio library".
    ['/audio', 'audio library'],
    ['/free_scripts', 'free scripts'],
  ])('asks a visitor at %s to log in to see their %s', async (path, what) => {
    renderAt(path);
    expect(await title(`Log in to see your ${what}`)).toBeInTheDocument();
  });

  it('shows a signed-in member their scripts', async () => {
    authStore.setSession({ token: 't', user: person([]) });
    renderAt('/scripts');
    expect(await title('Your scripts')).toBeInTheDocument();
  });

  it.each([
    ['/write', 'draft', 'Drafts'],
    ['/templates/create', 'draft', 'New template'],
    ['/write/d1', 'draft', 'Writing editor'],
    ['/audio', 'audio_library', 'Audio library'],
    ['/free_scripts', 'read_free_script', 'Free scripts'],
  ])('gates %s behind %s', async (path, privilege, name) => {
    authStore.setSession({ token: 't', user: person([]) });
    const { unmount } = renderAt(path);
    expect(await title('Upgrade your membership')).toBeInTheDocument();
    expect(document.querySelector(`[data-privilege="${privilege}"]`)).not.toBeNull();
    unmount();
    authStore.setSession({ token: 't', user: person([privilege]) });
    renderAt(path);
    expect(await title(name)).toBeInTheDocument();
  });

  it.each([
    ['/guide', /guide/i],
    ['/about', 'About VoxClub'],
    ['/membership', 'Choose your membership'],
    ['/events', 'Events'],
    // The real pages now: every API call answers 404 in this spec, so they say what is missing.
    ['/event/e1', 'Event not found'],
    ['/event/e1/register', 'Register for the event'],
    ['/certificate/c1', 'Certificate not found'],
    ['/session/s1', 'Table read'],
    ['/podcast-ep/l1', 'Episode not found'],
    ['/pilot_program/id', 'Pilot program for schools'],
    ['/freesound-poc', 'Find sounds'],
    ['/contact', 'Contact us'],
  ])('renders %s', async (path, name) => {
    renderAt(path);
    expect(await title(name)).toBeInTheDocument();
  });

  it('routes /members/{handle} to the profile page (unknown here: the server answers 404)', async () => {
    renderAt('/members/grace');
    expect(await screen.findByText('The link may be mistyped, or the member changed their handle.')).toBeInTheDocument();
  });

  it('asks a visitor of a share link to log in', async () => {
    renderAt('/s/l1');
    expect(await screen.findByText('Please log in to access the shared script.')).toBeInTheDocument();
  });

  it('answers an unknown path with a page-not-found page that links home', async () => {
    renderAt('/no/such/page');
    expect(await title('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
