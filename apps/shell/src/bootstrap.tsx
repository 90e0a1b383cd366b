import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createActivityLogger } from '@vox/activity';
import { api, createQueryClient, queryClientId } from '@vox/api-client';
import { authStore, bootstrapAuth } from '@vox/auth';
import { shellRoutes } from './app/app';
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

  // Seed section 2: nothing renders until the first token refresh has ended, either way.
  // The remotes manifest is read meanwhile; a failure there shows in the remote boundary.
  const manifest = registerRemotesFromManifest('/remotes.json', early?.manifest).catch((error: Error) => error);
  await bootstrapAuth({ activity }, { refresh: early?.refresh });
  const manifestError = await manifest;

  const router = createBrowserRouter(shellRoutes({ activity, manifestError: manifestError instanceof Error ? manifestError : null }));
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

