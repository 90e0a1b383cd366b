#!/usr/bin/env node
// Bundle report: loads the first route (/) of each variant in headless Chromium against the
// production build, and prints per app the JS and CSS bytes the browser fetched (raw and gzip).
// Everything the page fetches until the network is idle counts, but for the files carrying an
// AFTER_LOAD package (web-vitals: the shell's reporter, which apps/shell/src/bootstrap.tsx imports
// only in an idle callback after the page's load event): they are listed on their own line, kept
// out of the budget, and still checked for second copies of a library.
// Fails when a variant loads more than JS_BUDGET_GZIP of JS (BUNDLE_REPORT_FILES=1 lists each file), when a library's code is
// loaded twice (any npm package, the federation runtime included, or a shared workspace lib), when MSAL is loaded without a Microsoft sign-in started or pending,
// or when a singleton the remotes take from the shell without a copy of their own (FROM_SHELL in shared.cjs) was not provided by the shell.
// Needs `npm run build` first (npm test runs it after the build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import sharedConfig from '../webpack/shared.cjs';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BUNDLE_REPORT_PORT ?? 4330);
// The budget: 140 KB gzip of JS on / of each variant.
const JS_BUDGET_GZIP = 140 * 1024;
const VARIANTS = ['localhost', 'school.localhost', 'dashboard.localhost', 'podcast.localhost'];
const SHARED = Object.keys(sharedConfig.shared);
const FROM_SHELL = [...sharedConfig.FROM_SHELL];
/** Packages only code the shell imports after the page's load event uses (apps/shell/src/bootstrap.tsx): the vitals reporter and the offline app's worker registration. */
const AFTER_LOAD = ['web-vitals', 'workbox-window'];

const contents = Object.fromEntries(
  fs
    .readdirSync(path.join(root, 'dist/bundle-contents'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(root, 'dist/bundle-contents', f), 'utf8')))
    .map((c) => [c.app, c.files]),
);

/** The npm package a module path (relative, from bundle-contents) belongs to, or null. */
function packageOf(mod) {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(mod);
  return m ? m[1] : null;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-bundle-'));
  const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Which app a URL belongs to, and its file name inside that app's build. */
function locate(url) {
  const { pathname } = new URL(url);
  const m = /^\/remotes\/([^/]+)\/(.*)$/.exec(pathname);
  return m ? { app: m[1], file: m[2] } : { app: 'shell', file: pathname.slice(1) };
}

async function measure(browser, host, { pendingMicrosoft = false } = {}) {
  const context = await browser.newContext();
  if (pendingMicrosoft) await context.addInitScript(() => sessionStorage.setItem('pendingLogin', 'ms'));
  const page = await context.newPage();
  const loaded = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      loaded.push({ url: res.url(), type, raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    } catch {
      // redirects and aborted responses carry no body
    }
  });
  await page.goto(`http://${host}:${PORT}/`, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-remote]', { timeout: 15000 });
  await page.waitForLoadState('networkidle');
  // Who provided each shared key, as the federation runtime's share scopes record it.
  const providers = await page.evaluate(() => {
    const scopes = Object.values(globalThis.__FEDERATION__?.__SHARE__ ?? {});
    const found = {};
    for (const scope of scopes) {
      for (const [key, versions] of Object.entries(scope.default ?? {})) {
        for (const entry of Object.values(versions)) (found[key] ??= []).push(entry.from);
      }
    }
    return found;
  });
  await context.close();
  return { loaded, providers };
}

/** The FROM_SHELL keys the shell did not provide on this page (a remote would find no copy). */
function missingFromShell(host, providers) {
  const shareKey = (key) => sharedConfig.shared[key].shareKey ?? key;
  return FROM_SHELL.filter((key) => !(providers[shareKey(key)] ?? []).includes('shell')).map(
    (key) => `${host}: the remotes take ${key} from the shell (FROM_SHELL, tools/webpack/shared.cjs), but the shell did not provide it`,
  );
}

// The shell's first-route scripts (main.js and the chunks index.html preloads) carry V8's
// compile hint as their first line (tools/first-load/shell-first-load-plugin.cjs); remotes' files
// do not (much of a page's code runs only on use).
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
function compileHintProblems() {
  const dist = path.join(root, 'dist/apps');
  const html = fs.readFileSync(path.join(dist, 'shell/index.html'), 'utf8');
  const first = [...html.matchAll(/<script[^>]* src="([^"]+)"|<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => (m[1] ?? m[2]).split('?')[0]);
  const startsWithHint = (file) => fs.readFileSync(file, 'utf8').startsWith(`${COMPILE_HINT}\n`);
  const problems = [];
  if (first.length < 2) problems.push(`shell: index.html names ${first.length} scripts; expected main.js and its bootstrap chunk`);
  for (const file of first) if (!startsWithHint(path.join(dist, 'shell', file))) problems.push(`shell: ${file} does not start with ${COMPILE_HINT}`);
  for (const remote of sharedConfig.REMOTES) {
    const entry = path.join(dist, remote, 'remoteEntry.js');
    if (fs.existsSync(entry) && startsWithHint(entry)) problems.push(`${remote}: remoteEntry.js carries ${COMPILE_HINT}`);
  }
  return problems;
}

