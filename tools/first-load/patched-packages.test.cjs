// `node --test tools/first-load/patched-packages.test.cjs` (part of `npm test`): the federation
// runtime in node_modules is the patched one, and a bundle of it carries the patches' code, not
// the code they remove.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { MARKER, PATCHED_FILES, filesOfPatches, assertPatched } = require('./patched-packages.cjs');

const root = path.resolve(__dirname, '../..');

/** Bundles `source` as the shell's build does (minified, snapshots off); answers the errors and the bundle's text. */
function bundle(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-fed-runtime-'));
  fs.writeFileSync(path.join(dir, 'entry.mjs'), source);
  const compiler = webpack({
    mode: 'production',
    target: 'web',
    context: dir,
    entry: './entry.mjs',
    output: { path: dir, filename: 'out.js' },
    // What ModuleFederationPlugin defines for `experiments.optimization` in web.config.cjs.
    plugins: [new webpack.DefinePlugin({ FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true, ENV_TARGET: JSON.stringify('web') })],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error) return reject(error);
      compiler.close(() => {
        const out = path.join(dir, 'out.js');
        const text = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
        fs.rmSync(dir, { recursive: true, force: true });
        resolve({ errors: stats.compilation.errors.map((e) => e.message), text });
      });
    }),
  );
}

test('the list of patched files is the one the patches change', () => {
  assert.deepEqual(filesOfPatches().sort(), [...PATCHED_FILES].sort());
});

test('every patched file carries the marker, and the check fails on a pristine copy', () => {
  assert.doesNotThrow(() => assertPatched());
  const pristine = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-pristine-'));
  try {
    for (const file of PATCHED_FILES) {
      fs.mkdirSync(path.dirname(path.join(pristine, file)), { recursive: true });
      fs.writeFileSync(path.join(pristine, file), fs.readFileSync(path.join(root, file), 'utf8').slice(MARKER.length));
    }
    assert.throws(() => assertPatched(pristine), /not patched/);
  } finally {
    fs.rmSync(pristine, { recursive: true, force: true });
  }
});

// Texts only the removed code carries (they survive minification): the snapshot handler's
// manifest check, the SDK's link loading (which only the preload helpers use) and the error
// codes' English descriptions.
const REMOVED_TEXTS = ['is not a valid federation manifest', 'LinkNetworkError', 'Failed to load script resources'];

test('the runtime bundles with the patches and without the code they remove', async () => {
  const core = JSON.stringify(path.join(root, 'node_modules/@module-federation/runtime-core/dist/index.js'));
  const { errors, text } = await bundle(`import * as runtime from ${core}; globalThis.runtime = runtime;`);
  assert.deepEqual(errors, []);
  for (const removed of REMOVED_TEXTS) assert.ok(!text.includes(removed), `the bundle does not carry ${removed}`);
  assert.match(text, /Module federation snapshots are off in this build/);
  assert.match(text, /VoxClub preloads through Link headers/);
  assert.match(text, /Module Federation error/);
});

test('Node keeps the packages as published: their CommonJS builds are not patched', () => {
  const core = require('@module-federation/runtime-core');
  assert.equal(typeof core.ModuleFederation, 'function');
  for (const file of PATCHED_FILES) {
    const cjs = path.join(root, file.replace(/\.m?js$/, '.cjs'));
    assert.ok(fs.existsSync(cjs) && !fs.readFileSync(cjs, 'utf8').includes(MARKER), `${cjs} is the published one`);
  }
});
