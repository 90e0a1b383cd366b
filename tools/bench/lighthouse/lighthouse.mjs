#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) against the
// production build served by the real one-process server, with Debian's Chromium. Three runs per
// page (`--runs`), the median of each figure, for the pages a new visitor lands on.
// Prints performance, LCP, TBT, CLS, console errors, and the accessibility, best-practices and
// SEO scores; exit code 1 when a target is missed. Needs `npm run build` first.
// Lighthouse 12.8 is the newest that runs on Node 20 (13 needs Node 22).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
const URL_ = globalThis.URL;
import { launchDebuggable } from '../lib/browser.mjs';
import { machine } from '../lib/machine.mjs';
import { startServer } from '../lib/server.mjs';
import { median } from '../lib/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', 3));
const PORT = Number(option('port', 4340));
const ONLY = option('only', '');
// `--save DIR`: each run's full report (JSON) goes there too, to read the LCP element, its phases
// and the request tree of a run.
const SAVE = option('save', '');
// `--graph`: after each run, the requests and tasks Lantern's simulated LCP is made of, with their
// simulated times (lantern-graph.mjs): where a page's LCP goes.
const GRAPH = args.includes('--graph');
// `--artifacts DIR`: each run's trace and network log (what Lantern simulates from) go there, for
// what-if simulations over one recorded load (what-if.mjs beside this file).
const ARTIFACTS = option('artifacts', '');

const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02, accessibility: 100, bestPractices: 100, seo: 100 };

const PAGES = [
  { name: 'main /about', host: 'localhost', path: '/about' },
  { name: 'main /scripts', host: 'localhost', path: '/scripts' },
  { name: 'main /scripts (logged in)', host: 'localhost', path: '/scripts', loggedIn: true },
  { name: 'school /about', host: 'school.localhost', path: '/about' },
  { name: 'podcast /', host: 'podcast.localhost', path: '/' },
  { name: 'dashboard /', host: 'dashboard.localhost', path: '/' },
].filter((p) => !ONLY || p.name.includes(ONLY));

/** Signs a fresh member up and in; answers the cookies a logged-in visit sends (refresh, session hint). */
async function memberCookie() {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'correct horse battery staple 42';
  const base = `http://localhost:${PORT}/api/users`;
  const created = await fetch(`${base}/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!created.ok) throw new Error(`sign-up answered ${created.status}: ${await created.text()}`);
  const signedIn = await fetch(`${base}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in answered ${signedIn.status}`);
  const cookies = signedIn.headers.getSetCookie();
  const cookie = cookies.find((c) => c.startsWith('vox_refresh='));
  if (!cookie) throw new Error('sign-in set no refresh cookie');
  // The session hint travels with the page request too (a browser sends the refresh cookie to
  // /api/users only; an extra header goes with every request).
  const hint = cookies.find((c) => c.startsWith('vox_signed_in='));
  return [cookie, ...(hint ? [hint] : [])].map((c) => c.split(';')[0]).join('; ');
}

async function runOnce(chrome, url, extraHeaders, saveAs) {
  const { lhr, artifacts } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (GRAPH) {
    const { lanternGraph } = await import('./lantern-graph.mjs');
    console.log(`${url}\n${await lanternGraph(artifacts, lhr.configSettings)}`);
  }
  if (ARTIFACTS) {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const { Trace, DevtoolsLog, GatherContext, URL } = artifacts;
    const name = `${new URL_(url).host}${new URL_(url).pathname}`.replace(/[^a-z0-9]+/gi, '-') + `-${Date.now()}.json`;
    fs.writeFileSync(path.join(ARTIFACTS, name), JSON.stringify({ Trace, DevtoolsLog, GatherContext, URL, settings: lhr.configSettings, lcpMs: lhr.audits['largest-contentful-paint'].numericValue }));
  }
  if (saveAs) {
    fs.mkdirSync(SAVE, { recursive: true });
    fs.writeFileSync(path.join(SAVE, saveAs), JSON.stringify(lhr));
  }
  const audit = (id) => lhr.audits[id];
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    consoleErrors: audit('errors-in-console').details?.items?.length ?? 0,
    consoleErrorTexts: (audit('errors-in-console').details?.items ?? []).map((i) => String(i.description).slice(0, 120)),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

console.log(`machine: ${machine()}`);
console.log(`inputs: ${PAGES.length} pages, ${RUNS} runs each`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-lighthouse-'));
const server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, port: PORT, host: null });
const chrome = await launchDebuggable(['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']);
const rows = [];
let missed = 0;
try {
  const cookie = PAGES.some((p) => p.loggedIn) ? await memberCookie() : null;
  for (const page of PAGES) {
    const url = `http://${page.host}:${PORT}${page.path}`;
    const runs = [];
    const slug = page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): that run is taken
      // again, at most twice; the error is kept if it persists.
      for (let attempt = 1; ; attempt++) {
        try {
          runs.push(await runOnce(chrome, url, page.loggedIn ? { Cookie: cookie } : undefined, SAVE && `${slug}-${i + 1}.json`));
          break;
        } catch (error) {
          if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
          console.log(`${page.name}: run ${i + 1} again (${String(error).slice(0, 120)})`);
        }
      }
    }
    const m = (k) => median(runs.map((r) => r[k]));
    const row = {
      page: page.name,
      performance: m('performance'),
      lcpMs: Math.round(m('lcpMs')),
      tbtMs: Math.round(m('tbtMs')),
      cls: Number(m('cls').toFixed(3)),
      consoleErrors: Math.max(...runs.map((r) => r.consoleErrors)),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
    };
    const misses = [
      row.performance < TARGETS.performance && 'performance',
      row.lcpMs > TARGETS.lcpMs && 'LCP',
      row.tbtMs > TARGETS.tbtMs && 'TBT',
      row.cls > TARGETS.cls && 'CLS',
      row.consoleErrors > 0 && 'console errors',
      row.accessibility < TARGETS.accessibility && 'accessibility',
      row.bestPractices < TARGETS.bestPractices && 'best practices',
      row.seo < TARGETS.seo && 'SEO',
    ].filter(Boolean);
    if (misses.length) missed++;
    rows.push({ ...row, misses: misses.join(', ') || 'none' });
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    const errors = [...new Set(runs.flatMap((r) => r.consoleErrorTexts))];
    console.log(`${page.name}: ${JSON.stringify(row)}${failing.length ? `\n  failing audits: ${failing.join(', ')}` : ''}${errors.length ? `\n  console: ${errors.join(' | ')}` : ''}`);
  }
} finally {
  chrome.kill();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${RUNS} runs per page, median (mobile, simulated throttling)`);
console.log('| page | perf | LCP ms | TBT ms | CLS | console errors | a11y | best pr. | SEO | misses |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(`| ${r.page} | ${r.performance} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.consoleErrors} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.misses} |`);
}
process.exit(missed ? 1 : 0);
