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

/** The server edge of these specs: answers by "METHOD path" and records the paths asked. */
export function fakeServer(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  api.configure({
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      calls.push(key);
      return routes[key]?.() ?? json(404, { message: 'Not found' });
    }) as typeof fetch,
  });
  return calls;
}

/** Shows where the router is, so a spec can assert a navigation. */
function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `element` at `path` with the history `entries` (the last is current), as the remotes do. */
export function renderRoute(path: string, element: ReactElement, entries: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
