// `node --test tools/first-load/early-script.test.cjs` (part of `npm test`): the first script's
// data comes from the route table and the contract, its variant rule from @vox/variant, each once.
// What the put-together script does is the shell's Jest (apps/shell/src/early.spec.ts).
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { earlyScript, firstReadsOf, variantSource } = require('./early-script.cjs');

const endpoints = {
  list: { method: 'GET', path: '/api/list' },
  home: { method: 'GET', path: '/api/home' },
  seen: { method: 'GET', path: '/api/seen' },
  save: { method: 'POST', path: '/api/save' },
};
const paths = { home: '/', list: '/list', item: '/list/:id', about: '/about' };

test('firstReadsOf: each read once, by index; a redirect has its target\'s reads; fixed paths with reads only', () => {
  const routes = [
    { id: 'home', path: 'home', sites: ['a'], redirect: 'list' },
    { id: 'list', path: 'list', sites: ['a', 'b'] },
    { id: 'item', path: 'item', sites: ['a'] },
    { id: 'about', path: 'about', sites: ['b'] },
    { id: 'bHome', path: 'home', sites: ['b'] },
  ];
  const routeReads = {
    list: { signedIn: [['list', { page: 1 }]] },
    item: { signedIn: [['list', { page: 1 }]] },
    bHome: { signedIn: [['home']], signedOut: [['list', { page: 2 }]] },
  };
  assert.deepEqual(firstReadsOf({ routes, routeReads, frameReads: [['seen']], paths, endpoints }), {
    reads: [['list', '/api/list', { page: 1 }], ['home', '/api/home'], ['list', '/api/list', { page: 2 }], ['seen', '/api/seen']],
    frame: [3],
    sites: { a: { '/': [[0], []], '/list': [[0], []] }, b: { '/list': [[0], []], '/': [[1], [2]] } },
  });
});

test('firstReadsOf refuses a read that is not a GET of the contract, and reads of a route the table lacks', () => {
  const routes = [{ id: 'list', path: 'list', sites: ['a'] }];
  assert.throws(() => firstReadsOf({ routes, routeReads: { list: { signedIn: [['save']] } }, frameReads: [], paths, endpoints }), /save is not a GET/);
  assert.throws(() => firstReadsOf({ routes, routeReads: {}, frameReads: [['nope']], paths, endpoints }), /nope is not a GET/);
  assert.throws(() => firstReadsOf({ routes, routeReads: { gone: { signedIn: [['list']] } }, frameReads: [], paths, endpoints }), /no route gone/);
});

test('the variant rule is @vox/variant\'s own, without exports', () => {
  const code = variantSource(path.resolve(__dirname, '../../libs/variant/src/lib/resolve-variant.ts'));
  assert.match(code, /function resolveVariant\(hostname, pathname\)/);
  assert.doesNotMatch(code, /^\s*(export|import)\b/m);
  const resolveVariant = new Function(`${code}\nreturn resolveVariant;`)();
  assert.equal(resolveVariant('podcast.voxclub.example', '/').remote, 'podcast');
  assert.equal(resolveVariant('localhost', '/Metrics').remote, 'dashboard');
});

test('the repository\'s first script: the route table\'s reads, every site of the table listed', () => {
  const { source, firstReads } = earlyScript();
  assert.deepEqual(Object.keys(firstReads.sites).sort(), ['main', 'podcast', 'school']);
  assert.deepEqual(firstReads.frame.map((i) => firstReads.reads[i][0]), ['subscriptions', 'notificationsSeen', 'newNotifications']);
  assert.ok(source.includes('var FIRST_READS = '));
  assert.doesNotThrow(() => new Function(source));
});
