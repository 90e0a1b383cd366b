import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_PG_URL, E2E_WORKERS, PG_APP_PORT, PG_ENABLED, PORTS, PREVIOUS_REMOTE_COMMIT, pgSlotDataDir, pgSlotPort, pgSlotSchema, slotDataDir, slotPort, type E2eDatabase } from './support/ports';

const root = path.resolve(__dirname, '../..');
const tmp = path.resolve(root, process.env.E2E_TMP ?? 'tmp/e2e');
// E2E_ONLY_APP=1 starts only the main server (for running one spec file while working on it);
// the federation tests that load a separately built remote need the full set, as `npm test` runs it.
const onlyApp = process.env.E2E_ONLY_APP === '1';
// Workers load this file too: only the runner starts from a clean folder (the servers' data
// and the separately built remote live in it).
if (!process.env.TEST_WORKER_INDEX) {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
}
// A second copy of the main remote, built separately and served from another origin: the main
// remote of the previous release (PREVIOUS_REMOTE_COMMIT), so the suite proves it still works.
// When that release of compatibility ends, build this tree's remote here again (see git log).
const altRemoteDir = path.join(tmp, 'main-alt');
const altManifest = path.join(tmp, 'remotes-alt.json');
if (!process.env.TEST_WORKER_INDEX) fs.writeFileSync(
  altManifest,
  JSON.stringify({
    main: `http://localhost:${PORTS.altRemote}/remoteEntry.js`,
    school: '/remotes/school/remoteEntry.js',
    dashboard: '/remotes/dashboard/remoteEntry.js',
    podcast: '/remotes/podcast/remoteEntry.js',
  }),
);

const server = (port: number, dataDir: string, extraEnv: Record<string, string> = {}, before = '') => ({
  command: `${before}node dist/apps/api/main.js`,
  cwd: root,
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  // The membership specs buy through the built-in test provider: named, so the suite also runs
  // where NODE_ENV=production is set (there nothing is sold without it).
  env: { PORT: String(port), DATA_DIR: path.join(tmp, dataDir), LOG_LEVEL: 'warn', TRUST_PROXY: '1', PAYMENTS_PROVIDER: 'test', ...extraEnv },
});

// The server of a slot on PostgreSQL (ports.ts): its schema emptied first, then the same build.
const pgServer = (s: number) =>
  server(pgSlotPort(s), pgSlotDataDir(s), { DATABASE_URL: E2E_PG_URL, DATABASE_SCHEMA: pgSlotSchema(s) }, `node apps/e2e/support/pg-database.mjs ${E2E_PG_URL} ${pgSlotSchema(s)} && `);

// What must pass on both databases runs a second time against the PostgreSQL servers; everything
// else runs once, on SQLite (the API's own suite runs whole on both).
const BOTH_DATABASES = /\/casting(-offline)?\.spec\.ts$/;

export default defineConfig<object, { database: E2eDatabase }>({
  testDir: './src',
  outputDir: `${tmp}-results`,
  // A spec file's tests run in order in one worker (they build on each other); files spread over
  // the workers, each with its own server (the webServer list below).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORTS.app}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps reaching for Google's hosts on this closed network.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'sqlite', use: { database: 'sqlite' } },
    ...(PG_ENABLED ? [{ name: 'postgres', testMatch: BOTH_DATABASES, use: { database: 'postgres' as const, baseURL: `http://localhost:${PG_APP_PORT}` } }] : []),
  ],
  webServer: [
    ...Array.from({ length: E2E_WORKERS }, (_, s) => server(slotPort(s), slotDataDir(s))),
    ...(PG_ENABLED ? Array.from({ length: E2E_WORKERS }, (_, s) => pgServer(s)) : []),
    ...(onlyApp ? [] : [{
      command: `node apps/e2e/support/build-previous-remote.mjs ${PREVIOUS_REMOTE_COMMIT} ${altRemoteDir} && node apps/e2e/support/static-server.mjs ${altRemoteDir} ${PORTS.altRemote}`,
      cwd: root,
      url: `http://localhost:${PORTS.altRemote}/remoteEntry.js`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    server(PORTS.appWithAltRemote, 'var-alt', { REMOTES_MANIFEST: altManifest })]),
  ],
});
