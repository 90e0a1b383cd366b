const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  // Integration tests: each builds the real app and migrates a real database (a fresh PostgreSQL
  // schema on the second run). On a loaded 2-core CI machine that setup alone can pass 5 s.
  testTimeout: 30_000,
  // Suites that need PostgreSQL by nature (two instances behind nginx, a job worker killed
  // mid-job) use it whatever the pass; they run once, in the PostgreSQL pass (api:test-pg).
  testPathIgnorePatterns: [...preset.testPathIgnorePatterns, ...(process.env.DATABASE_URL ? [] : ['/test/multi-instance/', '/test/jobs/jobs-crash'])],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // file-type (upload sniffing) exports only `import`/`module-sync` conditions, which Jest's
    // CommonJS resolver does not try; its ESM entry is transpiled like every ESM package.
    '^file-type$': path.join(__dirname, '../../node_modules/file-type/index.js'),
  },
};
