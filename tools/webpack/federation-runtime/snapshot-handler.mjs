// Replaces @module-federation/runtime-core's plugins/snapshot/SnapshotHandler.js in the shell's
// build (see index.cjs). The build sets `experiments.optimization.disableSnapshot`, so
// the runtime never loads a remote's snapshot or manifest: it registers no snapshot plugin, and
// only `preloadRemote` (which VoxClub never calls) would ask for one. The runtime still constructs
// a handler for every instance, plugins still register on its hooks, and `registerRemotes` with
// `force` (apps/shell/src/federation/remotes.ts) still clears its manifest cache and calls
// `getGlobalRemoteInfo`: those stay, as they are in the original; the manifest fetching and
// snapshot generation (~2 KB gzip with the SDK's manifest reader) go.
import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from '../../../node_modules/@module-federation/runtime-core/dist/global.js';
import { AsyncHook } from '../../../node_modules/@module-federation/runtime-core/dist/utils/hooks/asyncHook.js';
import { AsyncWaterfallHook } from '../../../node_modules/@module-federation/runtime-core/dist/utils/hooks/asyncWaterfallHooks.js';
import { PluginSystem } from '../../../node_modules/@module-federation/runtime-core/dist/utils/hooks/pluginSystem.js';

/** As the original: the host's view of a remote's snapshot, if one was ever registered. */
export function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo =
    hostGlobalSnapshot &&
    'remotesInfo' in hostGlobalSnapshot &&
    hostGlobalSnapshot.remotesInfo &&
    getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion) {
    return {
      hostGlobalSnapshot,
      globalSnapshot: getGlobalSnapshot(),
      remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }),
    };
  }
  return {
    hostGlobalSnapshot: undefined,
    globalSnapshot: getGlobalSnapshot(),
    remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: 'version' in moduleInfo ? moduleInfo.version : undefined }),
  };
}

export class SnapshotHandler {
  constructor(host) {
    this.HostInstance = host;
    this.loaderHook = host.loaderHook;
    this.loadingHostSnapshot = null;
    this.manifestCache = new Map();
    // The same hooks as the original, so a runtime plugin that taps one still registers.
    this.hooks = new PluginSystem({
      beforeLoadRemoteSnapshot: new AsyncHook('beforeLoadRemoteSnapshot'),
      loadSnapshot: new AsyncWaterfallHook('loadGlobalSnapshot'),
      loadRemoteSnapshot: new AsyncWaterfallHook('loadRemoteSnapshot'),
      afterLoadSnapshot: new AsyncWaterfallHook('afterLoadSnapshot'),
      beforeLoadManifest: new AsyncHook('beforeLoadManifest'),
      afterLoadManifest: new AsyncHook('afterLoadManifest'),
    });
  }

  async loadRemoteSnapshotInfo({ id }) {
    throw new Error(`Module federation snapshots are off in this build (tools/webpack/federation-runtime): cannot load one for ${id}.`);
  }

  getGlobalRemoteInfo(moduleInfo) {
    return getGlobalRemoteInfo(moduleInfo, this.HostInstance);
  }
}
