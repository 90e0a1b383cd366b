// What a build imports from each shared @vox/* lib, and whether a shell's copies have it.
//
// A remote takes its shared libs from the shell at run time; a name it imports that the shell's
// copy no longer exports is `undefined` there (a component: React error #130, and the page is
// gone). SharedImportsPlugin writes `shared-imports.json` beside every web build's entry: per
// share key, the version the build requires and the names its code imports. The shell's build
// writes `shared-exports.json` too: per share key, the version it provides and the names it
// exports (shared-versions.json). Before a remote goes live, the release check compares the
// remote's imports with the running shell's exports (apps/api/src/releases/shared-imports.ts).
const PLUGIN = 'SharedImportsPlugin';

class SharedImportsPlugin {
  /** @param {{ exports?: Record<string, { version: string, generation: number, exports: Record<string, string> }> }} options the shell passes shared-versions.json */
  constructor({ exports } = {}) {
    this.exports = exports;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: compilation.constructor.PROCESS_ASSETS_STAGE_ADDITIONS }, () => {
        const imports = {};
        const { moduleGraph } = compilation;
        for (const module of compilation.modules) {
          for (const dep of module.dependencies ?? []) {
            const target = moduleGraph.getModule(dep);
            const shareKey = target?.options?.shareKey;
            if (!shareKey || target.constructor.name !== 'ConsumeSharedModule' || !shareKey.startsWith('@vox/')) continue;
            const entry = (imports[shareKey] ??= { requiredVersion: target.options.requiredVersion ?? null, names: new Set() });
            const ids = typeof dep.getIds === 'function' ? dep.getIds(moduleGraph) : null;
            if (!ids) continue; // the bare import statement; its specifiers are dependencies of their own
            entry.names.add(ids.length ? ids[0] : '*');
          }
        }
        const sorted = Object.fromEntries(
          Object.entries(imports)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, { requiredVersion, names }]) => [key, { requiredVersion, names: [...names].sort() }]),
        );
        compilation.emitAsset('shared-imports.json', new RawSource(`${JSON.stringify(sorted, null, 2)}\n`));
        if (this.exports) {
          const provided = Object.fromEntries(
            Object.entries(this.exports).map(([name, { version, generation, exports }]) => [generation > 1 ? `${name}@${generation}` : name, { version, names: Object.keys(exports) }]),
          );
          compilation.emitAsset('shared-exports.json', new RawSource(`${JSON.stringify(provided, null, 2)}\n`));
        }
      });
    });
  }
}

module.exports = { SharedImportsPlugin };
