import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// A remote entry that fails to load is often a passing network blip: try again a couple of
// times with growing pauses before the error reaches the remote boundary and the user.
const RETRY_DELAYS_MS = [300, 1000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function remoteRetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vox-remote-retry',
    async loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports }) {
      for (const delay of RETRY_DELAYS_MS) {
        await sleep(delay);
        try {
          const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (entry) return entry;
        } catch {
          // Still failing: wait longer, then give up and let the boundary show it.
        }
      }
      return undefined;
    },
  };
}