function analyse(host, loaded) {
  const problems = [];
  const perApp = {};
  const moduleSeen = new Map();
  const packageApps = new Map();
  let jsGzip = 0;
  const afterLoad = [];
  for (const item of loaded) {
    const { app, file } = locate(item.url);
    const row = (perApp[app] ??= { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 });
    if (item.type === 'script') {
      const info = contents[app]?.[file];
      if ((info?.packages ?? []).some((name) => AFTER_LOAD.includes(name))) afterLoad.push({ file: `${app}/${file.replace(/\?.*$/, '')}`, gzip: item.gzip });
      else {
        row.jsRaw += item.raw;
        row.jsGzip += item.gzip;
        jsGzip += item.gzip;
      }
      const where = `${app}/${file}`;
      for (const mod of info?.modules ?? []) {
        // Every npm package counts (the federation runtime and @tanstack/query-core included, not
        // only the names in shared.cjs), and the shared workspace libs.
        const npm = packageOf(mod);
        const owner = npm ?? SHARED.find((s) => mod.startsWith(`libs/${s.replace('@vox/', '')}/`));
        if (!owner) continue;
        if (moduleSeen.has(mod) && moduleSeen.get(mod) !== where) {
          problems.push(`${host}: library ${owner} loaded twice (${mod} in ${moduleSeen.get(mod)} and ${where})`);
        }
        moduleSeen.set(mod, where);
        // An npm package in two builds' files is a second copy even through other module files
        // (another entry point or build of the same package).
        if (npm) {
          const first = packageApps.get(npm);
          if (first && first.app !== app) problems.push(`${host}: library ${npm} loaded twice (in ${first.where} and ${where})`);
          else if (!first) packageApps.set(npm, { app, where });
        }
      }
      if (info?.packages.includes('@azure/msal-browser')) problems.push(`${host}: MSAL loaded on / without a Microsoft sign-in (${app}/${file})`);
    } else {
      row.cssRaw += item.raw;
      row.cssGzip += item.gzip;
    }
  }
  if (jsGzip > JS_BUDGET_GZIP) problems.push(`${host}: ${kb(jsGzip)} gzip of JS on / is over the ${kb(JS_BUDGET_GZIP)} budget`);
  return { perApp, jsGzip, afterLoad, problems: [...new Set(problems)] };
}

const stop = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const problems = compileHintProblems();
try {
  for (const host of VARIANTS) {
    const { loaded: files, providers } = await measure(browser, host);
    const { perApp, jsGzip, afterLoad, problems: found } = analyse(host, files);
    problems.push(...found, ...missingFromShell(host, providers));
    console.log(`\n${host}  /`);
    console.log('  app         JS raw     JS gzip    CSS raw    CSS gzip');
    for (const [app, r] of Object.entries(perApp)) {
      console.log(`  ${app.padEnd(10)}${kb(r.jsRaw).padStart(10)}${kb(r.jsGzip).padStart(11)}${kb(r.cssRaw).padStart(11)}${kb(r.cssGzip).padStart(11)}`);
    }
    console.log(`  total JS gzip ${kb(jsGzip)} of ${kb(JS_BUDGET_GZIP)} budget`);
    console.log(`  after the load event, not in the budget: ${afterLoad.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ') || 'nothing'}`);
    if (process.env.BUNDLE_REPORT_FILES) {
      for (const item of files.filter((f) => f.type === 'script').sort((a, b) => b.gzip - a.gzip)) {
        const { app, file } = locate(item.url);
        const what = contents[app]?.[file]?.packages?.join(', ') ?? '';
        console.log(`    ${kb(item.gzip).padStart(9)}  ${app}/${file.replace(/\?.*$/, '')}  ${what}`);
      }
    }
  }
} finally {
  await browser.close();
  stop();
}
if (problems.length) {
  console.error(`\nBundle budget failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`\nBundle budget met: within ${kb(JS_BUDGET_GZIP)} gzip of JS per variant, no library twice, no MSAL on /, every FROM_SHELL singleton provided by the shell, the shell's first scripts compile-hinted.`);
