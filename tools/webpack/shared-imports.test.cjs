// The plugin that writes a build's shared imports (and a shell's exports), on a real webpack
// build of two modules; the release check compares them (apps/api/test/releases).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { SharedImportsPlugin } = require('./shared-imports.cjs');

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
