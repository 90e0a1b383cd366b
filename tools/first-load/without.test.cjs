// `node --test tools/first-load/without.test.cjs` (part of `npm test`): FIRST_LOAD_WITHOUT, the
// switch the Lighthouse A/B builds use, takes only pieces it knows and changes nothing unset.
const test = require('node:test');
const assert = require('node:assert/strict');
const { PIECES, without, withoutList } = require('./without.cjs');
const { earlyScript } = require('./early-script.cjs');

test('unset, no piece is left out; a list leaves out exactly its pieces', () => {
  for (const piece of Object.keys(PIECES)) assert.equal(without(piece, {}), false);
  const env = { FIRST_LOAD_WITHOUT: 'auth-modal, inline-css' };
  assert.deepEqual([...withoutList(env)], ['auth-modal', 'inline-css']);
  assert.equal(without('auth-modal', env), true);
  assert.equal(without('first-reads', env), false);
});

test('an unknown piece stops the build rather than measure the unchanged one', () => {
  assert.throws(() => withoutList({ FIRST_LOAD_WITHOUT: 'fetch-priority' }), /no piece fetch-priority/);
  assert.throws(() => without('nope', {}), /no piece nope/);
});

test('without first-reads, the first script names no read', () => {
  const before = process.env.FIRST_LOAD_WITHOUT;
  try {
    delete process.env.FIRST_LOAD_WITHOUT;
    assert.ok(earlyScript().firstReads.reads.length > 0);
    process.env.FIRST_LOAD_WITHOUT = 'first-reads';
    assert.deepEqual(earlyScript().firstReads.reads, []);
    assert.deepEqual(earlyScript().firstReads.frame, []);
  } finally {
    if (before === undefined) delete process.env.FIRST_LOAD_WITHOUT;
    else process.env.FIRST_LOAD_WITHOUT = before;
  }
});
