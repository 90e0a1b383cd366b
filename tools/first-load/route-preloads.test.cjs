// `node --test tools/first-load/route-preloads.test.cjs` (part of `npm test`): the route rows of a
// remote's preload.json, from the page records and the route table.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { loadTsValues, pageImportsOf, routePreloadRows } = require('./route-preloads.cjs');

const root = path.join(__dirname, '../..');
const pagesDir = path.join(root, 'libs/site-routes/src/pages');
const { ROUTES, SITE_HOME } = loadTsValues(path.join(root, 'libs/site-routes/src/lib/routes.ts'));
const { PATHS } = loadTsValues(path.join(root, 'libs/variant/src/lib/paths.ts'));

test('pageImportsOf follows each record key to the modules its page imports', () => {
  const source = `
    import { lazyPage } from '@vox/ui';
    const load = () => import('@vox/feature-a');
    const Other = lazyPage(() => import('@vox/feature-b'), (m) => m.B);
    function Gate() { return <Other />; }
    const helper = () => null;
    function Chooser() { const user = useUser(); return user ? <Page /> : null; }
    const Page = lazyPage(load, (m) => m.P);
    const viaLoadPage = lazyPage(load, (m) => m.V);
    const notExported = { hidden: lazyPage(load, (m) => m.H) };
    export const aPages: PageRecord = {
      direct: lazyPage(() => import('@vox/feature-c'), (m) => m.C),
      viaLoad: lazyPage(load, (m) => m.A),
      viaComponent: Gate,
      'quoted-key': () => <Other />,
      Gate,
      plain: helper,
      chooses: Chooser,
      front: byVisitor(lazyPage(() => import('@vox/feature-d'), (m) => m.D), viaLoadPage),
      ...notExported,
    };`;
  const pages = pageImportsOf(source, 'a.tsx');
  assert.deepEqual(Object.fromEntries(pages), {
    direct: { imports: ['@vox/feature-c'], readsUser: false },
    viaLoad: { imports: ['@vox/feature-a'], readsUser: false },
    viaComponent: { imports: ['@vox/feature-b'], readsUser: false },
    'quoted-key': { imports: ['@vox/feature-b'], readsUser: false },
    Gate: { imports: ['@vox/feature-b'], readsUser: false },
    plain: { imports: [], readsUser: false },
    chooses: { imports: ['@vox/feature-a'], readsUser: true },
    front: { imports: ['@vox/feature-d'], readsUser: true, signedOutImports: ['@vox/feature-a'] },
  });
});

test('pageImportsOf reads every page of the route table in the real page records', () => {
  const pages = new Map();
  for (const file of fs.readdirSync(pagesDir)) {
    for (const [id, imports] of pageImportsOf(fs.readFileSync(path.join(pagesDir, file), 'utf8'), file)) pages.set(id, imports);
  }
  for (const route of ROUTES) {
    if (route.redirect || route.auth) continue;
    assert.ok(pages.get(route.id)?.imports.some((m) => m.startsWith('@vox/feature-')), `route ${route.id} has no page import`);
  }
  // A page behind the auth modal that is not a route of its own.
  assert.deepEqual(pages.get('channels'), { imports: ['@vox/feature-podcast'], readsUser: false });
  // The podcast site's /: the member's home page signed in, the channels signed out (byVisitor).
  assert.deepEqual(pages.get('podcastHome'), {
    imports: ['@vox/feature-podcast/home-page'],
    readsUser: true,
    signedOutImports: ['@vox/feature-podcast/channels-page'],
  });
  // The school home reads the user (signed out, it goes to /about); /about does not.
  assert.equal(pages.get('schoolHome').readsUser, true);
  assert.equal(pages.get('about').readsUser, false);
});

const filesOfPage = (id) => [`static/js/${id}.chunk.js`];
const rowOf = (rows, pattern) => rows.find((r) => r.pattern === pattern);

