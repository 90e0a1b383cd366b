// The shell's inline first script, put together at build time: apps/shell/src/early-script.js (what
// it does) with the two things it reads from elsewhere, each from its one source:
// - `resolveVariant`, which remote the host name (and a /metrics path) picks: @vox/variant's own
//   function (libs/variant/src/lib/resolve-variant.ts), compiled in;
// - FIRST_READS, the first reads of each page: ROUTE_FIRST_READS and SIGNED_IN_FRAME_READS beside
//   the route table (libs/site-routes/src/lib/first-reads.ts), each page's path from the route
//   table (ROUTES) and @vox/variant's PATHS, each read's path from the contract's table of calls.
// shell-first-load-plugin.cjs minifies the result into index.html; the shell's Jest runs it as is.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { loadTsValues } = require('./route-preloads.cjs');
const { without } = require('./without.cjs');

const workspaceRoot = path.resolve(__dirname, '../..');
const sourcesOf = (root) => ({
  script: path.join(root, 'apps/shell/src/early-script.js'),
  variant: path.join(root, 'libs/variant/src/lib/resolve-variant.ts'),
  routes: path.join(root, 'libs/site-routes/src/lib/routes.ts'),
  firstReads: path.join(root, 'libs/site-routes/src/lib/first-reads.ts'),
  paths: path.join(root, 'libs/variant/src/lib/paths.ts'),
  endpoints: path.join(root, 'libs/contract/src/lib/all-endpoints.ts'),
  endpointMeta: path.join(root, 'libs/contract/src/lib/endpoint-meta.ts'),
});

/**
 * FIRST_READS: `reads`, each [contract name, path, query?] once; `frame`, the reads (by index) of
 * every page a signed-in visitor sees; `sites[remote][path]`, a page's [signed in, signed out]
 * reads. Only pages at a fixed path (no `:param`) and with reads are listed; a redirect has its
 * target's reads. Every site of the table is listed, so a remote outside it (the dashboard) gets none.
 */
function firstReadsOf({ routes, routeReads, frameReads, paths, endpoints }) {
  for (const id of Object.keys(routeReads)) {
    if (!routes.some((route) => route.id === id)) throw new Error(`first reads: no route ${id}`);
  }
  const reads = [];
  const keys = [];
  const indexOf = ([name, query]) => {
    const endpoint = endpoints[name];
    if (!endpoint || endpoint.method !== 'GET') throw new Error(`first reads: ${name} is not a GET of the contract`);
    const key = JSON.stringify([name, query ?? null]);
    if (!keys.includes(key)) {
      keys.push(key);
      reads.push(query && Object.keys(query).length ? [name, endpoint.path, query] : [name, endpoint.path]);
    }
    return keys.indexOf(key);
  };
  const sites = {};
  for (const route of routes) for (const site of route.sites) sites[site] ??= {};
  for (const [site, pages] of Object.entries(sites)) {
    const siteRoutes = routes.filter((r) => r.sites.includes(site));
    for (const route of siteRoutes) {
      const pattern = paths[route.path];
      if (typeof pattern !== 'string') throw new Error(`first reads: route ${route.id} has no path ${route.path}`);
      if (pattern.includes(':') || pattern in pages) continue;
      const shown = route.redirect ? siteRoutes.find((r) => r.path === route.redirect) : route;
      const { signedIn = [], signedOut = [] } = (shown && routeReads[shown.id]) ?? {};
      if (signedIn.length || signedOut.length) pages[pattern] = [signedIn.map(indexOf), signedOut.map(indexOf)];
    }
  }
  return { reads, frame: frameReads.map(indexOf), sites };
}

/** resolve-variant.ts as plain ES2019 statements (its exports become local declarations). */
function variantSource(file) {
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2019, removeComments: true },
    fileName: file,
  });
  const code = outputText.replace(/^export (?=(const|let|var|function|class) )/gm, '');
  if (/^\s*(import|export)\b/m.test(code)) throw new Error(`${file}: the first script takes it without imports or re-exports`);
  return code;
}

/**
 * The first script, not yet minified, and the files it is made of (the build watches them).
 * @param {string} [root] the workspace
 */
function earlyScript(root = workspaceRoot) {
  const files = sourcesOf(root);
  const { ROUTES } = loadTsValues(files.routes);
  const { ROUTE_FIRST_READS, SIGNED_IN_FRAME_READS } = without('first-reads') ? { ROUTE_FIRST_READS: {}, SIGNED_IN_FRAME_READS: [] } : loadTsValues(files.firstReads);
  const { PATHS } = loadTsValues(files.paths);
  const { allEndpoints } = loadTsValues(files.endpoints, { '@vox/contract': files.endpointMeta });
  const firstReads = firstReadsOf({ routes: ROUTES, routeReads: ROUTE_FIRST_READS, frameReads: SIGNED_IN_FRAME_READS, paths: PATHS, endpoints: allEndpoints });
  const source = [
    '(function () {',
    variantSource(files.variant),
    `var FIRST_READS = ${JSON.stringify(firstReads)};`,
    fs.readFileSync(files.script, 'utf8'),
    '})();',
    '',
  ].join('\n');
  return { source, files: Object.values(files), firstReads };
}

module.exports = { earlyScript, firstReadsOf, variantSource };
