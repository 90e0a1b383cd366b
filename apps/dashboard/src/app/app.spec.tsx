import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { authModal, authStore } from '@vox/auth';
import { SiteHrefProvider } from '@vox/ui';
import type { User } from '@vox/contract';
import App from './app';

const person = (privileges: string[]): User => ({
  id: 'u1',
  handle: null,
  name: 'Ada',
  photo: null,
  role: { name: 'staff', privileges },
  classes: [],
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['subscriptions', 'u1'], []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {/* As the shell frames it on the dashboard host, which serves none of the route table. */}
        <SiteHrefProvider value={(to) => `http://localhost${to}`}>
          <App />
        </SiteHrefProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  authStore.clear();
  authModal.close();
});

describe('dashboard remote', () => {
  // The metrics page loads after the staff check (its own chunk), so it is awaited.
  it.each(['/', '/metrics', '/metrics/logins', '/anything'])('shows the metrics to staff at %s', async (path) => {
    authStore.setSession({ token: 't', user: person(['show_metrics']) });
    const { container } = renderAt(path);
    expect(container.querySelector('[data-remote="dashboard"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' }, { timeout: 5000 })).toBeInTheDocument();
    expect(authModal.getSnapshot()).toBeNull();
  });

  it('opens the login modal for a visitor, over the staff-only notice', () => {
    renderAt('/');
    expect(authModal.getSnapshot()).toBe('login');
    expect(screen.getByText('The metrics dashboard is for staff. Log in with a staff account to see it.')).toBeInTheDocument();
  });

  // A signed-in member is not asked to log in again, nor offered plans (none grants show_metrics):
  // they are told the area is for staff.
  it('tells a member without show_metrics the area is for staff, not the login modal and no plans', () => {
    authStore.setSession({ token: 't', user: person([]) });
    renderAt('/metrics');
    expect(authModal.getSnapshot()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText('The metrics dashboard is for VoxClub staff. Your account is not a staff account, and no membership plan includes it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to VoxClub' })).toHaveAttribute('href', 'http://localhost/');
    expect(screen.queryByRole('link', { name: 'Choose your membership' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Metrics' })).toBeNull();
  });
});
