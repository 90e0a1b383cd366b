import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

// Ids per client, so a test can prove the shell and every remote use the same QueryClient.
const ids = new WeakMap<QueryClient, string>();

/** The app's QueryClient: created once by the shell and shared with the remotes through context. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network blips might.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  ids.set(client, Math.random().toString(36).slice(2, 12).padEnd(10, '0'));
  return client;
}

export function queryClientId(client: QueryClient): string | undefined {
  return ids.get(client);
}
