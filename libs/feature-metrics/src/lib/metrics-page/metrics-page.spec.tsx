import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MetricsAnswer, User } from '@vox/contract';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { MetricsPage } from './metrics-page';
import { addDays, readView, todayIn, viewSearch } from './metrics-state';
import { csvFileName, pagesCsv, seriesCsv } from './csv';

// uPlot draws on a canvas jsdom does not have; the card's names and tables are what is tested.
jest.mock('./uplot-chart', () => ({ __esModule: true, default: () => <div data-testid="uplot" /> }));

const staff: User = { id: 'staff', handle: null, name: 'Ada', photo: null, role: { name: 'staff', privileges: ['show_metrics'] }, classes: [] };

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (n: number) => new Date(Date.parse(today()) - n * DAY).toISOString().slice(0, 10);

function answer(query: Record<string, string>): MetricsAnswer {
  const days: string[] = [];
  for (let d = query.from; d <= query.to; d = new Date(Date.parse(d) + DAY).toISOString().slice(0, 10)) days.push(d);
  const values = (total: number) => days.map((_, i) => (i === days.length - 1 ? total : 0));
  const one = (key: string, label: string, total: number, previousTotal: number) => ({ key, label, values: values(total), total, previousTotal });
  return {
    from: query.from,
    to: query.to,
    previousFrom: query.from,
    previousTo: query.to,
    timeZone: query.tz ?? 'UTC',
    variant: (query.variant ?? 'all') as MetricsAnswer['variant'],
    days,
    // The server answers the charts `charts` names, and the pages table when it names topPages.
    charts: [
      { id: 'activeUsers', title: 'Daily active users', series: [one('users', 'Active users', 12, 8)], note: null },
      { id: 'visits', title: 'Visits', series: [one('visits', 'Visits', 1234, 1234)], note: null },
      { id: 'logins', title: 'Logins and registrations', series: [one('logins', 'Logins', 5, 10), one('registrations', 'Registrations', 2, 0)], note: null },
      { id: 'shareLinks', title: 'Share-link opens', series: [one('opens', 'Share-link opens', 3, 3)], note: null },
      { id: 'readingSessions', title: 'Reading sessions and takes', series: [one('sessions', 'Sessions started', 4, 2), one('takes', 'Takes recorded', 9, 3)], note: null },
      { id: 'subscriptions', title: 'New subscriptions', series: [one('subscriptions', 'New subscriptions', 1, 0)], note: null },
      { id: 'episodes', title: 'Episodes played', series: [one('plays', 'Episodes played', 0, 0)], note: 'Podcast episodes cannot be played yet, so this chart stays at zero until they can.' },
      { id: 'casting', title: 'Casting calls and auditions', series: [one('calls', 'Casting calls posted', 2, 1), one('auditions', 'Auditions sent', 7, 0)], note: null },
    ].filter((chart) => query.charts.split(',').includes(chart.id)) as MetricsAnswer['charts'],
    topPages: query.charts.split(',').includes('topPages')
      ? [
          { route: '/session/:id', visits: 40, previousVisits: 20 },
          { route: '/scripts', visits: 10, previousVisits: 0 },
        ]
      : [],
  };
}

/** What the page asks for: each chart of a view on its own. */
const PARTS = ['activeUsers', 'visits', 'topPages', 'logins', 'shareLinks', 'readingSessions', 'subscriptions', 'episodes', 'casting'];
const eachPart = (view: Record<string, string>) => PARTS.map((charts) => ({ ...view, charts }));

/** Every chart drawn: no card is waiting for its answer. */
const allShown = () => waitFor(() => expect(screen.queryAllByRole('status')).toHaveLength(0));

function setup(route: string, hold: (charts: string) => Promise<void> = async () => undefined) {
  const server = createFakeServer();
  server.on('metrics', async ({ query }) => {
    await hold(query.charts);
    return json(200, answer(query));
  });
  renderPage(<MetricsPage />, { route, path: '/metrics', user: staff, server });
  const metricsCalls = () => server.calls.filter((c) => c.name === 'metrics').map((c) => c.query);
  return { server, metricsCalls };
}

