#!/usr/bin/env node
// `npm test`: everything that must be green before a change lands: no unused files, exports or
// dependencies (knip), lint, typecheck and unit/integration tests of every project, the API suite
// again on PostgreSQL, a production build, the browser tests in headless Chromium, the bundle budget.
import fs from 'node:fs';
import { BUILD_ALL, run } from './run.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}; the browser tests need it.\n` +
      'Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH to another Chromium binary)',
  );
  process.exit(1);
}

// Every stage runs even after one fails (but those that need the build, when the build fails), so
// one red Jest file never hides the browser suite's verdict; the run fails if any stage did.
const failed = [];
const stage = (label, command) => run(command, { label, keepGoing: true }) || (failed.push(label), false);

// First: it takes under a minute and names dead code and undeclared dependencies before the long stages.
stage('Unused files, exports and dependencies (knip)', 'npx knip --no-progress');
stage('Lint, typecheck and Jest for every project (SQLite for the API)', 'npx nx run-many -t lint typecheck test --parallel=2 --outputStyle=static');
stage('Build tools: the route preloads of a remote, the early script, the patched federation runtime, the shared libs\' versions', 'node --test tools/first-load/*.test.cjs tools/webpack/*.test.cjs');
// A shared lib whose exports changed without a new version would let an older remote take a copy
// that lacks what it imports (tools/webpack/shared-versions.cjs).
stage('Shared libs: versions match their exports', 'node tools/webpack/shared-versions.cjs');
stage('API integration suite on PostgreSQL', 'npx nx run api:test-pg --outputStyle=static');
if (stage('Production build', BUILD_ALL)) {
  stage('End-to-end tests in headless Chromium (the casting specs on PostgreSQL too)', 'npx playwright test -c apps/e2e/playwright.config.ts');
  stage('Bundle report and budget', 'node tools/bundle-report/report.mjs');
} else {
  failed.push('End-to-end tests and the bundle report: not run, they need the build');
}
if (failed.length > 0) {
  console.error(`\n✖ ${failed.length} stage${failed.length === 1 ? '' : 's'} failed:\n${failed.map((label) => `  - ${label}`).join('\n')}`);
  process.exit(1);
}
console.log('\n✔ all checks passed');
