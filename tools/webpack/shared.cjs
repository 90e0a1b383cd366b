// The one list of federation singletons, used by the shell and every remote. One copy of each
// of these exists at run time, so there is one React, one router, one QueryClient and one auth
// store across all remotes. Versions are ranges (from package.json), not pins, so a remote built
// from an older commit still loads into a newer shell.
const pkg = require('../../package.json');
const { libNames } = require('./aliases.cjs');

const range = (name) => pkg.dependencies[name] ?? pkg.devDependencies[name];
const pkgSingleton = (name, requiredVersion = range(name)) => ({ singleton: true, requiredVersion });

// Workspace libs carry versions that move with their run-time exports (shared-versions.cjs): a
// remote needs at least the version it was built with, within its generation.
const libVersions = require('./shared-versions.json');

// Entries that are plain modules of the app that imports them, not federation singletons:
// - @vox/auth/modal: only the shell loads it, lazily (a lazily loaded shared module makes the
//   runtime fetch every remote's entry to compare versions);
// - @vox/site-routes/remote, /web-pages, /podcast-pages: each remote's table renderer and its own
//   pages, so each build names only the feature libs its site renders (the route metadata,
//   @vox/site-routes, stays shared).
// - the feature libs the shell does not import: one remote renders them per page, so a singleton
//   buys nothing, and each one costs every remote's entry a share entry (together they
//   paid for most of the route table's growth on the first route; main 163.4 -> 162.6 KB gzip).
//   A feature lib the shell imports stays shared, so the shell and the remote use one copy.
// - @vox/recording: the recorder, recording aids and speech output the reader and the casting
//   auditions share; only those pages load it (never the shell), it keeps no state two remotes
//   would have to agree on, and as a singleton it would cost every remote's entry a share entry.
const SHELL_FEATURE_LIBS = new Set(['@vox/feature-notifications']);
const NOT_SHARED = new Set([
  // Test and development kits: no web build imports them.
  '@vox/testing',
  '@vox/oidc-standin',
  '@vox/auth/modal',
  // The shell's vitals reporter (a chunk it loads after the first paint) and the dashboard's Web
  // vitals tab each carry their own copy of these few values, for the same reason as the modal.
  '@vox/contract/vitals',
  '@vox/site-routes/remote',
  '@vox/site-routes/web-pages',
  '@vox/site-routes/podcast-pages',
  '@vox/recording',
  ...libNames.filter((name) => name.startsWith('@vox/feature-') && !SHELL_FEATURE_LIBS.has(name)),
]);

const SHARED_LIBS = libNames.filter((name) => !NOT_SHARED.has(name));

// A shared lib whose exports an older remote may still use but this build no longer has (a
// breaking change) is shared under a new key generation, `<name>@<n>` (shared-versions.json):
// the shell and remotes of this build share the new key, and a remote built before the change,
// finding no provider of the key it was built with, uses the copy it carries (a remote built
// from an older commit still loads), or, for a lib it takes from the shell (FROM_SHELL), is
// refused by the runtime (strictVersion) and the shell loads the remote's fallback release.
// @vox/contract is at generation 2: the endpoint table split by area; an older remote's pages
// call `endpoints.<name>` from its own copy of the full table.
function libShared(name) {
  const entry = libVersions[name];
  if (!entry) throw new Error(`shared.cjs: ${name} has no version in shared-versions.json; run \`npm run shared-versions\``);
  return {
    singleton: true,
    strictVersion: true,
    version: entry.version,
    requiredVersion: `^${entry.version}`,
    ...(entry.generation > 1 ? { shareKey: `${name}@${entry.generation}` } : {}),
  };
}

const shared = {
  react: pkgSingleton('react'),
  'react/jsx-runtime': pkgSingleton('react/jsx-runtime', range('react')),
  'react-dom': pkgSingleton('react-dom'),
  'react-router': {
    ...pkgSingleton('react-router'),
    // The module behind the name is tools/first-load/react-router-shared.mjs (a resolve alias in
    // web.config.cjs), so its version cannot be read from a package.json beside it.
    version: require('react-router/package.json').version,
  },
  '@tanstack/react-query': {
    ...pkgSingleton('@tanstack/react-query'),
    // tools/first-load/react-query-shared.mjs, trimmed as react-router is.
    version: require('@tanstack/react-query/package.json').version,
  },
  '@azure/msal-browser': pkgSingleton('@azure/msal-browser'),
  ...Object.fromEntries(SHARED_LIBS.map((name) => [name, libShared(name)])),
};

// Shared keys the shell imports only from a lazily loaded chunk, so it provides them lazily (its
// own chunk, fetched when first consumed) rather than eagerly in its entry file:
// - @azure/msal-browser: only when a Microsoft sign-in starts or is pending (libs/auth);
// - @vox/ui/forms: the dialog and text fields, which the auth modal (@vox/auth/modal, loaded when
//   it first opens) and pages use. Shared, so a page and the modal use one copy, the shell's
//   (a remote carries none: FROM_SHELL below), fetched by whichever asks first (the shell's
//   'loaded-first' strategy, web.config.cjs: opening the modal fetches no remote's entry). A key
//   the shell imports on its first route must not be listed here: a non-eager key cannot be
//   consumed synchronously by the entry file.
const SHELL_LAZY_SHARED = new Set(['@azure/msal-browser', '@vox/ui/forms']);

// The singletons the shell provides on every page (it imports each of them itself; eagerly, but
// for SHELL_LAZY_SHARED): a remote takes these from the shell and carries no copy of its own
// (`import: false`), so its entry registers no fallback for them (~0.85 KB gzip less
// per remote entry, and less to run before the first render), and its Link header names none of
// their files (first-load-preload-plugin.cjs follows a page's consumes to this remote's own
// providers only). Remotes only ever run inside the shell. The bundle report checks on every
// variant that the shell did provide each of them.
const FROM_SHELL = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  '@vox/activity',
  '@vox/api-client',
  '@vox/auth',
  '@vox/contract',
  '@vox/feature-notifications',
  '@vox/notifications-data',
  '@vox/privileges',
  '@vox/site-routes',
  '@vox/ui',
  '@vox/ui/forms',
  '@vox/variant',
]);
for (const key of FROM_SHELL) if (!shared[key]) throw new Error(`shared.cjs: FROM_SHELL names ${key}, which is not shared`);

const withEach = (change) => Object.fromEntries(Object.entries(shared).map(([key, config]) => [key, change(key, config)]));

/**
 * The shared config of the shell's build: every singleton eager, in its entry file ( * each one runs on every first route anyway, and a chunk each cost a request in the browser's
 * six-connection queue before the first render), but SHELL_LAZY_SHARED.
 */
const shellShared = withEach((key, config) => (SHELL_LAZY_SHARED.has(key) ? config : { ...config, eager: true }));

/** The shared config of a remote's build: the shell's singletons without a fallback copy. */
const remoteShared = withEach((key, config) => (FROM_SHELL.has(key) ? { ...config, import: false } : config));

module.exports = { shared, shellShared, remoteShared, FROM_SHELL, SHARED_LIBS, REMOTES: ['main', 'school', 'dashboard', 'podcast'] };
