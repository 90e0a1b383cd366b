import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createActivityLogger } from '@vox/activity';
import { api, createQueryClient, queryClientId } from '@vox/api-client';
import { authStore, bootstrapAuth } from '@vox/auth';
import { App } from './app/app';
import type { EarlyRequests } from './early';
import { registerRemotesFromManifest } from './federation/remotes';

export async function start(early?: EarlyRequests) {
  const queryClient = createQueryClient();
  const activity = createActivityLogger({
    post: (entry) => api.postActivity(entry),
    getUserId: () => authStore.getSnapshot().user?.id ?? null,
  });
  // Exposed for the browser tests that prove every remote sees these same instances.
  document.documentElement.dataset.authStore = authStore.instanceId;
  document.documentElement.dataset.queryClient = queryClientId(queryClient);

  // Nothing renders until the first token refresh has ended, either way.
  // The remotes manifest is read meanwhile; a failure there shows in the remote boundary.
  // The page's first reads, already under way (early-script.js), go to the calls that ask for them.
  if (early?.reads) api.acceptEarlyReads(early.reads);
  // What the server read for the page it drew: the hydrating page finds it, and asks for nothing.
  for (const [key, data] of early?.queries ?? []) queryClient.setQueryData(key, data);
  const manifest = registerRemotesFromManifest('/remotes.json', early?.manifest).catch((error: Error) => error);
  await bootstrapAuth({ activity }, { refresh: early?.refresh, publicConfig: early?.publicConfig });
  const manifestError = await manifest;

  // BrowserRouter, not createBrowserRouter: the data router adds about 16 KB gzip to every first
  // route (docs/architecture.md, "Routing"); each route has an error boundary of its own instead.
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App activity={activity} manifestError={manifestError instanceof Error ? manifestError : null} />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  // A visitor's public page comes drawn by the server (docs/public-pages.md "Bodies"): the client
  // takes that HTML over. A member (whose hint cookie had not reached the server) gets their own page.
  const root = document.getElementById('root') as HTMLElement;
  if (root.firstChild && !authStore.getSnapshot().user) hydrateRoot(root, app);
  else createRoot(root).render(app);

  // Real-user web vitals: a chunk of its own, once the page has loaded and the browser is idle.
  const vitals = () => (self.requestIdleCallback ?? setTimeout)(() => import('./vitals/reporter'));
  if (document.readyState === 'complete') vitals();
  else addEventListener('load', vitals, { once: true });

  // The offline app (service worker, offline badge, new-version notice, docs/offline.md): a chunk
  // of its own, once the page has loaded and the browser is idle, like the vitals reporter.
  const offline = () => (self.requestIdleCallback ?? setTimeout)(() => void import('./offline/offline').then((chunk) => chunk.startOffline()));
  if (document.readyState === 'complete') offline();
  else addEventListener('load', offline, { once: true });
}
