import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryClientId } from '@vox/api-client';
import { authStore } from './auth-store';

/**
 * The root element of every remote's App. Its data attributes name the remote and its build
 * (`process.env.VOX_BUILD_LABEL`, passed by the remote: this module is the shell's copy) and
 * expose which auth store and QueryClient the remote sees, so a browser test can prove they
 * are the shell's own (one shared singleton each).
 */
export function RemoteRoot({ name, build, children }: { name: string; build?: string; children: ReactNode }) {
  const client = useQueryClient();
  // Set on the element, not rendered: hydration keeps the server's attributes, whose instances
  // were the server's own.
  const instances = (root: HTMLDivElement | null) => {
    if (root) Object.assign(root.dataset, { authStore: authStore.instanceId, queryClient: queryClientId(client) });
  };
  return (
    <div ref={instances} className="vox-remote-root" data-remote={name} data-build={build}>
      {children}
    </div>
  );
}
