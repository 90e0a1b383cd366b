// The web builds swap five files of the federation runtime (three of
// @module-federation/runtime-core, one of @module-federation/sdk, one of
// @module-federation/error-codes) for local ones.
// The shell carries the page's one federation runtime (remotes read it from globals, see
// apps/shell/src/federation/provide-runtime-plugin.ts), so its every byte and millisecond is on
// every first route:
// - utils/semver/index.js -> semver-memo.mjs: `satisfy` answers kept (it rebuilt a dozen regular
//   expressions per call, a tenth of main.js's scripting on a cold load);
// - plugins/snapshot/SnapshotHandler.js -> snapshot-handler.mjs and utils/preload.js ->
//   preload.mjs: the build sets `experiments.optimization.disableSnapshot`, so no manifest or
//   snapshot is ever loaded, yet the runtime still imported their code (~2.5 KB gzip), which only
//   `preloadRemote` (never called here) and the snapshot plugins (not registered) use. The
//   replacements keep what running code touches (see each file) and throw a clear error from
//   the rest;
// - sdk's env.js -> env.mjs: debug mode without reading localStorage (the page's first storage
//   access, synchronous, inside main.js's evaluation);
// - error-codes' desc.mjs -> error-descriptions.mjs: the errors keep their code and docs link,
//   not the table of English sentences nothing here reads (~0.7 KB gzip).
// The swap is by exact resolved path and checked: the build fails when an original is missing, or
// when the runtime is bundled but an original was never imported (a new runtime version moved
// it), rather than silently shipping the full code again.
const fs = require('node:fs');
const path = require('node:path');

// The same copy the replacements import from (by relative path: the package's exports hide its files).
const scope = path.resolve(__dirname, '../../../node_modules/@module-federation');
const runtimeCore = path.join(scope, 'runtime-core');
const REPLACEMENTS = new Map([
  [path.join(runtimeCore, 'dist/utils/semver/index.js'), path.join(__dirname, 'semver-memo.mjs')],
  [path.join(runtimeCore, 'dist/plugins/snapshot/SnapshotHandler.js'), path.join(__dirname, 'snapshot-handler.mjs')],
  [path.join(runtimeCore, 'dist/utils/preload.js'), path.join(__dirname, 'preload.mjs')],
  [path.join(scope, 'sdk/dist/env.js'), path.join(__dirname, 'env.mjs')],
  [path.join(scope, 'error-codes/dist/desc.mjs'), path.join(__dirname, 'error-descriptions.mjs')],
]);
class FederationRuntimePlugin {
  /** @param {Map<string, string>} [replacements] original file -> replacement (tests pass their own) */
  constructor(replacements = REPLACEMENTS) {
    this.replacements = replacements;
  }

  apply(compiler) {
    const REPLACEMENTS = this.replacements;
    const REPLACEMENT_FILES = new Set(REPLACEMENTS.values());
    for (const original of REPLACEMENTS.keys()) {
      if (!fs.existsSync(original)) throw new Error(`federation-runtime: ${original} is gone (a new @module-federation/${path.relative(scope, original).split(path.sep)[0]}?); review tools/webpack/federation-runtime.`);
    }
    compiler.hooks.compilation.tap('FederationRuntimePlugin', (compilation, { normalModuleFactory }) => {
      const replaced = new Set();
      normalModuleFactory.hooks.afterResolve.tap('FederationRuntimePlugin', (resolveData) => {
        const data = resolveData.createData;
        const replacement = data.resource && REPLACEMENTS.get(data.resource);
        // A replacement may import its original (the semver memo wraps it).
        if (!replacement || REPLACEMENT_FILES.has(resolveData.contextInfo.issuer)) return;
        replaced.add(data.resource);
        // The module's identity is its request: all three name the replacement (no loader applies).
        Object.assign(data, { resource: replacement, request: replacement, userRequest: replacement, context: __dirname });
      });
      compilation.hooks.finishModules.tap('FederationRuntimePlugin', (modules) => {
        const bundlesRuntime = [...modules].some((m) => String(m.resource ?? '').startsWith(runtimeCore + path.sep));
        if (!bundlesRuntime) return; // a remote reads the shell's runtime and bundles none of it
        for (const original of REPLACEMENTS.keys()) {
          if (!replaced.has(original)) compilation.errors.push(new Error(`federation-runtime: @module-federation/${path.relative(scope, original)} was never imported; review tools/webpack/federation-runtime.`));
        }
      });
    });
  }
}

module.exports = { FederationRuntimePlugin, REPLACEMENTS, runtimeCore };
