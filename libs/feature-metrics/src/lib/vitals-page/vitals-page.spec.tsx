import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RemoteFailuresAnswer, User, VitalsAnswer } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { DashboardSite } from '../staff-pages/dashboard-site';

jest.mock('../metrics-page/uplot-chart', () => ({ __esModule: true, default: () => <div data-testid="uplot" /> }));

const staff: User = { id: 'staff', handle: null, name: 'Ada', photo: null, role: { name: 'staff', privileges: ['show_metrics'] }, classes: [] };

const none = (metric: string) => ({ metric, count: 0, p75: null, good: 0, needsImprovement: 0, poor: 0, daily: [null, null] });

function answer(query: Record<string, string | undefined>): VitalsAnswer {
  const lcp = query.version === 'bbb22222' ? { p75: 2510, good: 2, needsImprovement: 1, poor: 0, count: 3 } : query.version === 'aaa11111' ? { p75: 3000, good: 2, needsImprovement: 1, poor: 1, count: 4 } : { p75: 3000, good: 4, needsImprovement: 2, poor: 1, count: 7 };
  return {
    from: '2026-03-02',
    to: '2026-03-03',
    days: ['2026-03-02', '2026-03-03'],
    metrics: [{ metric: 'LCP', ...lcp, daily: [3000, 2510] }, none('INP'), { metric: 'CLS', count: 2, p75: 0.101, good: 1, needsImprovement: 1, poor: 0, daily: [0.101, null] }, none('FCP'), none('TTFB')] as VitalsAnswer['metrics'],
    groups: [
      { site: 'main', route: 'scripts', remote: 'main', version: 'aaa11111', metric: 'LCP', count: 4, p75: 3000, good: 2, needsImprovement: 1, poor: 1 },
      { site: 'school', route: 'schoolHome', remote: 'school', version: 'ccc33333', metric: 'INP', count: 1, p75: 480, good: 0, needsImprovement: 1, poor: 0 },
    ],
    versions: [
      { remote: 'main', version: 'bbb22222', count: 3, lastDay: '2026-03-03' },
      { remote: 'main', version: 'aaa11111', count: 6, lastDay: '2026-03-02' },
    ],
  };
}

const noFailures: RemoteFailuresAnswer = { from: '2026-02-04', to: '2026-03-03', groups: [] };

function at(route: string, failures = noFailures) {
  const server = createFakeServer();
  server.on('vitals', ({ query }) => json(200, answer(query as Record<string, string>)));
  server.on('remoteFailures', () => json(200, failures));
  renderPage(<DashboardSite />, { route, path: '*', user: staff, server });
  return server;
}

describe('the Web vitals tab', () => {
  it('shows p75 with its rating and the good / needs improvement / poor shares per metric', async () => {
    at('/metrics/vitals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Web vitals' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Web vitals · VoxClub'));
    expect(screen.getByRole('link', { name: 'Web vitals' })).toHaveAttribute('aria-current', 'page');
    const lcp = await screen.findByRole('listitem', { name: 'LCP' });
    expect(within(lcp).getByRole('heading', { level: 2 })).toHaveTextContent('LCPp75 3 sNeeds improvement');
    expect(lcp).toHaveTextContent('57% good · 29% needs improvement · 14% poor');
    expect(lcp).toHaveTextContent('7 samples; good up to 2.5 s, poor over 4 s');
    expect(within(lcp).getByRole('img')).toHaveAccessibleName('LCP p75 per day, 2026-03-02 to 2026-03-03; last 2.51 s');
    const cls = screen.getByRole('listitem', { name: 'CLS' });
    expect(within(cls).getByRole('heading', { level: 2 })).toHaveTextContent('CLSp75 0.101Needs improvement');
    expect(screen.getByRole('listitem', { name: 'INP' })).toHaveTextContent('INPp75 No data0% good · 0% needs improvement · 0% poor0 samples; good up to 200 ms, poor over 500 ms');
    const rows = within(screen.getByRole('table', { name: '' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'SiteRouteRemote versionMetricp75Good / needs improvement / poorSamples',
      'Mainscriptsmain aaa11111LCP3 s50% / 25% / 25%4',
      'SchoolschoolHomeschool ccc33333INP480 ms0% / 100% / 0%1',
    ]);
  });

  it('filters by site and route through the URL', async () => {
    const server = at('/vitals?site=main');
    await screen.findByRole('listitem', { name: 'LCP' });
    expect(server.calls.filter((c) => c.name === 'vitals').at(-1)?.query).toEqual({ site: 'main' });
    fireEvent.change(screen.getByLabelText('Route'), { target: { value: 'scripts' } });
    await waitFor(() => expect(server.calls.filter((c) => c.name === 'vitals').at(-1)?.query).toEqual({ site: 'main', route: 'scripts' }));
  });

  it('compares two versions of one remote side by side', async () => {
    const server = at('/metrics/vitals');
    await screen.findByRole('listitem', { name: 'LCP' });
    expect(screen.getByText('Pick two versions of the same remote.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Version A'), { target: { value: 'main aaa11111' } });
    fireEvent.change(screen.getByLabelText('Version B'), { target: { value: 'main bbb22222' } });
    const table = await screen.findByRole('table', { name: 'main aaa11111 and bbb22222' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Metricaaa11111bbb22222');
    expect(rows[1]).toHaveTextContent('LCPp75 3 s50% good · 25% needs improvement · 25% poor · 4 samplesp75 2.51 s67% good · 33% needs improvement · 0% poor · 3 samples');
    const asked = server.calls.filter((c) => c.name === 'vitals').map((c) => c.query);
    expect(asked).toContainEqual({ remote: 'main', version: 'aaa11111' });
    expect(asked).toContainEqual({ remote: 'main', version: 'bbb22222' });
  });

  it('says when nothing has been reported', async () => {
    const server = createFakeServer();
    server.on('vitals', () => json(200, { ...answer({}), metrics: ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'].map(none), groups: [], versions: [] }));
    server.on('remoteFailures', () => json(200, noFailures));
    renderPage(<DashboardSite />, { route: '/metrics/vitals', path: '*', user: staff, server });
    expect(await screen.findByText('No page view has reported its vitals in this range yet.')).toBeInTheDocument();
    expect(await screen.findByText('No remote has failed to load in this range.')).toBeInTheDocument();
  });

  it('lists the remote versions that failed to load, with the fallback each turned to', async () => {
    at('/metrics/vitals', {
      from: '2026-02-04',
      to: '2026-03-03',
      groups: [
        { remote: 'main', version: '0123456789ab-abc1234', fallbackVersion: 'ba9876543210-def5678', count: 3, recovered: 2, lastAt: '2026-03-03T10:04:05.000Z', lastReason: 'Loading chunk 12 failed.' },
        { remote: 'school', version: 'aaaaaaaaaaaa-aaaaaaa', fallbackVersion: 'built-in', count: 1, recovered: 1, lastAt: '2026-03-02T08:00:00.000Z', lastReason: 'entry 404' },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Remote load failures' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Remote versionFallbackFailuresSaved by the fallbackLastLast error',
      'main 0123456789ab-abc1234ba9876543210-def5678322026-03-03 10:04 UTCLoading chunk 12 failed.',
      'school aaaaaaaaaaaa-aaaaaaabuilt-in112026-03-02 08:00 UTCentry 404',
    ]);
  });
});
