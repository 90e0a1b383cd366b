import type { ReactElement, ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import type { FakeServer } from './fake-server';

interface RenderPageOptions {
  /** The URL to open, or the history entries (the last is current). */
  route: string | string[];
  /** The route pattern the page is mounted at (e.g. '/scripts/edit/:scriptId'); the route itself by default. */
  path?: string;
  /** Signed in as this user (with the token 't'); signed out when null; left as it is when left out. */
  user?: User | null;
  /** The fake server the page talks to (created by the spec, so it can register answers first). */
  server?: FakeServer;
  /** More routes beside the page (other pages a link or redirect reaches); `*` shows "elsewhere". */
  routes?: RouteObject[];
  /** Rendered beside the page, inside the router (e.g. a link or a Back button the spec clicks). */
  extra?: ReactNode;
}

/**
 * jsdom has no fetch Request, which a data router makes for every navigation. Its navigations read
 * only url, method and signal (no body: the pages here submit no forms through the router).
 */
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers | undefined;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = typeof Headers === 'undefined' ? undefined : new Headers();
    }
  }
  (globalThis as { Request?: unknown }).Request = NavigationRequest;
}

/** Shows where the router is, so a spec can assert a navigation (`getByTestId('location')`). */
function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

type Common = Omit<RenderPageOptions, 'path' | 'routes'>;

/** The router, QueryClient and auth state every web spec renders in. */
function renderInRouter(pages: RouteObject[], options: Common, elsewhere = true) {
  const entries = Array.isArray(options.route) ? options.route : [options.route];
  if (options.user) authStore.setSession({ token: 't', user: options.user });
  else if (options.user === null) authStore.clear();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            {options.extra}
          </>
        ),
        children: elsewhere ? [...pages, { path: '*', element: <p>elsewhere</p> }] : pages,
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, client, router, server: options.server };
}

/**
 * Renders one page as the apps do: a memory data router (so useBlocker and loaders work), a fresh
 * QueryClient without retries, and the auth store signed in as `user` (or out, with `user: null`).
 */
export function renderPage(ui: ReactElement, options: RenderPageOptions) {
  const current = Array.isArray(options.route) ? options.route[options.route.length - 1] : options.route;
  return renderInRouter([{ path: options.path ?? current.split('?')[0], element: ui }, ...(options.routes ?? [])], options);
}

/** Renders a feature's route table (`{ '/audio': <AudioLibraryPage />, ... }`) at `route`. */
export function renderRoutes(table: Record<string, ReactElement>, options: Common) {
  return renderInRouter(Object.entries(table).map(([path, element]) => ({ path, element })), options);
}

/** Renders data-router routes as given (a site's table with its own `*`), at `route`. */
export function renderRouter(routes: RouteObject[], options: Common) {
  return renderInRouter(routes, options, false);
}

/** The page's one level-1 heading (its title). */
export const pageTitle = () => screen.getByRole('heading', { level: 1 });
