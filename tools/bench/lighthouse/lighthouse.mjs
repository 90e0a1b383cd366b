#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) against the
// production build served by the real one-process server, with Debian's Chromium. Three runs per
// page (`--runs`), the median of each figure, for the pages a new visitor lands on.
// Prints performance, LCP, TBT, CLS, console errors, and the accessibility, best-practices and
// SEO scores; exit code 1 when a target is missed. Needs `npm run build` first.
// Lighthouse 12.8 is the newest that runs on Node 20 (13 needs Node 22).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
const URL_ = globalThis.URL;
import { launchDebuggable } from '../lib/browser.mjs';
import { benchStore } from '../lib/db.mjs';
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
// `--vs DIR`: the same pages against a second build's web apps (WEB_DIR: a copy of dist/apps, e.g.
// built with FIRST_LOAD_WITHOUT, tools/first-load/README.md) served on the next port, runs taken
// in turn (this build first on even runs, the other first on odd ones) so that the machine's drift
// falls on both; prints each side's medians and the LCP difference.
const VS = option('vs', '');

const TARGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.02, accessibility: 100, bestPractices: 100, seo: 100 };
// A visitor's public page the server draws (docs/public-pages.md): its content is in the HTML, so
// it must show in the page's first paint (the trace's FCP is its LCP) and sooner.
const DRAWN_TARGETS = { ...TARGETS, performance: 98, lcpMs: 1500 };

const PAGES = [
  { name: 'main /about', host: 'localhost', path: '/about', drawn: true },
  { name: 'main /scripts', host: 'localhost', path: '/scripts', drawn: true },
  { name: 'main /scripts (logged in)', host: 'localhost', path: '/scripts', loggedIn: true },
  { name: 'school /about', host: 'school.localhost', path: '/about' },
  { name: 'podcast /', host: 'podcast.localhost', path: '/', drawn: true },
  { name: 'podcast episode', host: 'podcast.localhost', path: (seeded) => `/podcast-ep/${seeded.episodeId}`, drawn: true },
  { name: 'main profile', host: 'localhost', path: (seeded) => `/members/${seeded.handle}`, drawn: true },
  // Staff-only: its pages say noindex, so Lighthouse's is-crawlable fails there by design.
  { name: 'dashboard /', host: 'dashboard.localhost', path: '/', noindex: true },
].filter((p) => !ONLY || ONLY.split(',').some((text) => p.name.includes(text.trim())));

/** One second of silence as a WAV file (8 kHz, 8-bit mono): a real file for the episode's player. */
function silentWav() {
  const samples = 8000;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  return wav;
}

/**
 * What the object pages show, written into the side's store as the app would have it: a member
 * with a name, a handle and a bio; a channel with a published episode and its audio file.
 */
async function seed(store) {
  const db = store.open();
  const now = new Date().toISOString();
  const id = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  const handle = `nora${id().toLowerCase()}`;
  const owner = { id: id(), email: `${handle}@example.com`, login_id: null, handle, name: 'Nora Vale', photo: null, bio: 'Voice actor: radio drama, audiobooks and the occasional villain.', password_hash: null, ms_oid: null, role: 'member', created_at: now };
  await db.insert('users', [owner]);
  const audio = silentWav();
  const audioId = createHash('sha256').update(audio).digest('hex');
  fs.mkdirSync(path.join(store.dataDir, 'uploads', 'audio'), { recursive: true });
  fs.writeFileSync(path.join(store.dataDir, 'uploads', 'audio', audioId), audio);
  await db.insert('audio_files', [{ id: audioId, content_type: 'audio/wav', byte_size: audio.length, created_at: now }]);
  const channel = { id: id(), owner_id: owner.id, title: 'The Night Ferry Hour', description: 'Table reads, recorded.', category: 'Arts', language: 'en', explicit: 0, cover: null, author: 'Nora Vale', created_at: now, updated_at: now };
  await db.insert('podcast_channels', [channel]);
  const episode = {
    id: id(),
    channel_id: channel.id,
    title: 'The Night Ferry, Act One',
    notes: 'The cast reads the first act, with notes from the director.',
    audio_id: audioId,
    content_type: 'audio/wav',
    byte_size: audio.length,
    duration_ms: 1000,
    status: 'published',
    published_at: now,
    created_at: now,
    updated_at: now,
  };
  await db.insert('podcast_episodes', [episode]);
  await db.close();
  return { handle, episodeId: episode.id };
}

