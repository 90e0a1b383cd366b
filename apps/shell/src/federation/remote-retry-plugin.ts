import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// A remote entry that fails to load is often a passing network blip: try again a couple of
// times with growing pauses before the error reaches the remote boundary and the user.
const RETRY_DELAYS_MS = [300, 1000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryError>[0];

async function retryEntry({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) {
  for (const delay of RETRY_DELAYS_MS) {
    await sleep(delay);
    // The failed load is still registered while this hook runs; asking again would only wait
    // for that same failed promise (a deadlock), so forget it first.
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch {
      // Still failing: wait longer, then give up and let the boundary show it.
    }
  }
  return undefined;
}

export default function remoteRetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vox-remote-retry',
    // The runtime awaits what this returns; its typing nests one promise more than it awaits.
    loadEntryError: (args) => retryEntry(args) as unknown as ReturnType<LoadEntryError>,
  };
}
