import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, matchRoutes } from 'react-router';
import type { ActivityLogger } from '@vox/activity';
import { api } from '@vox/api-client';
import { coreEndpoints } from '@vox/contract';
import { matchRoute, routesOf, siteRouteObjects, type TableSite } from '@vox/site-routes';
import { PATHS } from '@vox/variant';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteApp, type RemoteAppModule, type RemotesManifest } from '../federation/remotes';
import { App, hostSite } from './app';

// The remote as the shell loads it: a test double for the federation runtime, whose module the
// spec chooses (the shape of today's remotes, or one built before the shell matched the routes).
let remoteModule: RemoteAppModule;
let mockManifest: RemotesManifest = {};
jest.mock('../federation/remotes', () => ({
  loadRemoteApp: jest.fn(async () => remoteModule),
  registerRemotesFromManifest: jest.fn(async () => ({})),
  forgetFailedShares: jest.fn(),
  get manifest() {
    return mockManifest;
  },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

const activity = { log: jest.fn() } as unknown as ActivityLogger;
let broken = true;

function Broken(): ReactNode {
  if (broken) throw new Error('Cannot read the friend list');
  return <h1>Friends, at last</h1>;
}

/** Today's remote: a frame and a page per route id; /friends throws while `broken`. */
const siteModule: RemoteAppModule = {
  Frame: ({ children }) => <div data-remote="main">{children}</div>,
  Page: ({ route }) => (route === 'friends' ? <Broken /> : <h1>{route ?? 'nothing here'}</h1>),
};

/** The shell at `path`, with links to move around as a reader would. */
function renderShell(path: string) {
  // The app's router is the browser's: the address bar shows the path too.
  window.history.replaceState(null, '', path);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <nav aria-label="test">
          <Link to="/friends">to friends</Link>
          <Link to="/guide">to the guide</Link>
        </nav>
        <App activity={activity} manifestError={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let reported: jest.SpyInstance;
beforeEach(() => {
  remoteModule = siteModule;
  mockManifest = {};
  broken = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  reported = jest.spyOn(api, 'call').mockImplementation((async () => undefined) as never);
});
const renderErrorReports = () => reported.mock.calls.filter(([endpoint]) => endpoint === coreEndpoints.reportRenderError);
afterEach(() => jest.restoreAllMocks());

describe('the shell routes', () => {
  const routes = siteRouteObjects('main', () => null);

  it.each(routesOf('main').map((r) => [r.id, PATHS[r.path]]))('has the table route %s (%s) with its row', (id, path) => {
    const route = routes.find((c) => c.id === id);
    expect(route?.path).toBe(path);
    expect(route?.route?.id).toBe(id);
  });

  // The shell hands <Routes> only the route the table's matcher picked (and the 404): both must
  // pick the same route for every path of every site, whatever the table's order.
  it.each(['main', 'school', 'podcast'] as TableSite[])("matches every path of the %s site as react-router's ranking does", (site) => {
    const all = siteRouteObjects(site, () => null);
    const paths = routesOf(site).flatMap((r) => {
      const path = PATHS[r.path];
      return [path.replace(/:\w+/g, 'x1'), path.replace(/:\w+/g, 'new'), path.replace(/:\w+/g, 'edit'), ...(path === '/' ? [] : [`${path.replace(/:\w+/g, 'x1')}/`]), path.toUpperCase().replace(/:\w+/g, 'X1')];
    });
    for (const path of [...paths, '/no/such/page', '/members', '/scripts/x1/nope']) {
      const ranked = matchRoutes(all, path)?.at(-1)?.route as { id: string } | undefined;
      expect({ path, id: matchRoute(path, site)?.id ?? 'notFound' }).toEqual({ path, id: ranked?.id ?? 'notFound' });
    }
  });

  it('ends with a 404 route, and builds the host site: the podcast host gets its own home', () => {
    expect(routes[routes.length - 1]).toMatchObject({ id: 'notFound', path: '*', route: null });
    expect(hostSite('localhost')).toBe('main');
    expect(hostSite('dashboard.localhost')).toBe('main');
    const podcast = siteRouteObjects(hostSite('podcast.localhost'), () => null);
    expect(podcast.map((c) => c.id)).toContain('podcastHome');
    expect(podcast.map((c) => c.id)).not.toContain('friends');
  });

  it('draws the matched route from the remote inside its frame, with the header', async () => {
    renderShell('/guide');
    expect(await screen.findByRole('heading', { level: 1, name: 'guide' })).toBeInTheDocument();
    expect(document.querySelector('[data-remote="main"]')).not.toBeNull();
    expect(screen.getAllByRole('banner').length).toBeGreaterThan(0);
  });

  it('shows a page that throws as that page failing, with a way back, and keeps the header working', async () => {
    renderShell('/friends');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Friends page failed');
    expect(alert).toHaveTextContent('Cannot read the friend list');
    expect(alert).not.toHaveTextContent(/connection/i);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('banner').length).toBeGreaterThan(0);
    // The server's log hears of it: what threw, where in the code and the tree, on which path.
    expect(renderErrorReports()).toHaveLength(1);
    const [, { body }] = renderErrorReports()[0] as [unknown, { body: Record<string, string> }];
    expect(body).toMatchObject({ message: 'Cannot read the friend list', path: '/friends' });
    expect(body.stack).toContain('Broken');
    expect(body.componentStack).toContain('Broken');

    // Try again draws the page anew.
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Friends, at last' })).toBeInTheDocument();

    // The rest of the app keeps working.
    broken = true;
    fireEvent.click(screen.getByRole('link', { name: 'to the guide' }));
    await screen.findByRole('heading', { level: 1, name: 'guide' });
    fireEvent.click(screen.getByRole('link', { name: 'to friends' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('link', { name: 'to the guide' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'guide' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a page chunk that did not download from a page that threw: check the connection', async () => {
    remoteModule = {
      ...siteModule,
      Page: () => {
        throw Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
      },
    };
    renderShell('/guide');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The main site did not load');
    expect(alert).toHaveTextContent('Check your connection');
    // A download that failed is the network's, not a fault in the code: nothing is reported.
    expect(renderErrorReports()).toHaveLength(0);
  });

  it("draws the page from the manifest's fallback when the live remote does not load, and reports the failure with both versions", async () => {
    const live = '/remotes/main/aaaaaaaaaaaa-aaaaaaa/remoteEntry.js?v=aaaaaaaaaaaa-aaaaaaa';
    const fallback = '/remotes/main/bbbbbbbbbbbb-bbbbbbb/remoteEntry.js?v=bbbbbbbbbbbb-bbbbbbb';
    mockManifest = { main: live, fallbacks: { main: fallback } };
    jest.mocked(loadRemoteApp).mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to load script resources.'));
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    renderShell('/guide');
    expect(await screen.findByRole('heading', { level: 1, name: 'guide' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'main', entry: `http://localhost${fallback}` }], { force: true });
    expect(sendBeacon.mock.calls).toEqual([
      [
        '/api/vitals/remote-failures',
        JSON.stringify({ site: 'main', remote: 'main', version: 'aaaaaaaaaaaa-aaaaaaa', fallbackVersion: 'bbbbbbbbbbbb-bbbbbbb', recovered: true, reason: '[ Federation Runtime ]: Failed to load script resources.' }),
      ],
    ]);
    // The vitals of this page view are the fallback's.
    expect(document.documentElement.dataset).toMatchObject({ fallbackRemote: 'main', fallbackEntry: fallback });
  });

  it('shows the live remote failing when its fallback fails too, and reports that the fallback did not save it', async () => {
    mockManifest = { main: '/remotes/main/aaaaaaaaaaaa-aaaaaaa/remoteEntry.js?v=aaaaaaaaaaaa-aaaaaaa', fallbacks: { main: '/remotes/main/remoteEntry.js' } };
    jest.mocked(loadRemoteApp).mockRejectedValueOnce(new Error('live entry 404')).mockRejectedValueOnce(new Error('fallback entry 404'));
    const sendBeacon = jest.fn((_url: string, _body: string) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    renderShell('/guide');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The main site did not load');
    expect(JSON.parse(sendBeacon.mock.calls[0][1])).toEqual({ site: 'main', remote: 'main', version: 'aaaaaaaaaaaa-aaaaaaa', fallbackVersion: 'built-in', recovered: false, reason: 'live entry 404' });
  });

  it('draws a remote built before the shell matched the routes (only a default App) whole, at every path', async () => {
    remoteModule = { default: () => <h1>the old app</h1> };
    renderShell('/friends');
    expect(await screen.findByRole('heading', { level: 1, name: 'the old app' })).toBeInTheDocument();
  });

  it('names the page of an old remote that throws, without blaming the network', async () => {
    remoteModule = {
      default: () => {
        throw new Error('Old page broke');
      },
    };
    renderShell('/friends');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Friends page failed');
    expect(alert).not.toHaveTextContent(/connection/i);
  });
});
