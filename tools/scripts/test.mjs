#!/usr/bin/env node
// `npm test`: everything that must be green before a change lands, in the order that fails
// fastest: lint, typecheck and unit/integration tests of every project, the API suite again on
// PostgreSQL, a production build, the browser tests in headless Chromium, the bundle budget.
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

run('npx nx run-many -t lint typecheck test --parallel=2 --outputStyle=static', {
  label: 'Lint, typecheck and Jest for every project (SQLite for the API)',
});
run('node --test tools/webpack/route-preloads.test.cjs tools/webpack/federation-runtime/index.test.cjs', {
  label: 'Build tools: the route preloads of a remote, the trimmed federation runtime',
});
run('npx nx run api:test-pg --outputStyle=static', { label: 'API integration suite on PostgreSQL' });
run(BUILD_ALL, { label: 'Production build' });
run('npx playwright test -c apps/e2e/playwright.config.ts', { label: 'End-to-end tests in headless Chromium' });
run('node tools/bundle-report/report.mjs', { label: 'Bundle report and budget' });
console.log('\n✔ all checks passed');
