// The files a first load needs, named before anything asks for them, so the browser
// fetches them alongside the entry instead of one request level after it.
// A remote's build writes preload.json beside its remoteEntry.js: the files of its exposed ./App
// (its route table), relative to the remote's root; the API's app page names them in its Link
// header after the entry (apps/api/src/plugins/external/web-apps.ts). A remote's consumes are not
// listed: which copy of a shared module wins is decided at run time (the shell's, as a rule).
// chunkFilesOf also answers the shell's bootstrap chunks (the chunks of `import('./bootstrap')`
// and of the shared modules they consume): shell-first-load-plugin.cjs preloads those from
// index.html.
// With a site and its route table, preload.json also carries `routes` (route-preloads.cjs): per
// route of the table, the files of the page it shows, signed out and signed in.
const fs = require('node:fs');
const path = require('node:path');
const { loadTsValues, pageImportsOf, routePreloadRows } = require('./route-preloads.cjs');

const PLUGIN = 'FirstLoadPreloadPlugin';

/** The JS and CSS files of the chunk groups the blocks load, and of the shared modules their chunks consume from this build's own providers. */
function chunkFilesOf(compilation, startBlocks) {
  const { chunkGraph } = compilation;
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule') providers.set(module._name, module);
  }
  const seenGroups = new Set();
  const files = [];
  const visitBlock = (block) => {
    const group = chunkGraph.getBlockChunkGroup(block);
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (!files.includes(file)) files.push(file);
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

/** The modules of a compilation, those webpack concatenated into one included. */
function* modulesOf(compilation) {
  for (const module of compilation.modules) {
    yield module;
    if (module.modules) yield* module.modules;
  }
}

/**
 * Page id -> the JS and CSS files its page loads (and whether it reads the user; a byVisitor
 * page's signed-out files apart), from the page-records modules under pagesDir
 * that this build holds: each record key's `import()`s (pageImportsOf) matched to the module's
 * async blocks. A page id two modules define is left out (the records' spread order decides it).
 */
function pageFilesOf(compilation, pagesDir) {
  const pages = new Map();
  const twice = new Set();
  const seen = new Set();
  for (const module of modulesOf(compilation)) {
    const file = module.resource;
    if (typeof file !== 'string' || seen.has(file) || !file.startsWith(pagesDir + path.sep) || !module.blocks?.length) continue;
    seen.add(file);
    const filesOfRequest = new Map();
    for (const block of module.blocks) {
      const request = block.dependencies.find((d) => typeof d.request === 'string')?.request;
      if (request) filesOfRequest.set(request, chunkFilesOf(compilation, [block]));
    }
    const filesOfImports = (imports) => [...new Set(imports.flatMap((request) => filesOfRequest.get(request) ?? []))];
    for (const [id, { imports, readsUser, signedOutImports = [] }] of pageImportsOf(fs.readFileSync(file, 'utf8'), file)) {
      if (pages.has(id)) twice.add(id);
      pages.set(id, { files: filesOfImports(imports), readsUser, signedOutFiles: filesOfImports(signedOutImports) });
    }
  }
  for (const id of twice) pages.delete(id);
  return pages;
}

/**
 * For a remote's build (a container exposing ./App). With `site`, `routeTable` (the module of
 * ROUTES and SITE_HOME), `paths` (the module of PATHS) and `pagesDir` (the page records), the
 * route rows too.
 */
class FirstLoadPreloadPlugin {
  constructor(options = {}) {
    this.options = options;
  }

  apply(compiler) {
    const { site, routeTable, paths, pagesDir } = this.options;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const container = [...compilation.modules].find((m) => m.constructor.name === 'ContainerEntryModule');
          if (!container) return;
          const app = container.blocks.filter((block) => block.dependencies.some((d) => d.exposedName === './App'));
          const files = chunkFilesOf(compilation, app);
          const preload = { './App': files };
          if (site && routeTable && paths && pagesDir) {
            const { ROUTES, SITE_HOME } = loadTsValues(routeTable);
            const { PATHS } = loadTsValues(paths);
            const pageFiles = pageFilesOf(compilation, pagesDir);
            // What ./App already names is not named twice.
            // A page that reads the user chooses by it: a signed-out visitor gets nothing named,
            // but a byVisitor page's signed-out side.
            const filesOfPage = (id, signedIn) => {
              const page = pageFiles.get(id);
              if (!page) return [];
              const chosen = signedIn || !page.readsUser ? page.files : page.signedOutFiles;
              return chosen.filter((file) => !files.includes(file));
            };
            preload.routes = routePreloadRows({ routes: ROUTES, siteHome: SITE_HOME, paths: PATHS, site, filesOfPage });
          }
          const { RawSource } = compiler.webpack.sources;
          compilation.emitAsset('preload.json', new RawSource(JSON.stringify(preload, null, 2) + '\n'));
        },
      );
    });
  }
}

module.exports = { FirstLoadPreloadPlugin, chunkFilesOf,  };
