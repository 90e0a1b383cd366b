const os = require('node:os');
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
  // Jest's default (one worker less than the cores) runs these files one by one on a 2-core CI
  // machine, where each file mostly waits on its database, mail or storage server: two files at a
  // time use the idle core. Every file has its own SQLite file or PostgreSQL schema, temp folders
  // and kernel-chosen ports, so they never meet; the app's PostgreSQL introspection looks at its
  // own schema alone (test/db/pg-own-schema.test.ts), so another file dropping its schema meanwhile
  // no longer breaks a start's migration.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // Suites that need PostgreSQL by nature (two instances behind nginx, a job worker killed
  // mid-job) use it whatever the pass; they run once, in the PostgreSQL pass (api:test-pg).
  testPathIgnorePatterns: [...preset.testPathIgnorePatterns, ...(process.env.DATABASE_URL ? [] : ['/test/multi-instance/', '/test/jobs/jobs-crash', '/test/db/pg-'])],
  // music-metadata's own nested copy of media-typer is ESM too (the preset's
  // list reads only the top-level packages).
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) => pattern.replace('/node_modules/(?!(', '/node_modules/(?!(music-metadata/node_modules/media-typer|media-typer|')),
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // file-type (upload sniffing) exports only `import`/`module-sync` conditions, which Jest's
    // CommonJS resolver does not try; its ESM entry is transpiled like every ESM package.
    '^file-type$': path.join(__dirname, '../../node_modules/file-type/index.js'),
    // music-metadata (durations and formats of sounds and episodes) ships the same way.
    '^music-metadata$': path.join(__dirname, '../../node_modules/music-metadata/lib/index.js'),
  },
};
