// Issue 19, the shell's first load: index.html starts everything the first render needs at once.
// - apps/shell/src/early-script.js is copied to static/js/early.<hash>.js and run first, as a plain
//   <script> in the head: the start-up refresh, the public config and the remotes manifest leave
//   as soon as that tiny file arrives.
// - every chunk that `import('./bootstrap')` loads (its chunk group and the chunk groups of the
//   shell's own providers of the shared modules those chunks consume, JS and CSS) gets a
//   <link rel="preload">, so they download alongside main.js instead of after it has run.
// - the entry (main.js) is fetched at high priority: a deferred script is a low-priority request,
//   and over HTTP/1.1 Chromium holds low-priority requests back while high-priority ones (the
//   preloads above, the Link header's remote files) are in flight, so the one file that must run
//   first arrived last.
const fs = require('node:fs');
const { chunkFilesOf } = require('./first-load-preload-plugin.cjs');

const PLUGIN = 'ShellFirstLoadPlugin';
const asOf = (file) => (/\.css(\?.*)?$/.test(file) ? 'style' : 'script');

class ShellFirstLoadPlugin {
  /** @param {{ entryModule: string, earlyScript: string }} opts absolute paths: the entry (main.ts) and early-script.js. */
  constructor({ entryModule, earlyScript }) {
    this.entryModule = entryModule;
    this.earlyScript = earlyScript;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // Shipped as written, less its comment lines.
      const source = fs.readFileSync(this.earlyScript, 'utf8').replace(/^\s*\/\/.*\n/gm, '');
      compilation.fileDependencies.add(this.earlyScript);
      const hash = compiler.webpack.util.createHash('sha256').update(source).digest('hex').slice(0, 8);
      const earlyFile = `static/js/early.${hash}.js`;
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(earlyFile, new compiler.webpack.sources.RawSource(source));
      });
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PLUGIN, (data) => {
        // The entry may be concatenated with its imports (early.ts): look inside.
        const entry = [...compilation.modules].flatMap((m) => [m, ...(m.modules ?? [])]).find((m) => m.resource === this.entryModule);
        if (!entry) throw new Error(`${PLUGIN}: no module ${this.entryModule}`);
        const publicPath = compilation.outputOptions.publicPath;
        const links = chunkFilesOf(compilation, entry.blocks, { followConsumes: true }).map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: PLUGIN },
          attributes: { rel: 'preload', as: asOf(file), href: `${publicPath}${file}` },
        }));
        const early = { tagName: 'script', voidTag: false, meta: { plugin: PLUGIN }, attributes: { src: `${publicPath}${earlyFile}` } };
        const entryScripts = data.headTags.map((tag) =>
          tag.tagName === 'script' && tag.attributes.src ? { ...tag, attributes: { ...tag.attributes, fetchpriority: 'high' } } : tag,
        );
        data.headTags = [early, ...entryScripts, ...links];
        return data;
      });
    });
  }
}

module.exports = ShellFirstLoadPlugin;
