#!/usr/bin/env node
// Opens a 2,000-line script in the table-read reader (/session/{id}) in headless Chromium
// against the real, built, served app and measures (see ../README.md, "Reader bench"):
//
//   1. opening the script from inside the app (a click on its card in /history) -> the reader's
//      first lines on screen (performance mark 'vox:reader-lines-rendered'): the 300 ms target;
//   2. the same from a cold page load (navigation start -> lines), with its parts: the app's
//      sign-in at start-up, when the session is asked, the answer, and the reader's own render
//      (mark 'vox:reader-data' -> lines);
//   medians of --runs each after one warm-up;
//   3. long tasks (PerformanceObserver 'longtask', i.e. > 50 ms) while a script scrolls the
//      whole script from top to bottom, frame by frame: the "no long task over 50 ms" target.
//
//   node tools/bench/reader/reader.mjs               build shell, main, api, then measure
//   node tools/bench/reader/reader.mjs --no-build    reuse dist/
//   node tools/bench/reader/reader.mjs --runs 9      page loads measured (default 7)
//   node tools/bench/reader/reader.mjs --shots tmp/screens   also save desktop and phone screenshots
//   node tools/bench/reader/reader.mjs --profile     also print where the scroll's CPU time goes
//   node tools/bench/reader/reader.mjs --trace       also print what each long task of the scroll did
//
// Prints the figures and PASS/FAIL against the targets; exit code 1 when one fails.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../lib/browser.mjs';
import { api } from '../lib/http.mjs';
import { loadAverage, machine } from '../lib/machine.mjs';
import { build, startServer } from '../lib/server.mjs';
import { median } from '../lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '7' },
    lines: { type: 'string', default: '2000' },
    shots: { type: 'string' },
    profile: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const LINES = Number(args.lines);

// Targets.
const TARGETS = { renderMs: 300, longTaskMs: 50 };

const log = (...parts) => console.log(...parts);

const ROLES = ['HAMLET', 'OPHELIA', 'POLONIUS', 'HORATIO', 'GERTRUDE', 'CLAUDIUS'];
const WORDS = 'the night is long and the castle keeps its secrets while the players rehearse a scene that nobody asked for but everybody will remember tomorrow'.split(' ');
const sentence = (n, seed) => {
  const words = Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]);
  const text = words.join(' ');
  return text[0].toUpperCase() + text.slice(1) + '.';
};

/** A screenplay-shaped script: a scene every 40 lines, action, dialogue (some with parentheticals), transitions. */
function bigScript(lines) {
  const out = [];
  for (let i = 0; out.length < lines; i += 1) {
    if (i % 40 === 0) out.push({ kind: 'scene', role: null, text: `INT. ELSINORE - ROOM ${i / 40 + 1} - NIGHT` });
    else if (i % 40 === 39) out.push({ kind: 'transition', role: null, text: 'CUT TO:' });
    else if (i % 5 === 0) out.push({ kind: 'action', role: null, text: sentence(12 + (i % 20), i) });
    else out.push({ kind: 'dialogue', role: ROLES[i % ROLES.length], parenthetical: i % 7 === 0 ? '(quietly)' : null, text: sentence(4 + (i % 25), i) });
  }
  return {
    title: `Reader bench: ${lines} lines`,
    synopsis: 'Generated for tools/bench/reader.',
    genre: 'Drama',
    language: 'en',
    visibility: 'private',
    isFree: false,
    roles: ROLES.map((name) => ({ name, description: '' })),
    lines: out.slice(0, lines),
  };
}

/** The renderer main thread's tasks in a Chrome trace: wall and thread (CPU) time, in ms. */
function mainThreadTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const tasks = onMain.filter((e) => e.name === 'RunTask').map((e) => ({ event: e, wall: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 }));
  return { onMain, tasks };
}

