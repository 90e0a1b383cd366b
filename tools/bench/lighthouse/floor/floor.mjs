#!/usr/bin/env node
// The floor experiment (issue 19): is Lighthouse's mobile target (performance >= 95, LCP <= 2.0 s,
// TBT <= 150 ms) reachable at all with the mandated stack and the rule "render nothing until the
// start-up refresh has ended", and what does each piece cost? Builds stand-alone pages that show
// the same content as the real main /about (markup and CSS captured from it by capture.mjs), in
// steps, and measures them with the bench's Lighthouse settings (lighthouse.mjs: mobile, simulated
// throttling, the same categories), interleaved with the real app's /about:
//   A  static HTML (the content in index.html, its CSS linked): the network floor;
//   B  React 19 + react-dom/client renders it after the refresh (POST /api/users/refresh-token,
//      401 here) has ended, nothing before; the refresh leaves from a tiny first script as in the
//      real shell;
//   C  B + react-router's data router (createBrowserRouter / RouterProvider) + a TanStack Query
//      provider;
//   D  C split like the real app: a shell and one module-federation remote
//      (@module-federation/enhanced with the real shared singletons, runtime sharing, preloads);
//      the frame in the shell, the page's <main> in the remote;
//   Dbr  D with a <BrowserRouter> on the real shared react-router module (the real shell's router;
//      the data router is the brief's, not the app's);
//   Dlibs  D' plus the ten workspace libs the real shell loads on /about, shared as it shares
//      them (on request, --only);
//   Chi, Dlo  priority variants of C and D (on request, --only): C's bundle at fetchpriority=high;
//      D without its preloads, Link header and high priority (Lighthouse's simulation counts a
//      High-priority script as render-blocking);
//   app  the real app (dist/, `npm run build` first) served by its own server.
// B, C and D are built by webpack from configs derived from tools/webpack/web.config.cjs in
// production mode (webpack.config.cjs); every file is served precompressed (br, else gzip) by a
// small Node server, one port per step (A..Dlibs on --port+10..17, the app on --port+1).
// Each round runs every page once, the order rotated by one each round; per page the medians of
// performance, FCP, LCP, TBT, Speed Index, Lighthouse's benchmarkIndex, and the JS of the load
// (gzip bytes of each script it fetched, and what went over the wire); the load average before
// each run. Every run's report is kept in --out (default $E2E_TMP/floor or /tmp/floor; emptied of
// earlier reports at the start) for audits; the end prints the bootup-time and
// mainthread-work-breakdown medians of D, Dbr and the app.
// Usage: node tools/bench/lighthouse/floor/floor.mjs [--runs 3] [--port 47200] [--no-build]
//        [--only A,B,C,D,Dbr,app (also Chi, Dlo, Dlibs)] [--out dir] [--build-only]
//        [--serve] (serve the pages and the app, measure nothing)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const here = import.meta.dirname;
const root = path.resolve(here, '../../../..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(option('runs', 3));
const BASE = Number(option('port', 47200));
const ONLY = option('only', 'A,B,C,D,Dbr,app').split(',');  // also: Chi, Dlo
const OUT = path.resolve(option('out', path.join(process.env.E2E_TMP ?? '/tmp', 'floor')));
const BUILD = path.join(root, 'dist', 'bench-floor');
fs.mkdirSync(OUT, { recursive: true });
// This run's reports only (the audit summary at the end reads them all).
for (const f of fs.readdirSync(OUT)) if (/^[A-Za-z]+-\d+\.json\.gz$/.test(f)) fs.rmSync(path.join(OUT, f));

// ---- build -------------------------------------------------------------------------------------
async function build() {
  const webpack = require('webpack');
  const configs = require('./webpack.config.cjs')({ outDir: BUILD });
  for (const config of configs) {
    // One at a time: the machine has two cores and other sessions.
    const stats = await new Promise((resolve, reject) => webpack(config).run((err, s) => (err ? reject(err) : resolve(s))));
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    console.log(`built ${config.name}`);
  }
  for (const step of ['b', 'c']) fs.copyFileSync(path.join(here, 'src/early.js'), path.join(BUILD, step, 'static/js/early.js'));
  // A: the content in the page itself, the same stylesheets linked.
  const a = path.join(BUILD, 'a');
  fs.rmSync(a, { recursive: true, force: true });
  fs.mkdirSync(path.join(a, 'static/css'), { recursive: true });
  fs.copyFileSync(path.join(here, 'src/content.css'), path.join(a, 'static/css/content.css'));
  const content = fs.readFileSync(path.join(here, 'src/content.html'), 'utf8').trim();
  const page = fs
    .readFileSync(path.join(here, 'src/index.html'), 'utf8')
    .replace(/\s*<script src="\/static\/js\/early.js"><\/script>/, '\n    <link rel="stylesheet" href="/static/css/content.css" />')
    .replace('<div id="root"></div>', `<div id="root">${content}</div>`);
  fs.writeFileSync(path.join(a, 'index.html'), page);
  // Priority variants (Lighthouse's simulation counts a High-priority script as render-blocking):
  // Chi = C with its bundle at fetchpriority=high; Dlo = D without the preloads, the Link header
  // (served without one: no preload.json) and the high priority, only the first script kept.
  copyVariant('c', 'chi', (html) => html.replace(/<script defer="defer" src="([^"]+)"><\/script>/, '<script defer="defer" src="$1" fetchpriority="high"></script>'));
  copyVariant('d', 'dlo', (html) => html.replace(/<link rel="preload"[^>]*>/g, '').replace(' fetchpriority="high"', ''));
  fs.rmSync(path.join(BUILD, 'dlo/remotes/floor/preload.json'));
  // Precompress what the builds did not (A's files, the copied first script), as the app's build does.
  for (const file of walk(BUILD)) {
    if (!/\.(js|css|html|json|svg)$/.test(file)) continue;
    const body = fs.readFileSync(file);
    if (!fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    if (!fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}
function copyVariant(from, to, edit) {
  const dir = path.join(BUILD, to);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(BUILD, from), dir, { recursive: true });
  const file = path.join(dir, 'index.html');
  const before = fs.readFileSync(file, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error(`variant ${to}: the edit changed nothing`);
  fs.writeFileSync(file, after);
  fs.rmSync(`${file}.gz`);
  fs.rmSync(`${file}.br`);
}
function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}

// ---- serve -------------------------------------------------------------------------------------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'application/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };
function serveStep(dir, port) {
  // D's page names the remote's entry and ./App files, as the real server's Link header does.
  const preloadFile = path.join(dir, 'remotes/floor/preload.json');
  const links = fs.existsSync(preloadFile)
    ? ['</remotes/floor/remoteEntry.js>; rel=preload; as=script', ...(({ app, './App': plain }) => app ?? plain)(JSON.parse(fs.readFileSync(preloadFile, 'utf8'))).map((f) => `</remotes/floor/${f}>; rel=preload; as=${f.includes('.css') ? 'style' : 'script'}`)].join(', ')
    : null;
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(req.url.split('?')[0]);
    if (pathname === '/api/users/refresh-token') {
      res.writeHead(401, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end('{"message":"Not signed in."}');
    }
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir)) return res.writeHead(403).end();
    const isPage = !path.basename(pathname).includes('.');
    if (isPage) file = path.join(dir, 'index.html');
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"message":"Not found"}');
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) && fs.existsSync(`${file}.br`) ? 'br' : /\bgzip\b/.test(accept) && fs.existsSync(`${file}.gz`) ? 'gzip' : null;
    const body = fs.readFileSync(encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file);
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/static/') || pathname.includes('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      'content-length': body.length,
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      ...(isPage && links ? { link: links } : {}),
    };
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

