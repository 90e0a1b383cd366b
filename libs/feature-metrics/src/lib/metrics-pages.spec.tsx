import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { authModal, authStore } from '@vox/auth';
import type { User } from '@vox/contract';
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
        <StaffGate>
          <MetricsPage />
        </StaffGate>
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

  // Issue 21: a signed-in member is not asked to log in again; each such account sees what its
  // membership lacks.
  it('shows a member without show_metrics what is missing, with no login modal, for each such account', () => {
    authStore.setSession({ token: 't', user: person('member', []) });
    renderGate();
    expect(authModal.getSnapshot()).toBeNull();
    expect(screen.getByText('Your membership does not include the metrics dashboard.')).toBeInTheDocument();
    act(() => authStore.setSession({ token: 't2', user: person('other', []) }));
    expect(authModal.getSnapshot()).toBeNull();
    expect(screen.getByText('Your membership does not include the metrics dashboard.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Metrics' })).toBeNull();
  });

  it('shows the metrics once staff logs in', async () => {
    renderGate();
    act(() => authStore.setSession({ token: 't', user: person('staff', ['show_metrics']) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeInTheDocument();
  });
});