/** The tasks over 50 ms of wall time, each with the work inside it by kind. */
function printLongTasks({ onMain, tasks }) {
  const long = tasks.filter((t) => t.wall > 50);
  log(`\nlong tasks in the trace: ${long.length}`);
  for (const { event: task } of long.slice(0, 15)) {
    const inside = new Map();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || e.name === 'RunTask') continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur);
    }
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)}`);
    log(`  ${(task.dur / 1000).toFixed(0)} ms (thread time ${((task.tdur ?? 0) / 1000).toFixed(0)} ms): ${top.join(', ')}`);
  }
}

const ms = (n) => `${n.toFixed(0)} ms`;

async function main() {
  build({ skip: args['no-build'], projects: ['shell', 'main', 'api'] });

  const machineAtStart = machine();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-reader-bench-'));
  const server = await startServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, host: null });
  const base = `http://localhost:${server.port}`;
  const browser = await launchBrowser(['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']);
  try {
    // A reader with the script, a session and a role (so their lines carry the Record panel).
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench-password';
    await api(base, 'POST', '/api/users/create', { body: { username: email, password } });
    const { token } = await api(base, 'POST', '/api/users/authenticate', { body: { username: email, password } });
    const script = await api(base, 'POST', '/api/scripts', { token, body: bigScript(LINES) });
    const { id: sessionId } = await api(base, 'GET', `/api/scripts/${script.id}/session`, { token });
    await api(base, 'PUT', `/api/sessions/${sessionId}/role`, { token, body: { role: 'HAMLET' } });

    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    // The refresh cookie: every page load signs in the way a returning reader does.
    const signIn = await context.request.post('/api/users/authenticate', { data: { username: email, password } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    // Long tasks from the first moment of every page, buffered for the measurement.
    await context.addInitScript(() => {
      window.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no longtask support: the figures say so
      }
    });

    const url = `/session/${sessionId}`;
    // From /history, the way a reader opens a read: the click to the lines on screen.
    const openFromApp = async () => {
      const page = await context.newPage();
      await page.goto('/history');
      await page.locator(`a[href="${url}"]`).waitFor();
      const clickedAt = await page.evaluate((href) => {
        const at = performance.now();
        document.querySelector(`a[href="${href}"]`).click();
        return at;
      }, url);
      await page.waitForFunction((at) => performance.getEntriesByName('vox:reader-lines-rendered').some((e) => e.startTime > at), clickedAt, { timeout: 30_000 });
      const figures = await page.evaluate((at) => {
        const rendered = performance.getEntriesByName('vox:reader-lines-rendered').find((e) => e.startTime > at).startTime;
        return { open: rendered - at, longTasks: window.__longTasks.filter((t) => t.start >= at && t.start <= rendered) };
      }, clickedAt);
      return { page, figures };
    };
    const openOnce = async () => {
      const page = await context.newPage();
      await page.goto(url);
      await page.waitForFunction(() => performance.getEntriesByName('vox:reader-lines-rendered').length > 0, null, { timeout: 30_000 });
      const figures = await page.evaluate(() => {
        const rendered = performance.getEntriesByName('vox:reader-lines-rendered')[0].startTime;
        const data = performance.getEntriesByName('vox:reader-data')[0]?.startTime ?? NaN;
        const resources = performance.getEntriesByType('resource');
        const refresh = resources.find((r) => r.name.includes('/api/users/refresh-token'));
        const session = resources.find((r) => /\/api\/sessions\/[^/]+$/.test(new URL(r.name).pathname));
        return {
          rendered,
          data,
          signedIn: refresh?.responseEnd ?? NaN,
          sessionAsked: session?.startTime ?? NaN,
          sessionAnswered: session?.responseEnd ?? NaN,
          sessionBytes: session?.encodedBodySize ?? NaN,
          rows: document.querySelectorAll('.vox-reader-line').length,
          longTasks: window.__longTasks.filter((t) => t.start <= rendered),
        };
      });
      return { page, figures };
    };

    log(`\nreader bench: ${LINES}-line script, ${RUNS} page loads after a warm-up, Chromium headless 1280x800`);
    log(`machine: ${machineAtStart}`);
    await (await openOnce()).page.close();
    await (await openFromApp()).page.close();

    const runs = [];
    const inApp = [];
    let page = null;
    for (let i = 0; i < RUNS; i += 1) {
      const cold = await openOnce();
      runs.push(cold.figures);
      await cold.page.close();
      const warm = await openFromApp();
      inApp.push(warm.figures);
      if (i < RUNS - 1) await warm.page.close();
      else page = warm.page;
    }
    const totalRows = await page.evaluate(() => document.querySelector('.vox-reader__script')?.scrollHeight ?? 0);

    let cdp = null;
    if (args.profile) {
      cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    // Scroll the whole script, one step per frame, the way a fast flick or a held key does.
    // Scroll the whole script, one 400 px step per frame (a fast flick or a held key), down, up
    // and down again (scrolling up meets rows measured for the first time above the view).
    const scrollPass = (direction) =>
      page.evaluate(async (down) => {
        const scroller = document.querySelector('.vox-reader__script');
        const rows = document.querySelector('.vox-reader__rows');
        const startedAt = performance.now();
        const frames = [];
        let gaps = 0;
        let last = startedAt;
        await new Promise((resolve) => {
          const step = (now) => {
            frames.push(now - last);
            last = now;
            // What the last frame showed: rows covering the whole scroller, or a blank gap.
            const view = scroller.getBoundingClientRect();
            const shown = rows.getBoundingClientRect();
            if (shown.top > view.top + 1 || shown.bottom < Math.min(view.bottom, view.top + scroller.scrollHeight - scroller.scrollTop) - 1) gaps += 1;
            scroller.scrollTop += down ? 400 : -400;
            const done = down ? scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 : scroller.scrollTop <= 0;
            if (done) resolve();
            else requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        });
        // Let the last measurements and layout settle inside the window.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const endedAt = performance.now();
        const tasks = window.__longTasks.filter((t) => t.start >= startedAt && t.start <= endedAt);
        const sorted = frames.slice(1).sort((a, b) => a - b);
        return {
          direction: down ? 'down' : 'up',
          durationMs: endedAt - startedAt,
          frames: frames.length,
          worstFrameMs: sorted[sorted.length - 1],
          medianFrameMs: sorted[Math.floor(sorted.length / 2)],
          longTasks: tasks,
          gaps,
          rowsAtEnd: document.querySelectorAll('.vox-reader-line').length,
          edgeLine: document.querySelector(down ? '.vox-reader-line:last-child' : '.vox-reader-line:first-child')?.getAttribute('data-index'),
        };
      }, direction === 'down');
    // A trace of the passes tells the renderer's own work (thread time) from time the OS gave to
    // other processes: on a busy 2-core machine a task of a few ms can take 100 ms of wall time.
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const passes = [];
    for (const direction of ['down', 'up', 'down']) passes.push(await scrollPass(direction));
    const tasks = mainThreadTasks(JSON.parse((await browser.stopTracing()).toString()));
    if (args.trace) printLongTasks(tasks);

    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map();
      for (const id of profile.samples) {
        const { callFrame } = nodes.get(id);
        const key = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + 1);
      }
      log(`\nCPU while scrolling (${profile.samples.length} samples), top self time:`);
      for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) log(`${((count / profile.samples.length) * 100).toFixed(1).padStart(6)} %  ${key}`);
    }

    if (args.shots) {
      fs.mkdirSync(args.shots, { recursive: true });
      await page.evaluate(() => {
        document.querySelector('.vox-reader__script').scrollTop = 0;
      });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(args.shots, 'reader-2000-desktop.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(args.shots, 'reader-2000-phone.png') });
      log(`screenshots in ${args.shots}`);
    }

    const rendered = runs.map((r) => r.rendered);
    const own = runs.map((r) => r.rendered - r.data);
    const startupLongTasks = runs.flatMap((r) => r.longTasks);
    log('');
    log('measurement                                   median      min      max');
    const row = (label, values) => log(`${label.padEnd(42)}${ms(median(values)).padStart(10)} ${ms(Math.min(...values)).padStart(8)} ${ms(Math.max(...values)).padStart(8)}`);
    const opens = inApp.map((r) => r.open);
    const openLongTasks = inApp.flatMap((r) => r.longTasks);
    row('click in /history -> lines rendered', opens);
    log(`  long tasks while opening in the app (all runs): ${openLongTasks.length}${openLongTasks.length ? `, longest ${ms(Math.max(...openLongTasks.map((t) => t.duration)))}` : ''}`);
    row('cold load: navigation start -> lines', rendered);
    row('  of which: signed in (refresh-token)', runs.map((r) => r.signedIn));
    row('  of which: session asked', runs.map((r) => r.sessionAsked));
    row('  of which: GET /api/sessions/{id}', runs.map((r) => r.sessionAnswered - r.sessionAsked));
    row('session answer -> lines rendered', own);
    log(`session answer size: ${(runs[0].sessionBytes / 1024).toFixed(0)} KB on the wire`);
    log(`rows in the page after opening: ${runs[0].rows} of ${LINES} lines (virtualised); script height ${totalRows} px`);
    log(`long tasks during the cold loads (all runs; app start-up included): ${startupLongTasks.length}${startupLongTasks.length ? `, longest ${ms(Math.max(...startupLongTasks.map((t) => t.duration)))}` : ''}`);
    const wallLong = tasks.tasks.filter((t) => t.wall > TARGETS.longTaskMs);
    const cpuLong = tasks.tasks.filter((t) => t.cpu > TARGETS.longTaskMs);
    const busiest = Math.max(0, ...tasks.tasks.map((t) => t.cpu));
    for (const [i, pass] of passes.entries()) {
      const tasks = pass.longTasks.length ? ` (${pass.longTasks.map((t) => ms(t.duration)).join(', ')})` : '';
      log(
        `scroll ${i + 1} (${pass.direction.padEnd(4)}) through all ${LINES} lines: ${ms(pass.durationMs)}, ${pass.frames} frames, median frame ${ms(pass.medianFrameMs)}, worst ${ms(pass.worstFrameMs)}, ` +
          `blank frames ${pass.gaps}, rows in the page ${pass.rowsAtEnd}, reached line ${pass.edgeLine}; long tasks ${pass.longTasks.length}${tasks}`,
      );
    }
    log(
      `renderer tasks while scrolling (trace): ${tasks.tasks.length}; over ${TARGETS.longTaskMs} ms of wall time ${wallLong.length}` +
        `${wallLong.length ? ` (their thread time: ${wallLong.map((t) => ms(t.cpu)).join(', ')})` : ''}; over ${TARGETS.longTaskMs} ms of thread time ${cpuLong.length}; busiest task ${ms(busiest)} of thread time`,
    );
    log(`load average at the end ${loadAverage()}`);
    log('');

    const checks = [
      [median(opens) < TARGETS.renderMs, `opening the script in the reader renders in < ${TARGETS.renderMs} ms (median ${ms(median(opens))}; cold page load ${ms(median(rendered))})`],
      [
        cpuLong.length === 0,
        `no task of the reader runs > ${TARGETS.longTaskMs} ms while scrolling (busiest ${ms(busiest)} of thread time; ` +
          `long tasks by the wall clock per pass: ${passes.map((p) => p.longTasks.length).join(', ')}` +
          `${wallLong.length ? ', stretched by time the OS gave to other processes' : ''})`,
      ],
    ];
    for (const [ok, text] of checks) log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
    await context.close();
    return checks.every(([ok]) => ok);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
