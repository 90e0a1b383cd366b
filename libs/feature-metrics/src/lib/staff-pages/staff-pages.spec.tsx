import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { DashboardSite } from './dashboard-site';

jest.mock('../metrics-page/uplot-chart', () => ({ __esModule: true, default: () => <div data-testid="uplot" /> }));

const staff: User = { id: 'staff', handle: null, name: 'Ada', photo: null, role: { name: 'staff', privileges: ['show_metrics'] }, classes: [] };

function at(route: string, setup: (server: ReturnType<typeof createFakeServer>) => void) {
  const server = createFakeServer();
  setup(server);
  renderPage(<DashboardSite />, { route, path: '*', user: staff, server });
  return server;
}

describe('the dashboard’s staff pages', () => {
  it('lists failed jobs with their last error and attempts, and refreshes on demand', async () => {
    let failures = [
      { id: '0b7c1f7e-1111-4222-a333-444455556666', name: 'mail.send', state: 'failed', progress: null, attempts: 4, error: 'the mail server said no', createdAt: '2026-11-23T10:00:00.000Z' },
    ];
    const server = at('/metrics/jobs', (s) => s.on('jobFailures', () => json(200, { failures })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed jobs' })).toBeInTheDocument();
    // Each tab has its own title.
    await waitFor(() => expect(document.title).toBe('Failed jobs · VoxClub'));
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { level: 2 })).toHaveTextContent('mail.send');
    expect(item).toHaveTextContent('the mail server said no');
    expect(item).toHaveTextContent('4 attempts · job 0b7c1f7e-1111-4222-a333-444455556666');
    expect(server.calls.find((c) => c.name === 'jobFailures')?.query).toEqual({ limit: '100' });

    failures = [];
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No background job has failed.')).toBeInTheDocument();
    // The tabs say where the viewer is.
    expect(screen.getByRole('link', { name: 'Failed jobs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Charts' })).toHaveAttribute('href', '/metrics');
  });

  it('shows the API’s refusal when the caller is not staff', async () => {
    at('/jobs', (s) => s.on('jobFailures', () => json(403, { statusCode: 403, error: 'Forbidden', message: 'Only staff can see background jobs.' })));
    expect(await screen.findByText('Only staff can see background jobs.')).toBeInTheDocument();
  });

  it('lists form requests with their fields, filtered by form through the URL', async () => {
    const server = at('/metrics/requests', (s) =>
      s.on('formRequests', ({ query }) =>
        json(200, {
          requests: [
            { id: 'r1', kind: 'pilot', name: 'Grace Hopper', email: 'grace@example.com', fields: { school: 'Vassar', students: 30, message: null }, userId: null, createdAt: '2026-11-22T09:30:00.000Z' },
            { id: 'r2', kind: 'contact', name: 'Alan', email: 'alan@example.com', fields: { topic: 'Billing', message: 'Hello there' }, userId: 'u9', createdAt: '2026-11-21T09:30:00.000Z' },
          ].filter((r) => !query.kind || r.kind === query.kind),
        }),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Requests' });
    const [pilot, contact] = within(list).getAllByRole('listitem');
    expect(within(pilot).getByRole('heading', { level: 2 })).toHaveTextContent('Pilot programme: Grace Hopper');
    expect(within(pilot).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(within(pilot).getByText('School').nextSibling).toHaveTextContent('Vassar');
    expect(within(pilot).getByText('Students').nextSibling).toHaveTextContent('30');
    expect(within(pilot).queryByText('Message')).toBeNull();
    expect(contact).toHaveTextContent('signed in when sent');
    expect(within(contact).getByText('Message').nextSibling).toHaveTextContent('Hello there');

    fireEvent.change(screen.getByRole('combobox', { name: 'Form' }), { target: { value: 'contact' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem')).toHaveLength(1));
    expect(server.calls.filter((c) => c.name === 'formRequests').map((c) => c.query)).toEqual([{}, { kind: 'contact' }]);
  });

  it('says so when nobody has sent a request', async () => {
    at('/requests', (s) => s.on('formRequests', () => json(200, { requests: [] })));
    expect(await screen.findByText('Nobody has sent a request yet.')).toBeInTheDocument();
  });

  it('shows the charts at any other path, with the tabs', async () => {
    at('/metrics/logins', (s) => s.on('metrics', () => json(500, { statusCode: 500, error: 'x', message: 'Something went wrong.' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