async function startApp(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-floor-'));
  const child = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return () => {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Bytes of the gzip answer for a URL (what the 140 KB budget counts). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

// ---- measure -----------------------------------------------------------------------------------
const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function runOnce(chrome, url) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const a = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    lhr,
    performance: Math.round(lhr.categories.performance.score * 100),
    fcpMs: a('first-contentful-paint'),
    lcpMs: a('largest-contentful-paint'),
    tbtMs: a('total-blocking-time'),
    siMs: a('speed-index'),
    cls: a('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    jsWireBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    scriptUrls: scripts.map((r) => r.url),
  };
}

const STEPS = [
  { name: 'A', label: 'A static HTML', port: BASE + 10, dir: 'a' },
  { name: 'B', label: 'B + React, after refresh', port: BASE + 11, dir: 'b' },
  { name: 'C', label: 'C + data router + Query', port: BASE + 12, dir: 'c' },
  { name: 'Dlibs', label: "D' + the shell's workspace libs", port: BASE + 17, dir: 'dlibs' },
  { name: 'Chi', label: 'C with its bundle at fetchpriority=high', port: BASE + 15, dir: 'chi' },
  { name: 'D', label: 'D + federation (shell + remote)', port: BASE + 13, dir: 'd' },
  { name: 'Dbr', label: "D' with BrowserRouter (as the app)", port: BASE + 14, dir: 'dbr' },
  { name: 'Dlo', label: 'D without preloads, Link header, high priority', port: BASE + 16, dir: 'dlo' },
  { name: 'app', label: 'real app main /about', port: BASE + 1 },
].filter((s) => ONLY.includes(s.name));

if (!args.includes('--no-build')) await build();
if (args.includes('--build-only')) process.exit(0);
const servers = [];
let stopApp = () => {};
for (const s of STEPS) {
  if (s.dir) servers.push(await serveStep(path.join(BUILD, s.dir), s.port));
  else stopApp = await startApp(s.port);
}
if (args.includes('--serve')) {
  console.log(`serving: ${STEPS.map((s) => `${s.name} http://localhost:${s.port}/about`).join(', ')} (Ctrl-C to stop)`);
  process.on('SIGINT', () => (stopApp(), process.exit(0)));
  process.on('SIGTERM', () => (stopApp(), process.exit(0)));
  await new Promise(() => {});
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const results = Object.fromEntries(STEPS.map((s) => [s.name, []]));
const started = new Date().toISOString();
try {
  for (let round = 0; round < RUNS; round++) {
    const order = STEPS.map((_, i) => STEPS[(i + round) % STEPS.length]);
    for (const s of order) {
      const load = os.loadavg()[0];
      const r = await runOnce(chrome, `http://localhost:${s.port}/about`);
      fs.writeFileSync(path.join(OUT, `${s.name}-${round + 1}.json.gz`), zlib.gzipSync(JSON.stringify(r.lhr)));
      delete r.lhr;
      results[s.name].push({ ...r, load });
      console.log(
        `round ${round + 1} ${s.name.padEnd(3)} load ${load.toFixed(2)} bench ${Math.round(r.benchmarkIndex)}: perf ${r.performance} FCP ${Math.round(r.fcpMs)} LCP ${Math.round(r.lcpMs)} TBT ${Math.round(r.tbtMs)} SI ${Math.round(r.siMs)} JS wire ${(r.jsWireBytes / 1024).toFixed(1)} KB`,
      );
    }
  }
  for (const s of STEPS) {
    const urls = [...new Set(results[s.name].flatMap((r) => r.scriptUrls))];
    s.jsGzip = (await Promise.all(urls.map(gzipBytes))).reduce((a, b) => a + b, 0);
    s.scriptCount = median(results[s.name].map((r) => r.scriptUrls.length));
  }
} finally {
  await chrome.kill();
  for (const server of servers) server.close();
  stopApp();
}

const ended = new Date().toISOString();
console.log(`\nFloor experiment, ${RUNS} interleaved runs per page, median (mobile, simulated throttling), ${started} .. ${ended}`);
console.log('| page | perf | FCP ms | LCP ms | TBT ms | SI ms | JS gzip KB (files) | benchmarkIndex (runs) | load avg 1 min (runs) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const s of STEPS) {
  const rs = results[s.name];
  const m = (k) => Math.round(median(rs.map((r) => r[k])));
  console.log(
    `| ${s.label} | ${m('performance')} | ${m('fcpMs')} | ${m('lcpMs')} | ${m('tbtMs')} | ${m('siMs')} | ${(s.jsGzip / 1024).toFixed(1)} (${s.scriptCount}) | ${m('benchmarkIndex')} (${rs.map((r) => Math.round(r.benchmarkIndex)).join(', ')}) | ${rs.map((r) => r.load.toFixed(1)).join(', ')} |`,
  );
}

// Where the main thread went, D against the app (medians over the runs' reports).
for (const name of ['D', 'Dbr', 'Dlibs', 'app'].filter((n) => results[n])) {
  const reports = fs
    .readdirSync(OUT)
    .filter((f) => f.startsWith(`${name}-`))
    .map((f) => JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(OUT, f)))));
  const groups = {};
  const scripts = {};
  for (const lhr of reports) {
    for (const i of lhr.audits['mainthread-work-breakdown'].details.items) (groups[i.groupLabel ?? i.group] ??= []).push(i.duration);
    for (const i of lhr.audits['bootup-time'].details.items) {
      const key = i.url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
      (scripts[key] ??= []).push([i.total, i.scripting, i.scriptParseCompile]);
    }
  }
  console.log(`\n${name}: mainthread-work-breakdown (median ms over ${reports.length} runs)`);
  for (const [g, ds] of Object.entries(groups).sort((x, y) => median(y[1]) - median(x[1]))) console.log(`  ${g}: ${Math.round(median(ds))}`);
  console.log(`${name}: bootup-time (median ms: total / scripting / parse+compile)`);
  for (const [u, vs] of Object.entries(scripts).sort((x, y) => median(y[1].map((v) => v[0])) - median(x[1].map((v) => v[0])))) {
    console.log(`  ${u}: ${[0, 1, 2].map((k) => Math.round(median(vs.map((v) => v[k])))).join(' / ')}`);
  }
}