describe('MetricsPage', () => {
  it('asks for the range in the URL and shows each chart with its total and change', async () => {
    const { metricsCalls } = setup('/metrics?range=7&tz=UTC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeInTheDocument();
    await allShown();
    const users = screen.getByRole('region', { name: 'Daily active users' });
    expect(metricsCalls()).toEqual(eachPart({ from: daysBefore(6), to: today(), tz: 'UTC', variant: 'all' }));
    expect(within(users).getByTestId('total-activeUsers-users')).toHaveTextContent('12');
    expect(users).toHaveTextContent('+50% vs 8 before');
    expect(screen.getByTestId('total-visits-visits')).toHaveTextContent('1,234');
    expect(screen.getByRole('region', { name: 'Visits' })).toHaveTextContent('no change');
    // What makes a visit is said where visits are counted.
    const rule = 'A visit counts once a page has been open for one second; pages left sooner, such as redirects, are not counted.';
    expect(screen.getByRole('region', { name: 'Visits' })).toHaveTextContent(rule);
    expect(screen.getByRole('region', { name: 'Visits by page' })).toHaveTextContent(rule);
    expect(screen.getByRole('region', { name: 'Logins and registrations' })).not.toHaveTextContent(rule);
    const logins = screen.getByRole('region', { name: 'Logins and registrations' });
    expect(logins).toHaveTextContent('−50% vs 10 before');
    expect(logins).toHaveTextContent('new');
    expect(screen.getByRole('region', { name: 'Episodes played' })).toHaveTextContent('Podcast episodes cannot be played yet');
    // Each chart has an accessible name with its totals, and a table of the same numbers.
    expect(screen.getByRole('img', { name: `Daily active users per day, ${daysBefore(6)} to ${today()}. Active users: 12 (+50%).` })).toBeInTheDocument();
    expect(within(users).getByRole('table', { hidden: true })).toBeInTheDocument();
    const pages = screen.getByRole('region', { name: 'Visits by page' });
    expect(within(pages).getAllByRole('row').map((r) => r.textContent)).toEqual(['PageVisitsChange', '/session/:id40+100%', '/scripts10new']);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('draws each chart as its answer arrives, while one is still on the way', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    setup('/metrics?range=7&tz=UTC', (charts) => (charts === 'activeUsers' ? held : Promise.resolve()));
    // The others are drawn while daily active users wait.
    expect(await screen.findByTestId('total-visits-visits')).toHaveTextContent('1,234');
    expect(screen.getByRole('region', { name: 'Logins and registrations' })).toHaveTextContent('−50% vs 10 before');
    expect(within(screen.getByRole('region', { name: 'Visits by page' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('total-episodes-plays')).toHaveTextContent('0');
    const users = screen.getByRole('region', { name: 'Daily active users' });
    expect(users).toHaveAttribute('aria-busy', 'true');
    expect(within(users).getByRole('status')).toHaveTextContent('Loading Daily active users');
    expect(within(users).queryByTestId('total-activeUsers-users')).toBeNull();
    act(() => release());
    expect(await screen.findByTestId('total-activeUsers-users')).toHaveTextContent('12');
    expect(screen.getByRole('region', { name: 'Daily active users' })).toHaveAttribute('aria-busy', 'false');
  });

  it('says which chart could not be loaded and draws the rest', async () => {
    const server = createFakeServer();
    server.on('metrics', ({ query }) => (query.charts === 'subscriptions' ? json(500, { message: 'The database did not answer.' }) : json(200, answer(query))));
    renderPage(<MetricsPage />, { route: '/metrics?range=7&tz=UTC', path: '/metrics', user: staff, server });
    const subscriptions = await screen.findByRole('region', { name: 'New subscriptions' });
    expect(await within(subscriptions).findByRole('alert')).toHaveTextContent('The database did not answer.');
    expect(await screen.findByTestId('total-visits-visits')).toHaveTextContent('1,234');
  });

  it('follows the presets, the site and the time zone, asking again each time', async () => {
    const { metricsCalls } = setup('/metrics?range=7&tz=UTC');
    await screen.findByRole('region', { name: 'Visits' });
    fireEvent.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(metricsCalls()).toHaveLength(2 * PARTS.length));
    expect(metricsCalls().slice(PARTS.length)).toEqual(eachPart({ from: daysBefore(29), to: today(), tz: 'UTC', variant: 'all' }));
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByRole('combobox', { name: 'Site' }), { target: { value: 'school' } });
    await waitFor(() => expect(metricsCalls()).toHaveLength(3 * PARTS.length));
    expect(metricsCalls().slice(2 * PARTS.length)).toEqual(eachPart({ from: daysBefore(29), to: today(), tz: 'UTC', variant: 'school' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Time zone' }), { target: { value: 'Europe/Berlin' } });
    await waitFor(() => expect(metricsCalls()).toHaveLength(4 * PARTS.length));
    const berlin = todayIn('Europe/Berlin');
    expect(metricsCalls().slice(3 * PARTS.length)).toEqual(eachPart({ from: addDays(berlin, -29), to: berlin, tz: 'Europe/Berlin', variant: 'school' }));
  });

  it('applies a custom range', async () => {
    const { metricsCalls } = setup('/metrics?range=30&tz=UTC');
    await screen.findByRole('region', { name: 'Visits' });
    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    expect(screen.getByText('The start must be on or before the end.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(metricsCalls().slice(-PARTS.length)).toEqual(eachPart({ from: '2026-01-05', to: '2026-01-10', tz: 'UTC', variant: 'all' })));
    expect(await screen.findByText(/5 Jan 2026 – 10 Jan 2026/)).toBeInTheDocument();
  });

  it('downloads a chart as CSV: a header row, then a row per day', async () => {
    const blobs: Blob[] = [];
    const create = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    setup('/metrics?range=7&tz=UTC&variant=school');
    fireEvent.click(await screen.findByRole('button', { name: 'Download Logins and registrations as CSV' }));
    expect(click).toHaveBeenCalled();
    // The file's name carries the chart, the site filter and the range.
    expect(names).toEqual([`logins_school_${daysBefore(6)}_${today()}.csv`]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,Logins,Registrations');
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe(`${today()},5,2`);
    fireEvent.click(screen.getByRole('button', { name: 'Download Visits by page as CSV' }));
    expect(names[1]).toBe(`pages_school_${daysBefore(6)}_${today()}.csv`);
    click.mockRestore();
  });

  it('shows a chart as a table on request', async () => {
    setup('/metrics?range=7&tz=UTC');
    await allShown();
    const visits = screen.getByRole('region', { name: 'Visits' });
    act(() => within(visits).getByRole('button', { name: 'Table' }).click());
    expect(within(visits).queryByRole('img')).toBeNull();
    const rows = within(visits).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DateVisits');
    expect(rows).toHaveLength(8);
    expect(rows[7]).toHaveTextContent(`${today()}1,234`);
  });
});

describe('the view in the URL', () => {
  const now = new Date('2026-03-30T10:00:00Z');
  it('reads presets, custom ranges, the zone and the site, and falls back to 30 days', () => {
    expect(readView(new URLSearchParams('range=7&tz=Europe/Berlin&variant=school'), now, 'UTC')).toEqual({ range: 7, from: '2026-03-24', to: '2026-03-30', tz: 'Europe/Berlin', variant: 'school' });
    expect(readView(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31'), now, 'UTC')).toMatchObject({ range: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(readView(new URLSearchParams('range=custom&from=2026-02-30&to=2026-01-31&tz=Nowhere/Town&variant=x'), now, 'UTC')).toEqual({ range: 30, from: '2026-03-01', to: '2026-03-30', tz: 'UTC', variant: 'all' });
    // "Today" is the zone's today: at 10:00 UTC it is already 31 March in Kiritimati (+14).
    expect(readView(new URLSearchParams('range=7&tz=Pacific/Kiritimati'), now, 'UTC').to).toBe('2026-03-31');
  });

  it('writes only what differs from the defaults', () => {
    expect(viewSearch({ range: 30, from: 'x', to: 'y', tz: 'UTC', variant: 'all' }, 'UTC').toString()).toBe('range=30');
    expect(viewSearch({ range: 'custom', from: '2026-01-01', to: '2026-01-31', tz: 'Asia/Tokyo', variant: 'podcast' }, 'UTC').toString()).toBe('range=custom&from=2026-01-01&to=2026-01-31&tz=Asia%2FTokyo&variant=podcast');
  });

  it('names CSV files by what they hold, the site filter and the range', () => {
    expect(csvFileName('visits', { variant: 'all', from: '2026-03-01', to: '2026-03-30' })).toBe('visits_all-sites_2026-03-01_2026-03-30.csv');
    expect(csvFileName('pages', { variant: 'podcast', from: '2026-03-01', to: '2026-03-07' })).toBe('pages_podcast_2026-03-01_2026-03-07.csv');
  });

  it('writes CSV with quoting where needed', () => {
    expect(pagesCsv([{ route: '/a,b', visits: 3, previousVisits: 1 }])).toBe('page,visits,previous visits\r\n"/a,b",3,1\r\n');
    expect(seriesCsv(['2026-01-01'], [{ key: 'k', label: 'Say "hi"', values: [4], total: 4, previousTotal: 0 }])).toBe('date,"Say ""hi"""\r\n2026-01-01,4\r\n');
  });
});
