// The shared libs' versions (shared-versions.cjs): which bump a change of exports asks for, and
// what the compiler reads as a lib's run-time exports.
const test = require('node:test');
const assert = require('node:assert/strict');
const { bumped, compare, currentExports } = require('./shared-versions.cjs');

const recorded = {
  '@vox/ui': { version: '0.1.0', generation: 1, exports: { Button: 'function aaa', Logo: 'function bbb' } },
  '@vox/variant': { version: '0.1.3', generation: 2, exports: { href: 'function ccc' } },
  '@vox/gone': { version: '0.1.0', generation: 1, exports: { x: 'value ddd' } },
};

test('compare: an added export or a value whose type changed is an addition; a removed one, a changed kind or signature is breaking; a lib no longer shared is gone', () => {
  const changes = compare(recorded, {
    '@vox/ui': { Button: 'function aaa', Logo: 'function eee', Pager: 'function fff' },
    '@vox/variant': { href: 'function ccc', PATHS: 'value ggg' },
    '@vox/new': { thing: 'value hhh' },
  });
  assert.deepEqual(changes, [
    { name: '@vox/ui', bump: 'breaking', removed: [], changed: ['Logo'], added: ['Pager'] },
    { name: '@vox/variant', bump: 'addition', removed: [], changed: [], added: ['PATHS'] },
    { name: '@vox/new', bump: 'new', removed: [], changed: [], added: ['thing'] },
    { name: '@vox/gone', bump: 'gone', removed: [], changed: [], added: [] },
  ]);
  assert.deepEqual(compare(recorded, { '@vox/ui': { Button: 'function aaa' } })[0], { name: '@vox/ui', bump: 'breaking', removed: ['Logo'], changed: [], added: [] });
  assert.deepEqual(compare({ '@vox/ui': recorded['@vox/ui'] }, { '@vox/ui': recorded['@vox/ui'].exports }), []);
  const table = { '@vox/contract': { version: '0.1.0', generation: 1, exports: { endpoints: 'value aaa', named: 'function bbb' } } };
  assert.equal(compare(table, { '@vox/contract': { endpoints: 'value ccc', named: 'function bbb' } })[0].bump, 'addition');
  assert.equal(compare(table, { '@vox/contract': { endpoints: 'function aaa', named: 'function bbb' } })[0].bump, 'breaking');
});

test('bumped: an addition is a patch in the same generation; a breaking change is the next minor and the next generation', () => {
  assert.deepEqual(bumped(recorded['@vox/variant'], { bump: 'addition' }), { version: '0.1.4', generation: 2 });
  assert.deepEqual(bumped(recorded['@vox/variant'], { bump: 'breaking' }), { version: '0.2.0', generation: 3 });
});

test('currentExports: value exports by kind and type, not type-only ones', () => {
  const { '@vox/variant': exports } = currentExports(['@vox/variant']);
  assert.match(exports.href, /^function [0-9a-f]{12}$/);
  assert.match(exports.PATHS, /^value [0-9a-f]{12}$/);
  assert.equal('PathId' in exports, false, 'PathId is a type');
  assert.deepEqual(currentExports(['@vox/variant'])['@vox/variant'], exports, 'the same code reads the same');
});
