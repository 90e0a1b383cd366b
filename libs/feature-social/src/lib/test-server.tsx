import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { api } from '@vox/api-client';

/** jsdom has no fetch Response: answers carry only the members the api client reads. */
export const json = (status: number, body?: unknown): Response => {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    blob: async () => new Blob([text]),
  } as unknown as Response;
};

export interface Call {
  key: string;
  body: unknown;
}

type Handler = (body: unknown) => Response;

/** The server edge of these specs: answers by "METHOD path?query", records each call with its JSON body. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  api.configure({
    getToken: () => 'token',
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ key, body });
      return routes[key]?.(body) ?? json(404, { message: 'Not found' });
    }) as typeof fetch,
  });
  return calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `element` at `path` with the router at `url`, as the remotes do, and answers its QueryClient. */
export function renderRoute(path: string, element: ReactElement, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