/** Signs a fresh member up and in; answers the cookies a logged-in visit sends (refresh, session hint). */
async function memberCookie(port) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'correct horse battery staple 42';
  const base = `http://localhost:${port}/api/users`;
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

/** The SEO score; for a noindex page, as if is-crawlable had passed (the weighted mean of the rest). */
function seoScore(lhr, noindex) {
  const refs = lhr.categories.seo.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && !(noindex && ref.id === 'is-crawlable'));
  if (noindex && lhr.audits['is-crawlable'].score === 1) throw new Error(`${lhr.finalDisplayedUrl}: expected noindex, the page is crawlable`);
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return refs.reduce((sum, ref) => sum + ref.weight * lhr.audits[ref.id].score, 0) / weight;
}

async function runOnce(chrome, url, extraHeaders, saveAs, noindex = false) {
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
    fcpMs: audit('first-contentful-paint').numericValue,
    // The trace's own paints (this machine, unthrottled): the same time when the largest content
    // came with the first paint.
    observedFcpMs: audit('metrics').details.items[0].observedFirstContentfulPaint,
    observedLcpMs: audit('metrics').details.items[0].observedLargestContentfulPaint,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    consoleErrors: audit('errors-in-console').details?.items?.length ?? 0,
    consoleErrorTexts: (audit('errors-in-console').details?.items ?? []).map((i) => String(i.description).slice(0, 120)),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(seoScore(lhr, noindex) * 100),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary' && !(noindex && a.id === 'is-crawlable'))
      .map((a) => a.id),
  };
}

