// Issue 19: the files a first load needs, named before anything asks for them, so the browser
// fetches them alongside the entry instead of one request level after it.
// - The shell: index.html gets a <link rel="preload"> for every chunk that `import('./bootstrap')`
//   loads (the bootstrap's chunks and the chunks of the shared modules they consume, from the
//   shell's own copies, the only ones registered at that point), JS and CSS. Without them these
//   ~20 requests started only once main.js had downloaded and run.
// - A remote: preload.json beside its remoteEntry.js lists the files of its exposed ./App (its
//   route table), relative to the remote's root; the API's app page names them in its Link header
//   with the entry (apps/api/src/plugins/external/web-apps.ts). A remote's consumes are not listed:
//   which copy of a shared module wins is decided at run time (the shell's, as a rule).
const path = require('node:path');

const PLUGIN = 'FirstLoadPreloadPlugin';

/** Every chunk group loaded by the async blocks of `modules`, with the groups of the shared modules their chunks consume. */
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

const asOf = (file) => (/\.css(\?.*)?$/.test(file) ? 'style' : 'script');

class FirstLoadPreloadPlugin {
  /** @param {{ host: boolean, entryModule?: string }} opts entryModule: the host's entry file (absolute). */
  constructor({ host, entryModule }) {
    this.host = host;
    this.entryModule = entryModule;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      if (this.host) {
        const HtmlWebpackPlugin = require('html-webpack-plugin');
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (data) => {
          // The entry may be concatenated with its imports (early.ts): look inside.
          const entry = [...compilation.modules]
            .flatMap((m) => [m, ...(m.modules ?? [])])
            .find((m) => m.resource === this.entryModule);
          if (!entry) throw new Error(`${PLUGIN}: no module ${this.entryModule}`);
          const publicPath = compilation.outputOptions.publicPath;
          const files = chunkFilesOf(compilation, entry.blocks, { followConsumes: true });
          const links = files.map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: PLUGIN },
            attributes: { rel: 'preload', as: asOf(file), href: `${publicPath}${file}` },
          }));
          // The entry first, ahead of the preloads: it starts the refresh and the manifest (early.ts).
          for (const tag of data.headTags) {
            if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
          }
          data.headTags.push(...links);
          return data;
        });
        return;
      }
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

module.exports = { FirstLoadPreloadPlugin, chunkFilesOf, PLUGIN_PATH: path.basename(__filename) };
