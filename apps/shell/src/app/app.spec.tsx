import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ActivityLogger } from '@vox/activity';
import { routesOf, type SiteRoute } from '@vox/site-routes';
import { PATHS } from '@vox/variant';
import type { RemoteAppModule } from '../federation/remotes';
import { shellRoutes } from './app';

// The remote as the shell loads it: a test double for the federation runtime, whose module the
// spec chooses (the shape of today's remotes, or one built before the data router).
let remoteModule: RemoteAppModule;
jest.mock('../federation/remotes', () => ({
  loadRemoteApp: jest.fn(async () => remoteModule),
  registerRemotesFromManifest: jest.fn(async () => ({})),
  forgetFailedShares: jest.fn(),
}));

// jsdom has no fetch Request, which a data router makes for every navigation (libs/testing's kit
// adds the same; apps may not import the kit). Navigations read only url, method and signal.
if (typeof globalThis.Request === 'undefined') {
  (globalThis as { Request?: unknown }).Request = class {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  };
}

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

function renderShell(path: string) {
  const router = createMemoryRouter(shellRoutes({ activity, manifestError: null }, 'localhost'), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  remoteModule = siteModule;
  broken = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the shell data router', () => {
  const [root] = shellRoutes({ activity, manifestError: null }, 'localhost');
  const children = root.children as RouteObject[];

  it('has a root layout route with an error element of its own', () => {
    expect(root.id).toBe('root');
    expect(root.errorElement).toBeTruthy();
  });

  it.each(routesOf('main').map((r) => [r.id, PATHS[r.path]]))('has the table route %s (%s) with its row and an error element', (id, path) => {
    const child = children.find((c) => c.id === id);
    expect(child?.path).toBe(path);
    expect((child?.handle as SiteRoute).id).toBe(id);
    expect(child?.errorElement).toBeTruthy();
  });

  it('ends with a 404 route, and builds the host site: the podcast host gets its own home', () => {
    expect(children[children.length - 1]).toMatchObject({ id: 'notFound', path: '*' });
    const podcast = shellRoutes({ activity, manifestError: null }, 'podcast.localhost')[0].children as RouteObject[];
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
    const router = renderShell('/friends');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The Friends page failed');
    expect(alert).toHaveTextContent('Cannot read the friend list');
    expect(alert).not.toHaveTextContent(/connection/i);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getAllByRole('banner').length).toBeGreaterThan(0);

    // Try again draws the page anew.
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Friends, at last' })).toBeInTheDocument();

    // The rest of the app keeps working.
    broken = true;
    await act(() => router.navigate('/friends'));
    await screen.findByRole('alert');
    await act(() => router.navigate('/guide'));
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
  });

  it('draws a remote built before the data router (only a default App) whole, at every path', async () => {
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
