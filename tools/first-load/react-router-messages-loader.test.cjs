// node --test: the loader that shortens react-router's production messages.
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { shortenMessages } = require('./react-router-messages-loader.cjs');

test('only the message argument of invariant, warning and warningOnce changes', () => {
  const source = [
    'function invariant(value, message) { if (!value) throw new Error(message); }',
    'invariant(a, "useHref() may be used only in the context of a <Router> component.");',
    'warning(b, `You should call navigate() in a ${"React"}.useEffect()`);',
    'warningOnce("key", c, "first " + "second");',
    'other(d, "kept as it is");',
    'invariant(e, message);',
  ].join('\n');
  const out = shortenMessages(source);
  assert.strictEqual(
    out,
    [
      'function invariant(value, message) { if (!value) throw new Error(message); }',
      'invariant(a, "react-router #0");',
      'warning(b, "react-router #1");',
      'warningOnce("key", c, "react-router #2");',
      'other(d, "kept as it is");',
      'invariant(e, message);',
    ].join('\n'),
  );
});

test("react-router's production build keeps its calls and loses its long messages", () => {
  const dir = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  const file = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => path.join(dir, f)).find((f) => fs.readFileSync(f, 'utf8').includes('may be used only in the context of a <Router> component'));
  assert.ok(file, 'a production chunk carries the Router context message');
  const source = fs.readFileSync(file, 'utf8');
  const out = shortenMessages(source, file);
  assert.ok(!out.includes('may be used only in the context of a <Router> component'));
  assert.strictEqual((out.match(/\binvariant\(/g) ?? []).length, (source.match(/\binvariant\(/g) ?? []).length);
  assert.ok(out.length < source.length - 2000, `${source.length} -> ${out.length} characters`);
});
