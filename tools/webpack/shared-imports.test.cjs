// The release check's comparison of a remote's shared imports with a shell's shared exports,
// and the plugin that writes both, on a real webpack build of two modules.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { SharedImportsPlugin, sharedImportMismatches } = require('./shared-imports.cjs');

const shell = {
  '@vox/ui': { version: '0.1.3', names: ['Button', 'Page'] },
  '@vox/contract@2': { version: '0.1.0', names: ['coreEndpoints'] },
};

test('sharedImportMismatches: fits, a missing name, a version out of range, a generation the shell no longer has', () => {
  assert.deepEqual(sharedImportMismatches({ '@vox/ui': { requiredVersion: '^0.1.1', names: ['Button', '*'] } }, shell), []);
  assert.deepEqual(
    sharedImportMismatches(
      {
        '@vox/ui': { requiredVersion: '^0.1.4', names: ['Button', 'OldCard'] },
        '@vox/contract': { requiredVersion: '^0.1.0', names: ['endpoints'] },
        '@vox/contract@2': { requiredVersion: '^0.2.0', names: [] },
      },
      shell,
    ),
    [
      '@vox/ui: the remote needs ^0.1.4, the shell provides 0.1.3',
      "@vox/ui: the shell's copy does not export OldCard",
      '@vox/contract: the shell provides no such shared lib (a generation it no longer has)',
      '@vox/contract@2: the remote needs ^0.2.0, the shell provides 0.1.0',
    ],
  );
});

test('SharedImportsPlugin: the names a build imports from each shared key, and a shell build\'s exports', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-imports-'));
  fs.mkdirSync(path.join(dir, 'node_modules/@vox/ui'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules/@vox/ui/package.json'), JSON.stringify({ name: '@vox/ui', version: '0.1.3', main: 'index.js' }));
  fs.writeFileSync(path.join(dir, 'node_modules/@vox/ui/index.js'), 'export const Button = 1; export const Page = 2; export const Logo = 3;');
  fs.writeFileSync(path.join(dir, 'page.js'), "import { Button, Page } from '@vox/ui'; export default () => [Button, Page];");
  fs.writeFileSync(path.join(dir, 'index.js'), "import('./page.js').then((m) => m.default());");
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    output: { path: path.join(dir, 'dist') },
    plugins: [
      new ModuleFederationPlugin({ name: 'probe', shared: { '@vox/ui': { singleton: true, strictVersion: true, requiredVersion: '^0.1.3', version: '0.1.3' } } }),
      new SharedImportsPlugin({ exports: { '@vox/ui': { version: '0.1.3', generation: 1, exports: { Button: 'function a', Logo: 'function b', Page: 'function c' } } } }),
    ],
  });
  const stats = await new Promise((resolve, reject) => compiler.run((err, result) => (err ? reject(err) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'dist/shared-imports.json'), 'utf8')), { '@vox/ui': { requiredVersion: '^0.1.3', names: ['Button', 'Page'] } });
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'dist/shared-exports.json'), 'utf8')), { '@vox/ui': { version: '0.1.3', names: ['Button', 'Logo', 'Page'] } });
  fs.rmSync(dir, { recursive: true, force: true });
});
