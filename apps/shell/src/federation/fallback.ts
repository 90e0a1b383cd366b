import { registerRemotes } from '@module-federation/enhanced/runtime';
import { BUILT_IN_VERSION, REMOTE_FAILURE_MAX_REASON, vitalsEndpoints, type RemoteFailureBeacon } from '@vox/contract/vitals';
import { resolveVariant, type RemoteName } from '@vox/variant';
import { forgetFailedShares, loadRemoteApp, manifest, type RemoteAppModule } from './remotes';

/** A version as the vitals tag it: the entry URL's `v`, or the built-in remote's. */
const versionOf = (entry: string | undefined) => (entry && new URL(entry, location.href).searchParams.get('v')) || BUILT_IN_VERSION;

/**
 * Loads the manifest's fallback of a remote whose live entry or `./App` failed to load (a chunk of
 * its own, fetched only then): the same route is drawn by the version live before, and the
 * failure is reported with both versions (POST /api/vitals/remote-failures, by sendBeacon, which
 * needs no answer). The vitals reporter tags the page view with the version drawn
 * (`data-fallback-remote`, `data-fallback-entry`). When the fallback fails too, the live version's
 * error goes on to the boundary, which offers a Retry.
 */
export async function loadFallback(remote: RemoteName, error: unknown): Promise<RemoteAppModule> {
  const entry = manifest.fallbacks?.[remote] as string;
  const beacon: RemoteFailureBeacon = {
    site: resolveVariant(location.hostname, '/').remote,
    remote,
    version: versionOf(manifest[remote]),
    fallbackVersion: versionOf(entry),
    recovered: false,
    reason: String((error as Error)?.message ?? error).slice(0, REMOTE_FAILURE_MAX_REASON),
  };
  try {
    forgetFailedShares(remote);
    registerRemotes([{ name: remote, entry: new URL(entry, location.href).href }], { force: true });
    const module = await loadRemoteApp(remote);
    beacon.recovered = true;
    Object.assign(document.documentElement.dataset, { fallbackRemote: remote, fallbackEntry: entry });
    return module;
  } catch {
    throw error;
  } finally {
    navigator.sendBeacon(vitalsEndpoints.reportRemoteFailure.path, JSON.stringify(beacon));
  }
}
