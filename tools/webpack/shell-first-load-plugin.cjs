// Issue 19, the shell's first load: index.html starts everything the first render needs at once.
// - apps/shell/src/early-script.js (minified) is the head's first script, inline: the start-up
//   refresh, the public config and the remotes manifest leave as soon as the HTML arrives. (It was
//   a file of its own, static/js/early.<hash>.js: one request more before them, ~190 ms of
//   Lighthouse's LCP on /about. The API's Content-Security-Policy allows it by its hash, see
//   inlineScriptHashes in apps/api/src/plugins/external/security-headers.ts.)
// - every chunk that `import('./bootstrap')` loads (its chunk group and the chunk groups of the
//   shell's own providers of the shared modules those chunks consume, JS and CSS) gets a
//   <link rel="preload">, so they download alongside main.js instead of after it has run.
// - the entry (main.js) is fetched at high priority: a deferred script is a low-priority request,
//   and over HTTP/1.1 Chromium holds low-priority requests back while high-priority ones (the
//   preloads above, the Link header's remote files) are in flight, so the one file that must run
//   first arrived last.
const fs = require('node:fs');
const { terserMinify } = require('terser-webpack-plugin');
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
      compilation.fileDependencies.add(this.earlyScript);
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tapPromise(PLUGIN, async (data) => {
        // Plain ES2017 without imports: minified as it is, no bundling (the build's own terser).
        const source = fs.readFileSync(this.earlyScript, 'utf8');
        const { code } = await terserMinify({ 'early-script.js': source }, undefined, { ecma: 2017, compress: { passes: 2 } });
        if (!code) throw new Error(`${PLUGIN}: ${this.earlyScript} minified to nothing`);
        // The entry may be concatenated with its imports (early.ts): look inside.
        const entry = [...compilation.modules].flatMap((m) => [m, ...(m.modules ?? [])]).find((m) => m.resource === this.entryModule);
        if (!entry) throw new Error(`${PLUGIN}: no module ${this.entryModule}`);
        const publicPath = compilation.outputOptions.publicPath;
        const links = chunkFilesOf(compilation, entry.blocks).map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: PLUGIN },
          attributes: { rel: 'preload', as: asOf(file), href: `${publicPath}${file}` },
        }));
        const early = { tagName: 'script', voidTag: false, meta: { plugin: PLUGIN }, attributes: {}, innerHTML: code };
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