console.log(`machine: ${machine()}`);
console.log(`inputs: ${PAGES.length} pages, ${RUNS} runs each${VS ? `, this build (dist/apps) against ${VS}` : ''}`);
if (VS && !fs.existsSync(path.join(VS, 'shell', 'index.html'))) throw new Error(`--vs ${VS}: no shell/index.html there (a copy of dist/apps)`);
const sides = [{ label: 'dist/apps', port: PORT }, ...(VS ? [{ label: VS, port: PORT + 1, webDir: path.resolve(VS) }] : [])];
for (const side of sides) {
  side.store = await benchStore('sqlite', '', 'lighthouse');
  side.server = await startServer({ env: { ...side.store.env, LOG_LEVEL: 'warn', ...(side.webDir ? { WEB_DIR: side.webDir } : {}) }, port: side.port, host: null });
  side.seeded = await seed(side.store);
  side.rows = [];
}
// A Chromium per side: cookies are per host name, not per port, so with one profile a cookie one
// server set (a rotated refresh cookie) went to the other's pages too.
for (const side of sides) side.chrome = await launchDebuggable(['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']);
const rows = sides[0].rows;
let missed = 0;
try {
  for (const page of PAGES) {
    const slug = page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    for (const side of sides) side.runs = [];
    for (let i = 0; i < RUNS; i++) {
      for (const [n, side] of (i % 2 ? [...sides].reverse() : sides).entries()) {
        const url = `http://${page.host}:${side.port}${typeof page.path === 'function' ? page.path(side.seeded) : page.path}`;
        const saveAs = SAVE && `${slug}${side.webDir ? '-vs' : ''}-${i + 1}.json`;
        // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): that run is taken
        // again, at most twice; the error is kept if it persists.
        for (let attempt = 1; ; attempt++) {
          try {
            // A fresh sign-in for each logged-in run: Lighthouse sends this Cookie header as it is
            // on every request, so the refresh cookie the first run rotated would be stale in the
            // next (the refresh then answers 401 and the run measures the signed-out page).
            const headers = page.loggedIn ? { Cookie: await memberCookie(side.port) } : undefined;
            if (!page.loggedIn) await side.chrome.clearCookies();
            side.runs.push(await runOnce(side.chrome, url, headers, saveAs, page.noindex));
            break;
          } catch (error) {
            if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(String(error))) throw error;
            console.log(`${page.name}${n ? ' (vs)' : ''}: run ${i + 1} again (${String(error).slice(0, 120)})`);
          }
        }
      }
    }
    for (const side of sides) {
      const runs = side.runs;
      const m = (k) => median(runs.map((r) => r[k]));
      const row = {
        page: page.name,
        performance: m('performance'),
        lcpMs: Math.round(m('lcpMs')),
        fcpMs: Math.round(m('fcpMs')),
        // Runs whose largest content came after the first paint.
        lcpAfterFcp: runs.filter((r) => r.observedLcpMs > r.observedFcpMs).length,
        tbtMs: Math.round(m('tbtMs')),
        cls: Number(m('cls').toFixed(3)),
        consoleErrors: Math.max(...runs.map((r) => r.consoleErrors)),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcpRuns: runs.map((r) => Math.round(r.lcpMs)),
      };
      const targets = page.drawn ? DRAWN_TARGETS : TARGETS;
      const misses = [
        row.performance < targets.performance && 'performance',
        row.lcpMs > targets.lcpMs && 'LCP',
        page.drawn && row.lcpAfterFcp > 0 && 'LCP after FCP',
        row.tbtMs > TARGETS.tbtMs && 'TBT',
        row.cls > TARGETS.cls && 'CLS',
        row.consoleErrors > 0 && 'console errors',
        row.accessibility < TARGETS.accessibility && 'accessibility',
        row.bestPractices < TARGETS.bestPractices && 'best practices',
        row.seo < TARGETS.seo && 'SEO',
      ].filter(Boolean);
      if (misses.length && side === sides[0]) missed++;
      side.rows.push({ ...row, misses: misses.join(', ') || 'none' });
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      const errors = [...new Set(runs.flatMap((r) => r.consoleErrorTexts))];
      console.log(`${page.name}${side.webDir ? ` (${side.label})` : ''}: ${JSON.stringify(row)}${failing.length ? `\n  failing audits: ${failing.join(', ')}` : ''}${errors.length ? `\n  console: ${errors.join(' | ')}` : ''}`);
    }
  }
} finally {
  for (const side of sides) {
    await side.chrome?.kill();
    await side.server.stop();
    await side.store.remove();
  }
}

console.log(`\nLighthouse ${RUNS} runs per page, median (mobile, simulated throttling)`);
console.log('| page | perf | LCP ms | FCP ms | LCP after FCP (runs) | TBT ms | CLS | console errors | a11y | best pr. | SEO | misses |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(`| ${r.page} | ${r.performance} | ${r.lcpMs} | ${r.fcpMs} | ${r.lcpAfterFcp} | ${r.tbtMs} | ${r.cls} | ${r.consoleErrors} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.misses} |`);
}
if (VS) {
  console.log(`\nLCP, ${RUNS} interleaved runs per page and side, median: dist/apps against ${VS}`);
  console.log('| page | dist/apps LCP ms | vs LCP ms | vs - dist/apps | perf | perf vs |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  sides[0].rows.forEach((a, i) => {
    const b = sides[1].rows[i];
    console.log(`| ${a.page} | ${a.lcpMs} | ${b.lcpMs} | ${b.lcpMs - a.lcpMs >= 0 ? '+' : ''}${b.lcpMs - a.lcpMs} | ${a.performance} | ${b.performance} |`);
  });
}
process.exit(missed ? 1 : 0);