test('routePreloadRows names the page each route shows, signed out and signed in, as sitePage draws it', () => {
  const main = routePreloadRows({ routes: ROUTES, siteHome: SITE_HOME, paths: PATHS, site: 'main', filesOfPage });
  assert.deepEqual(main.map((r) => r.pattern), ROUTES.filter((r) => r.sites.includes('main')).map((r) => PATHS[r.path]));
  // A page without a gate: the same files either way.
  assert.deepEqual(rowOf(main, '/about'), { pattern: '/about', signedOut: ['static/js/about.chunk.js'], signedIn: ['static/js/about.chunk.js'], signInOnly: false });
  // Behind the login gate: signed out, the prompt or the site's landing (nothing of the page's).
  assert.deepEqual(rowOf(main, '/scripts'), { pattern: '/scripts', signedOut: [], signedIn: ['static/js/scripts.chunk.js'], signInOnly: true });
  // A redirect shows its target; an auth route the page behind the modal (main: /scripts).
  assert.deepEqual(rowOf(main, '/'), { pattern: '/', signedOut: [], signedIn: ['static/js/scripts.chunk.js'], signInOnly: false });
  assert.deepEqual(rowOf(main, '/login'), { pattern: '/login', signedOut: [], signedIn: ['static/js/scripts.chunk.js'], signInOnly: true });
  // Behind a privilege gate.
  assert.deepEqual(rowOf(main, '/write'), { pattern: '/write', signedOut: [], signedIn: ['static/js/drafts.chunk.js'], signInOnly: true });

  const school = routePreloadRows({ routes: ROUTES, siteHome: SITE_HOME, paths: PATHS, site: 'school', filesOfPage });
  // The school site's own /about, and its auth routes over its About.
  assert.deepEqual(rowOf(school, '/about').signedOut, ['static/js/schoolAbout.chunk.js']);
  assert.deepEqual(rowOf(school, '/login').signedOut, ['static/js/schoolAbout.chunk.js']);
  const podcast = routePreloadRows({ routes: ROUTES, siteHome: SITE_HOME, paths: PATHS, site: 'podcast', filesOfPage });
  // Behind the podcast site's auth modal: the channels page, which has no route of its own.
  assert.deepEqual(rowOf(podcast, '/register').signedOut, ['static/js/channels.chunk.js']);
  // No table for the dashboard: no rows.
  assert.deepEqual(routePreloadRows({ routes: ROUTES, siteHome: SITE_HOME, paths: PATHS, site: 'dashboard', filesOfPage }), []);
});

test('routePreloadRows keeps rows without files, names a file once and at most 8 a row', () => {
  const routes = [
    { id: 'a', path: 'a', sites: ['s'] },
    { id: 'b', path: 'b', sites: ['s'] },
    { id: 'loop', path: 'loop', sites: ['s'], redirect: 'loop' },
    { id: 'c', path: 'c', sites: ['other'] },
    { id: 'chooser', path: 'chooser', sites: ['s'] },
  ];
  const paths = { a: '/a', b: '/b', loop: '/loop', c: '/c', chooser: '/chooser' };
  const files = { a: Array.from({ length: 12 }, (_, i) => `static/js/${i % 10}.chunk.js`), b: [] };
  // A page that reads the user names its files to a signed-in visitor only (the plugin's filesOfPage).
  const filesOfPage = (id, signedIn) => (id === 'chooser' ? (signedIn ? ['static/js/c.chunk.js'] : []) : (files[id] ?? []));
  const rows = routePreloadRows({ routes, siteHome: {}, paths, site: 's', filesOfPage });
  assert.deepEqual(rows.map((r) => r.pattern), ['/a', '/b', '/loop', '/chooser']);
  assert.deepEqual(rows[3], { pattern: '/chooser', signedOut: [], signedIn: ['static/js/c.chunk.js'], signInOnly: false });
  assert.equal(rows[0].signedOut.length, 8);
  assert.equal(new Set(rows[0].signedOut).size, 8);
  assert.deepEqual(rows[1], { pattern: '/b', signedOut: [], signedIn: [], signInOnly: false });
  // A redirect to itself ends (nothing named) instead of looping.
  assert.deepEqual(rows[2], { pattern: '/loop', signedOut: [], signedIn: [], signInOnly: false });
});

test('loadTsValues refuses a module that needs its imports at run time', () => {
  const file = path.join(fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'route-preloads-')), 'm.ts');
  fs.writeFileSync(file, "import type { X } from 'x';\nimport { y } from 'y';\nexport const Z: X = y;\n");
  assert.throws(() => loadTsValues(file), /asked for y/);
  fs.rmSync(path.dirname(file), { recursive: true });
});
