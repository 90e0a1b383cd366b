// The shell's first load: index.html starts everything the first render needs at once.
// - the first script (early-script.cjs: apps/shell/src/early-script.js with the variant rule and
//   the route table's first reads, minified) is the head's first script, inline: the start-up
//   refresh, the public config and the remotes manifest leave as soon as the HTML arrives. (It was
//   a file of its own, static/js/early.<hash>.js: one request more before them, ~190 ms of
//   Lighthouse's LCP on /about. The API's Content-Security-Policy allows it by its hash, see
//   inlineScriptHashes in apps/api/src/plugins/external/security-headers.ts.)
// - every chunk that `import('./bootstrap')` loads (its chunk group and the chunk groups of the
//   shell's own providers of the shared modules those chunks consume) gets a <link rel="preload">,
//   so it downloads alongside main.js instead of after it has run; their CSS, and the entry's,
//   is inline (<style data-href>), so no stylesheet request takes a connection the scripts need.
// - V8 compile hints: main.js and the chunks `import('./bootstrap')` loads start with the magic
//   comment `//# allFunctionsCalledOnLoad` (Chromium 136+; other engines read a comment). V8 then
//   compiles all their functions on the thread that streams each script in while it downloads,
//   instead of lazily on the main thread at each function's first call: nearly all of these
//   files' code (the webpack and federation runtimes, react-dom, the router, the shell) runs
//   before the first render. Measured with Lighthouse's traces: main.js's evaluation went from
//   ~19 to ~12.5 ms and the bootstrap chunk's from ~17.7 to ~12 ms (unthrottled medians, 18 loads
//   each; tools/bench/README.md). Remotes' files are left as they are: small, and much of a
//   page's code runs only on use.
// - preload.json beside index.html: `authModal`, the files of the auth modal's lazy chunk (its
//   forms), which the API's Link header names for a signed-out visit that opens the modal at once
//   (the dashboard's staff gate, /login, /register, /resetpassword), so the modal does not wait
//   for the shell to run first (apps/api/src/plugins/external/web-apps.ts).
const { terserMinify } = require('terser-webpack-plugin');
const { chunkFilesOf } = require('./first-load-preload-plugin.cjs');
const { earlyScript } = require('./early-script.cjs');
const { without } = require('./without.cjs');

const PLUGIN = 'ShellFirstLoadPlugin';
/** V8's explicit compile hint for a whole file: it must be the file's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const asOf = (file) => (/\.css(\?.*)?$/.test(file) ? 'style' : 'script');

class ShellFirstLoadPlugin {
  /**
   * @param {{ entryModule: string, workspaceRoot: string, authModal?: { module: string, request: string } }} opts
   * absolute paths: the entry (main.ts), the workspace (whose files make the first script); the module that loads the auth modal with `import(request)`.
   */
  constructor({ entryModule, workspaceRoot, authModal }) {
    this.entryModule = entryModule;
    this.workspaceRoot = workspaceRoot;
    this.authModal = authModal;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      const early = earlyScript(this.workspaceRoot);
      for (const file of early.files) compilation.fileDependencies.add(file);
      // After terser (which would drop the comment), before the source maps are written (so
      // they count the line) and before compression.
      if (!without('compile-hints')) compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        const entry = this.findEntry(compilation);
        const entryChunks = compilation.chunkGraph.getModuleChunks(this.outerModuleOf(compilation, entry));
        const files = [...entryChunks.flatMap((chunk) => [...chunk.files]), ...chunkFilesOf(compilation, entry.blocks)];
        for (const file of new Set(files)) {
          if (!/\.js(\?.*)?$/.test(file)) continue;
          compilation.updateAsset(file, (source) => new sources.ConcatSource(`${COMPILE_HINT}\n`, source));
        }
      });
      if (this.authModal && !without('auth-modal')) {
        const { module: file, request } = this.authModal;
        compilation.hooks.processAssets.tap({ name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
          const host = [...compilation.modules].flatMap((m) => [m, ...(m.modules ?? [])]).find((m) => m.resource === file);
          const blocks = (host?.blocks ?? []).filter((block) => block.dependencies.some((d) => d.request === request));
          if (!blocks.length) throw new Error(`${PLUGIN}: ${file} has no import('${request}')`);
          const preload = { authModal: chunkFilesOf(compilation, blocks) };
          compilation.emitAsset('preload.json', new compiler.webpack.sources.RawSource(JSON.stringify(preload, null, 2) + '\n'));
        });
      }
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tapPromise(PLUGIN, async (data) => {
        // Plain ES2019 without imports: minified as it is, no bundling (the build's own terser).
        const { code } = await terserMinify({ 'early-script.js': early.source }, undefined, { ecma: 2019, compress: { passes: 2 } });
        if (!code) throw new Error(`${PLUGIN}: the first script minified to nothing`);
        const entry = this.findEntry(compilation);
        const publicPath = compilation.outputOptions.publicPath;
        // The shell's own stylesheets go in as <style data-href>: no request (over HTTP/1.1 each
        // took one of the six connections the scripts wait for), and mini-css-extract's chunk
        // loader finds a chunk's CSS there by that attribute instead of fetching it again.
        const inlineStyle = (href) => {
          const name = href.slice(publicPath.length);
          const asset = compilation.getAsset(name) ?? compilation.getAsset(name.split('?')[0]);
          if (!asset) throw new Error(`${PLUGIN}: no asset for ${href}`);
          return { tagName: 'style', voidTag: false, meta: { plugin: PLUGIN }, attributes: { 'data-href': href }, innerHTML: asset.source.source().toString() };
        };
        const chunkFiles = chunkFilesOf(compilation, entry.blocks);
        const links = without('bootstrap-preloads') ? [] : chunkFiles.filter((file) => asOf(file) === 'script').map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: PLUGIN },
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
        }));
        const inlineCss = !without('inline-css');
        const chunkStyles = inlineCss ? chunkFiles.filter((file) => asOf(file) === 'style').map((file) => inlineStyle(`${publicPath}${file}`)) : [];
        const first = { tagName: 'script', voidTag: false, meta: { plugin: PLUGIN }, attributes: {}, innerHTML: code };
        const entryTags = data.headTags.map((tag) => {
          if (tag.tagName === 'link' && tag.attributes.rel === 'stylesheet' && inlineCss) return inlineStyle(tag.attributes.href);
          return tag;
        });
        data.headTags = [first, ...entryTags, ...links, ...chunkStyles];
        return data;
      });
    });
  }

  /** main.ts's module (the entry may be concatenated with its imports, early.ts: look inside). */
  findEntry(compilation) {
    const entry = [...compilation.modules].flatMap((m) => [m, ...(m.modules ?? [])]).find((m) => m.resource === this.entryModule);
    if (!entry) throw new Error(`${PLUGIN}: no module ${this.entryModule}`);
    return entry;
  }

  /** The module the chunk graph knows: `inner` itself, or the concatenated module holding it. */
  outerModuleOf(compilation, inner) {
    return [...compilation.modules].find((m) => m === inner || (m.modules ?? []).includes(inner));
  }
}

module.exports = Object.assign(ShellFirstLoadPlugin, { COMPILE_HINT });
