import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
  const manifest = registerRemotesFromManifest('/remotes.json', early?.manifest).catch((error: Error) => error);
  await bootstrapAuth({ activity }, { refresh: early?.refresh, publicConfig: early?.publicConfig });
  const manifestError = await manifest;

  // BrowserRouter, not createBrowserRouter: the data router adds about 16 KB gzip to every first
  // route (docs/architecture.md, "Routing"); each route has an error boundary of its own instead.
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App activity={activity} manifestError={manifestError instanceof Error ? manifestError : null} />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );

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
