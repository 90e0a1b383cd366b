// `node --test tools/webpack/federation-runtime/index.test.cjs` (part of `npm test`): the shell's
// build swaps five files of the federation runtime, and fails rather than ship the
// full code again when a runtime upgrade moves them.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { FederationRuntimePlugin, REPLACEMENTS, runtimeCore } = require('./index.cjs');

/** Bundles `source` as the shell's build does (minified, snapshots off) with `plugins`; answers the errors and the bundle's text. */
function bundle(source, plugins = [new FederationRuntimePlugin()]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-fed-runtime-'));
  fs.writeFileSync(path.join(dir, 'entry.mjs'), source);
  const compiler = webpack({
    mode: 'production',
    target: 'web',
    context: dir,
    entry: './entry.mjs',
    output: { path: dir, filename: 'out.js' },
    plugins: [
      // What ModuleFederationPlugin defines for `experiments.optimization` in web.config.cjs.
      new webpack.DefinePlugin({ FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true, ENV_TARGET: JSON.stringify('web') }),
      ...plugins,
    ],
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

const core = JSON.stringify(path.join(runtimeCore, 'dist/index.js'));

// Texts only the replaced code carries (they survive minification): the snapshot handler's
// manifest check, the SDK's link loading (which only the preload helpers use), the SDK's debug
// switch in localStorage and the error codes' English descriptions.
const REPLACED_TEXTS = ['is not a valid federation manifest', 'LinkNetworkError', 'localStorage', 'Failed to load script resources'];

test('the runtime is bundled with the replacements and without the code they replace', async () => {
  const runtime = `import * as runtime from ${core}; globalThis.runtime = runtime;`;
  const full = await bundle(runtime, []);
  const trimmed = await bundle(runtime);
  assert.deepEqual(trimmed.errors, []);
  for (const text of REPLACED_TEXTS) {
    assert.ok(full.text.includes(text), `the full runtime carries ${text}`);
    assert.ok(!trimmed.text.includes(text), `the trimmed runtime does not carry ${text}`);
  }
  assert.match(trimmed.text, /Module federation snapshots are off in this build/);
  assert.match(trimmed.text, /VoxClub preloads through Link headers/);
  assert.match(trimmed.text, /Module Federation error/);
  // The semver memo wraps the original `satisfy`: the memo's key separator and the original's
  // version parsing are both in.
  assert.ok(trimmed.text.includes('\\0') || trimmed.text.includes('\\u0000'), 'the memo is in');
  assert.ok(!full.text.includes('\\u0000') && !full.text.includes('\\0'), 'the memo is only in the trimmed build');
  assert.ok(trimmed.text.length < full.text.length - 5000, `trimmed ${trimmed.text.length} against full ${full.text.length} characters`);
});

test('the build fails when the runtime is bundled but a file to replace is never imported', async () => {
  const moved = path.join(runtimeCore, 'dist/utils/tool.js');
  const plugin = new FederationRuntimePlugin(new Map([...REPLACEMENTS, [moved, REPLACEMENTS.get(path.join(runtimeCore, 'dist/utils/preload.js'))]]));
  // Only the semver module is imported: the other originals never are.
  const semver = JSON.stringify(path.join(runtimeCore, 'dist/utils/semver/index.js'));
  const { errors } = await bundle(`import { satisfy } from ${semver}; globalThis.satisfy = satisfy;`, [plugin]);
  const never = errors.filter((message) => message.includes('was never imported')).map((m) => /@module-federation\/(\S+)/.exec(m)[1]);
  assert.deepEqual(never.sort(), [
    'error-codes/dist/desc.mjs',
    'runtime-core/dist/plugins/snapshot/SnapshotHandler.js',
    'runtime-core/dist/utils/preload.js',
    'runtime-core/dist/utils/tool.js',
    'sdk/dist/env.js',
  ]);
});

test('the plugin refuses to start when a file to replace is gone', () => {
  const gone = path.join(runtimeCore, 'dist/no-such-file.js');
  const plugin = new FederationRuntimePlugin(new Map([[gone, path.join(__dirname, 'preload.mjs')]]));
  assert.throws(() => webpack({ mode: 'production', entry: {}, plugins: [plugin] }), /no-such-file\.js is gone/);
});

test('a bundle without the runtime (a remote) needs no replacement', async () => {
  const { errors } = await bundle(`globalThis.x = 1;`);
  assert.deepEqual(errors, []);
});
