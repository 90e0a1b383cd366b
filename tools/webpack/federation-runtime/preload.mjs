// Replaces @module-federation/runtime-core's utils/preload.js in the shell's build (see
// index.cjs). Its code serves `preloadRemote` and the snapshot plugins, none of which run here
// (VoxClub never calls preloadRemote; the build disables snapshots). The API's Link header and
// index.html's preload hints fetch a remote's files early instead (tools/webpack/route-preloads.cjs).
const unavailable = (name) => () => {
  throw new Error(`Module federation ${name} is off in this build (tools/webpack/federation-runtime); VoxClub preloads through Link headers.`);
};

export const defaultPreloadArgs = (preloadConfig) => ({ resourceCategory: 'sync', share: true, depsRemote: true, recordPreloadedAssets: true, ...preloadConfig });
export const formatPreloadArgs = unavailable('preloadRemote');
export const normalizePreloadExposes = (exposes) => (exposes ?? []).map((expose) => (expose === '.' ? expose : expose.replace(/^\.\//, '')));
export const preloadAssets = async () => unavailable('preloadAssets')();
