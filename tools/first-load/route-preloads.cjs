// The files of the page a path shows, for the API's Link header, so the route's own
// chunk leaves with the remote's ./App instead of after the route table has run and rendered.
// first-load-preload-plugin.cjs writes them into a remote's preload.json as `routes`: one row per
// route of the site's table (libs/site-routes), in table order, with its path pattern and the
// files a signed-out and a signed-in visitor most likely need. The API matches the requested path
// against the patterns as the shell's matchRoute does (apps/api/src/plugins/external/remotes-manifest.ts).
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/**
 * The values of a TypeScript module read without bundling (the route table, PATHS, the contract's
 * endpoint tables): its type imports are erased; a relative import is read the same way, a bare
 * one only when `modules` names the file that stands for it; anything else it asks for is an error.
 * @param {string} file
 * @param {Record<string, string>} [modules] bare specifier -> the TypeScript file read for it
 */
function loadTsValues(file, modules = {}, loaded = new Map()) {
  if (loaded.has(file)) return loaded.get(file);
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    fileName: file,
  });
  const module = { exports: {} };
  loaded.set(file, module.exports);
  const load = (name) => {
    const target = name.startsWith('.') ? path.resolve(path.dirname(file), `${name}.ts`) : modules[name];
    if (!target || !fs.existsSync(target)) {
      throw new Error(`${file}: read without bundling, this module may import only type-only, relative or named modules (asked for ${name})`);
    }
    return loadTsValues(target, modules, loaded);
  };
  new Function('module', 'exports', 'require', outputText)(module, module.exports, load);
  loaded.set(file, module.exports);
  return module.exports;
}

const unwrap = (node) =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;

/** Hooks that read the signed-in user: a page that calls one chooses what it shows by it. */
const USER_HOOKS = new Set(['useUser']);

/**
 * A page-records module's route ids, the modules each one's page loads with `import()`
 * (libs/site-routes/src/pages/*.ts) and whether it reads the signed-in user (a `byVisitor(a, b)`
 * page: `imports` are a's, for a signed-in user, and `signedOutImports` b's): the keys of its
 * exported object literals, each followed through the module's own top-level declarations
 * (`lazyPage(load, ...)`, `const load = () => import('@vox/feature-x')`, a component that
 * renders such a page). A page that reads the user (the school home: signed out, it goes to
 * /about) may show none of its imports to a signed-out visitor. Spreads of other modules'
 * records are left to those modules.
 */
function pageImportsOf(source, fileName = 'pages.tsx') {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const declarations = new Map();
  const records = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) declarations.set(statement.name.text, statement);
    if (!ts.isVariableStatement(statement)) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      declarations.set(declaration.name.text, declaration.initializer);
      const value = unwrap(declaration.initializer);
      if (exported && ts.isObjectLiteralExpression(value)) records.push(value);
    }
  }
  const walk = (node, seen, page) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) page.imports.add(specifier.text);
    }
    if (ts.isIdentifier(node) && USER_HOOKS.has(node.text)) page.readsUser = true;
    if (ts.isIdentifier(node) && declarations.has(node.text) && !seen.has(node.text)) {
      seen.add(node.text);
      walk(declarations.get(node.text), seen, page);
    }
    // forEachChild stops at the first truthy answer: this callback answers nothing.
    ts.forEachChild(node, (child) => void walk(child, seen, page));
    return page;
  };
  const pageOf = (node) => {
    const value = unwrap(node);
    // byVisitor(SignedIn, SignedOut) (libs/site-routes/src/pages/by-visitor.tsx): each side's imports for its own visitor.
    if (ts.isCallExpression(value) && ts.isIdentifier(value.expression) && value.expression.text === 'byVisitor' && value.arguments.length === 2) {
      const [signedIn, signedOut] = value.arguments.map((arg) => walk(arg, new Set(), { imports: new Set(), readsUser: false }));
      return { imports: [...signedIn.imports], readsUser: true, signedOutImports: [...signedOut.imports] };
    }
    const page = walk(node, new Set(), { imports: new Set(), readsUser: false });
    return { imports: [...page.imports], readsUser: page.readsUser };
  };
  const pages = new Map();
  for (const record of records) {
    for (const property of record.properties) {
      if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteralLike(property.name))) {
        pages.set(property.name.text, pageOf(property.initializer));
      } else if (ts.isShorthandPropertyAssignment(property)) {
        pages.set(property.name.text, pageOf(property.name));
      }
    }
  }
  return pages;
}

/** The most route files one row names (the Link header stays bounded whatever a build writes). */
const MAX_ROUTE_FILES = 8;

/**
 * The rows of preload.json's `routes` for one site: each route of the table the site renders, in
 * table order, with its path pattern and the files of what it shows, as the remote's `sitePage`
 * (libs/site-routes/src/lib/site-routes.tsx) chooses it: a redirect shows its target; an auth
 * route (/login ...) the site's page behind the modal; a route behind a login or a privilege gate
 * shows its page only to a signed-in visitor (signed out: the gate's prompt or the site's landing,
 * which come with ./App or the shell); any other route its page. `filesOfPage(id, signedIn)`
 * answers the files of a page id for a visitor signed in or not ([] for a page without a chunk
 * of its own). A row with nothing to name is
 * kept, so a later pattern never wins a path an earlier route matches. `signInOnly`: the route is
 * behind a login or privilege gate or opens the auth modal, so the API marks its page noindex
 * (unless the path has a public head of its own, as the front door /scripts has: docs/seo.md).
 */
function routePreloadRows({ routes, siteHome, paths, site, filesOfPage }) {
  const siteRoutes = routes.filter((route) => route.sites.includes(site));
  const filesOf = (route, signedIn, depth = 0) => {
    if (depth > 4) return [];
    if (route.redirect) {
      const target = siteRoutes.find((r) => r.path === route.redirect);
      return target ? filesOf(target, signedIn, depth + 1) : [];
    }
    if (route.auth) {
      const behind = siteHome[site]?.behindAuth;
      const behindRoute = siteRoutes.find((r) => r.id === behind);
      if (behindRoute) return filesOf(behindRoute, signedIn, depth + 1);
      return behind ? filesOfPage(behind, signedIn) : [];
    }
    if ((route.login || route.privilege) && !signedIn) return [];
    return filesOfPage(route.id, signedIn);
  };
  const bounded = (files) => [...new Set(files)].slice(0, MAX_ROUTE_FILES);
  return siteRoutes.map((route) => ({
    pattern: paths[route.path],
    signedOut: bounded(filesOf(route, false)),
    signedIn: bounded(filesOf(route, true)),
    signInOnly: Boolean(route.login || route.privilege || route.auth),
  }));
}

module.exports = { loadTsValues, pageImportsOf, routePreloadRows,  };
