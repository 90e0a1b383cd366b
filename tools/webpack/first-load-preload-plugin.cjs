// Issue 19: the files a first load needs, named before anything asks for them, so the browser
// fetches them alongside the entry instead of one request level after it.
// A remote's build writes preload.json beside its remoteEntry.js: the files of its exposed ./App
// (its route table), relative to the remote's root; the API's app page names them in its Link
// header after the entry (apps/api/src/plugins/external/web-apps.ts). A remote's consumes are not
// listed: which copy of a shared module wins is decided at run time (the shell's, as a rule).
// chunkFilesOf with followConsumes also answers the shell's bootstrap chunks (the chunks of
// `import('./bootstrap')` and of the shared modules they consume): shell-first-load-plugin.cjs
// preloads those from index.html.
const PLUGIN = 'FirstLoadPreloadPlugin';

/** The JS and CSS files of the chunk groups the blocks load (and, with followConsumes, of the shared modules their chunks consume, from this build's own providers). */
function chunkFilesOf(compilation, startBlocks, { followConsumes }) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  if (followConsumes) {
    for (const module of compilation.modules) {
      if (module.constructor.name === 'ProvideSharedModule') providers.set(module._name, module);
    }
  }
  const seenGroups = new Set();
  const files = [];
  const visitBlock = (block) => {
    const group = chunkGraph.getBlockChunkGroup(block);
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (!files.includes(file)) files.push(file);
      if (!followConsumes) continue;
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.constructor.name !== 'ConsumeSharedModule') continue;
        const provider = providers.get(module.options.shareKey);
        for (const inner of (provider ?? module).blocks) visitBlock(inner);
      }
    }
  };
  for (const block of startBlocks) visitBlock(block);
  return files.filter((file) => /\.(js|css)(\?.*)?$/.test(file));
}

/** For a remote's build (a container exposing ./App). */
class FirstLoadPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const container = [...compilation.modules].find((m) => m.constructor.name === 'ContainerEntryModule');
          if (!container) return;
          const app = container.blocks.filter((block) => block.dependencies.some((d) => d.exposedName === './App'));
          const files = chunkFilesOf(compilation, app, { followConsumes: false });
          const { RawSource } = compiler.webpack.sources;
          compilation.emitAsset('preload.json', new RawSource(JSON.stringify({ './App': files }, null, 2) + '\n'));
        },
      );
    });
  }
}

module.exports = { FirstLoadPreloadPlugin, chunkFilesOf };
