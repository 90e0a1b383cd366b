const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // file-type (upload sniffing) exports only `import`/`module-sync` conditions, which Jest's
    // CommonJS resolver does not try; its ESM entry is transpiled like every ESM package.
    '^file-type$': path.join(__dirname, '../../node_modules/file-type/index.js'),
  },
};
