// knip: files nothing reaches, exports nothing imports, dependencies nothing uses (and used ones
// package.json lacks). `npm run knip`; a stage of `npm test` (docs/development.md).
//
// One workspace (the root package.json); what each project runs is an entry. The libs' entry
// points are the targets of tsconfig.base.json's paths: jest.preset.cjs maps every one of them
// (moduleNameMapper), and knip's Jest plugin takes those as entries. Their exports count too
// (includeEntryExports): nothing outside this repository imports the libs, so an export of an
// index nobody imports is dead code, not API.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The script the shell's index.html carries inline (tools/webpack/web.config.cjs).
    'apps/shell/src/early-script.js',
    // The federation runtime loads these plugins by path (web.config.cjs runtimePlugins).
    'apps/shell/src/federation/{provide-runtime,remote-retry}-plugin.ts',
    // Each remote's exposed ./App (its webpack.config.cjs `exposes`).
    'apps/{main,school,dashboard,podcast}/src/app/app.tsx',
    // The API's bundles (apps/api/webpack.config.cjs) and the workers it starts by path.
    'apps/api/src/{server.ts,admin/cli.ts}',
    'apps/api/src/services/scripts/script-writes/{worker.ts,ts-worker.cjs}',
    // Run by path from API tests: a child process, a bundling fixture; an ambient module declaration.
    'apps/api/test/pdf-text.mjs',
    'apps/api/test/jobs/crash-worker.ts',
    'apps/api/test/fixtures/bundle-warnings.ts',
    '{apps,libs,tools}/**/*.d.ts',
    // Playwright's helpers run as programs (a static server, an older remote's build).
    'apps/e2e/support/*.mjs',
    // Scripts run from project.json or by hand (package.json's scripts are entries already).
    'tools/scripts/*.mjs',
    'tools/bench/**/*.mjs',
    'tools/offline/*.mjs',
    // The service worker's text: copied into the build by tools/offline/precache.mjs, served at /sw.js.
    'apps/shell/src/offline/{service-worker,take-sync}.js',
    // Webpack's own files, loaded by path: the dev server config (tools/scripts/dev.mjs) and the
    // trimmed shared modules (resolve aliases); the build-time tools' node tests.
    'tools/webpack/dev-server.config.cjs',
    'tools/first-load/{react-router,react-query}-shared.mjs',
    '{tools/webpack,tools/first-load}/**/*.test.cjs',
    // Read at build time, by its source, by the early script's generator (tools/first-load/early-script.cjs).
    'libs/site-routes/src/lib/first-reads.ts',
    // A remote's server render module (tools/webpack/server.config.cjs: its entry, the module that
    // takes the federation's place, the names ProvidePlugin points at, the stylesheets' loader).
    'apps/shell/src/server/{render.tsx,remotes.server.ts,server-window.ts}',
    'tools/webpack/empty-module-loader.cjs',
  ],
  project: ['{apps,libs,tools}/**/*.{ts,tsx,js,mjs,cjs}', '*.{mjs,cjs,ts}'],
  includeEntryExports: true,
  ignoreIssues: {
    // Stand-ins for a package's own modules (resolve aliases): they export what the module they
    // replace exports, for its importers.
    'tools/first-load/{react-router,react-query}-shared.mjs': ['exports'],
    // webpack-cli reads the config's module.exports (tools/scripts/dev.mjs runs `webpack serve -c` on it).
    'tools/webpack/dev-server.config.cjs': ['exports'],
    // A fixture an API test bundles with webpack: its exports are what the bundle is made of.
    'apps/api/test/fixtures/bundle-warnings.ts': ['exports'],
    // Read by its source at build time (tools/first-load/early-script.cjs), not imported.
    'libs/site-routes/src/lib/first-reads.ts': ['exports'],
    // A remote's exposed ./App: the shell reads its exports (Page, Frame) through federation.
    'apps/{main,school,dashboard,podcast}/src/app/app.tsx': ['exports'],
    // Loaded by path, as the default export, by the federation runtime (see the entry above).
    'apps/shell/src/federation/*-plugin.ts': ['exports'],
    // The server render module's files: the API requires the built module, webpack's
    // NormalModuleReplacementPlugin and ProvidePlugin read the others' exports.
    'apps/shell/src/server/*.{ts,tsx}': ['exports', 'types'],
    'tools/webpack/empty-module-loader.cjs': ['exports'],
  },
  ignoreDependencies: [
    // Imported by the speech child, whose module is a string (apps/api read-renderer.ts).
    'espeak-ng',
    // `webpack serve` (tools/scripts/dev.mjs) loads it.
    'webpack-dev-server',
    // Not packages: resolve aliases of tools/webpack/web.config.cjs for a package's build file.
    'react-router-build',
    'react-query-build',
    // Not a package: the server render module's alias for the remote's ./App (tools/webpack/server.config.cjs).
    'vox-server-remote',
    // A spec's `@jest-environment jsdom` docblock means jest-environment-jsdom (listed); knip reads
    // it as the package jsdom.
    'jsdom',
  ],
  jest: { config: ['{apps,libs,tools}/*/jest.config.cjs'] },
  webpack: { config: ['apps/*/webpack.config.cjs'] },
  playwright: { config: ['apps/e2e/playwright.config.ts'], entry: ['apps/e2e/src/**/*.spec.ts'] },
};

export default config;
