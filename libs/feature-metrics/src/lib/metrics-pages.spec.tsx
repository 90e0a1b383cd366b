import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { authModal, authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { SiteHrefProvider } from '@vox/ui';
import { MetricsPage } from './metrics-page/metrics-page';
import { StaffGate } from './staff-gate/staff-gate';

const person = (id: string, privileges: string[]): User => ({
  id,
  handle: null,
  name: 'Ada',
  photo: null,
  role: { name: privileges.length ? 'staff' : 'member', privileges },
  classes: [],
});

function renderGate() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The subscriptions are known up front, so no request leaves the spec.
  for (const id of ['staff', 'member', 'other']) client.setQueryData(['subscriptions', id], []);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {/* The dashboard host serves none of the route table: the shell's answer leads to the main site. */}
        <SiteHrefProvider value={(path, site) => `https://${site === 'main' || !site ? '' : `${site}.`}voxclub.test${path}`}>
          <StaffGate>
            <MetricsPage />
          </StaffGate>
        </SiteHrefProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  authStore.clear();
  authModal.close();
});

describe('the dashboard', () => {
  it('shows the metrics to staff', async () => {
    authStore.setSession({ token: 't', user: person('staff', ['show_metrics']) });
    renderGate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeInTheDocument();
    // The controls come at once; the charts follow the answer (metrics-page.spec.tsx).
    for (const name of ['7 days', '30 days', '90 days', 'Custom']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Site' })).toBeInTheDocument();
    expect(authModal.getSnapshot()).toBeNull();
  });

  it('opens the login modal for visitors, over a notice that says why', () => {
    renderGate();
    expect(authModal.getSnapshot()).toBe('login');
    expect(screen.getByText('The metrics dashboard is for staff. Log in with a staff account to see it.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Metrics' })).toBeNull();
  });

  // A signed-in member is not asked to log in again, nor offered plans (none grants
  // show_metrics): each such account is told the area is for staff.
  it('tells a member without show_metrics the area is for staff, with no login modal and no plans, for each such account', () => {
    authStore.setSession({ token: 't', user: person('member', []) });
    renderGate();
    expect(authModal.getSnapshot()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText('The metrics dashboard is for VoxClub staff. Your account is not a staff account, and no membership plan includes it.')).toBeInTheDocument();
    expect(screen.getByText('If you work for VoxClub, ask an administrator to give your account the staff role.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to VoxClub' })).toHaveAttribute('href', 'https://voxclub.test/');
    expect(screen.queryByText(/membership does not include/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Choose your membership' })).toBeNull();
    act(() => authStore.setSession({ token: 't2', user: person('other', []) }));
    expect(authModal.getSnapshot()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Metrics' })).toBeNull();
  });

  it('shows the metrics once staff logs in', async () => {
    renderGate();
    act(() => authStore.setSession({ token: 't', user: person('staff', ['show_metrics']) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeInTheDocument();
  });
});
