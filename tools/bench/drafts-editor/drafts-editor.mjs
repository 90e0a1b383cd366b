#!/usr/bin/env node
// Opens a 120-page draft (about 5,000 Fountain lines) in the writing editor (/write/{id}) in
// headless Chromium against the real, built, served app and measures (see
// ../README.md, "Drafts editor bench"):
//
//   1. opening: a cold page load of /write/{id} -> the draft's text in the editor (CodeMirror's
//      .cm-content holds the last scene) and the preview's pages laid out; median of --runs after
//      one warm-up; the 1 s target;
//   2. typing with the preview on (laptop size, the preview pane visible): --keys keystrokes at
//      one every 60 ms in the middle of the draft; from a Chrome trace ('toplevel' and
//      'devtools.timeline' only: the disabled-by-default categories add ~15% to what they time),
//      the main thread's work
//      (thread time of every task) from each keystroke to the next: its handlers, the frame it
//      causes and whatever it schedules (preview, outline, autosave). The 16 ms target is "every
//      keystroke's work fits in one 60 Hz frame" (max < 16 ms). Printed beside it: the Event
//      Timing API's figures (input delay, handlers, and duration, which runs to the next paint
//      and so waits for the next frame: rounded to 8 ms, 16 ms is its floor at 60 Hz) and every
//      long task (> 50 ms);
//   3. what the editor sent: the bytes of each POST /api/drafts/{id}/doc body (its changes to the
//      shared document, docs/drafts.md) against the draft's size.
//
// With --writers 2 (the default) a co-writer invited by link opens the draft too and types as
// fast, at the same time, a quarter of the way in: a Yjs client in this process speaking the
// editor's protocol (its changes POSTed to /doc, its cursor to /awareness), as another person's
// browser on another machine would, so its own rendering does not share this machine's two
// cores with the measured page. The measured page takes in each of its changes and redraws its
// cursor while typing; at the end both writers' text must be in the page and on the server.
//
//   node tools/bench/drafts-editor/drafts-editor.mjs              build shell, main, api, then measure
//   node tools/bench/drafts-editor/drafts-editor.mjs --no-build   reuse dist/
//
// Prints the figures and PASS/FAIL against the targets; exit code 1 when one fails.
import { randomBytes } from 'node:crypto';
import * as Y from 'yjs';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { SourceMap } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../lib/browser.mjs';
import { api } from '../lib/http.mjs';
import { machine } from '../lib/machine.mjs';
import { ROOT, build, grant, startServer } from '../lib/server.mjs';
import { median, quantile } from '../lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    keys: { type: 'string', default: '120' },
    writers: { type: 'string', default: '2' },
    lines: { type: 'string', default: '5000' },
    profile: { type: 'boolean', default: false },
    // Profile only the first N keystrokes, sampled every 50 µs, names read from the builds' source
    // maps, self and total time (what the first keys after opening run.
    'profile-first': { type: 'string', default: '' },
    // What the typing allocates, by function (V8's sampling heap profiler.
    alloc: { type: 'boolean', default: false },
    // Print which kinds of renderer work (style, layout, paint, script...) fill the typing's trace.
    trace: { type: 'boolean', default: false },
    // Write the typing's Chrome trace to this file (for chrome://tracing, Perfetto or a script).
    'trace-file': { type: 'string', default: '' },
    // Experiments: 'no-preview' hides the preview pane, 'no-spellcheck' turns the browser's spelling check off,
    // 'no-container' drops the preview's size container, 'no-content-visibility' lays out every page,
    // 'no-blink' stops the cursor's blink animation (restarted by CodeMirror on every keystroke).
    variant: { type: 'string', default: '' },
  },
});
const TARGETS = { openMs: 1000, keystrokeMs: 16 };
const log = (...parts) => console.log(...parts);

const ROLES = ['MARA', 'TOM', 'NORA', 'CAPTAIN', 'ALEX', 'SAM'];
const WORDS = 'the night is long and the lighthouse keeps its secrets while the ferry waits at the pier for a crossing nobody asked for but everybody will remember'.split(' ');
const sentence = (n, seed) => {
  const text = Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
  return text[0].toUpperCase() + text.slice(1) + '.';
};

const b64 = (data) => Buffer.from(data).toString('base64');

/**
 * A co-writer typing through the API as the editor does: the draft's document from GET
 * /api/drafts/{id}, each keystroke a Yjs change POSTed to /doc, the cursor after it to /awareness.
 */
async function coWriter(base, token, draftId) {
  const opened = await api(base, 'GET', `/api/drafts/${draftId}`, { token });
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(opened.doc, 'base64'));
  const text = doc.getText('fountain');
  const awareness = new Awareness(doc);
  awareness.setLocalStateField('user', { name: 'Grace Co-writer', color: '#0a7d3b' });
  const connectionId = `bench-${randomBytes(6).toString('hex')}`;
  // The end of a line a quarter of the way in: far from the measured writer, on the same page of the list.
  let at = text.toString().indexOf('\n', Math.floor(text.length / 4));
  let sent = 0;
  return {
    get sent() {
      return sent;
    },
    async type(chars, delayMs) {
      for (const char of chars) {
        const began = Date.now();
        const before = Y.encodeStateVector(doc);
        text.insert(at, char);
        at += 1;
        await api(base, 'POST', `/api/drafts/${draftId}/doc`, { token, body: { update: b64(Y.encodeStateAsUpdate(doc, before)), connectionId } });
        const here = Y.createRelativePositionFromTypeIndex(text, at);
        awareness.setLocalStateField('cursor', { anchor: here, head: here });
        await api(base, 'POST', `/api/drafts/${draftId}/awareness`, { token, body: { update: b64(encodeAwarenessUpdate(awareness, [doc.clientID])), connectionId } });
        sent += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, delayMs - (Date.now() - began))));
      }
    },
    stop: () => awareness.destroy(),
  };
}

/** A screenplay in Fountain of about `lines` lines: scenes, action, dialogue with parentheticals, transitions. */
function bigFountain(lines) {
  const out = ['Title: Editor bench', 'Genre: Drama', ''];
  for (let i = 0; out.length < lines; i++) {
    if (i % 30 === 0) out.push(`INT. LIGHTHOUSE - ROOM ${i / 30 + 1} - NIGHT`, '');
    else if (i % 30 === 29) out.push('CUT TO:', '');
    else if (i % 4 === 0) out.push(sentence(14 + (i % 25), i), '');
    else {
      out.push(ROLES[i % ROLES.length]);
      if (i % 7 === 0) out.push('(quietly)');
      out.push(sentence(5 + (i % 20), i), '');
    }
  }
  return out.join('\n');
}

/**
 * The renderer main thread's work for each keystroke, from a Chrome trace: the thread (CPU) time
 * of every task that starts between the task of one keydown and the next one's (the last: 60 ms).
 * That is the key's handlers, the frame it causes and whatever it schedules meanwhile.
 */
function workPerKeystroke(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const keydowns = onMain.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').map((e) => e.ts).sort((a, b) => a - b);
  // 'RunTask' (disabled-by-default-devtools.timeline) or 'ThreadControllerImpl::RunTask' (toplevel).
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  // The task holding a keydown starts just before it: each keystroke counts from its task's start
  // to the next keystroke's task's start. (Before, the window ended at the next
  // keydown itself, so the next key's task, which starts before its keydown, was counted twice:
  // in its own keystroke and in the one before, about 5-7 ms too much on every keystroke.)
  const firsts = keydowns.map((start) => tasks.filter((t) => t.ts <= start && t.ts + t.dur >= start).map((t) => t.ts)[0] ?? start);
  return firsts.map((first, i) => {
    const end = firsts[i + 1] ?? first + 60_000;
    return tasks.filter((t) => t.ts >= first && t.ts < end).reduce((sum, t) => sum + (t.tdur ?? t.dur), 0) / 1000;
  });
}

/** --trace: the main thread's trace events by name, total time (nested events counted in each). */
function printTraceKinds(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const totals = new Map();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    const name = e.name === 'EventDispatch' ? `EventDispatch ${e.args?.data?.type}` : e.name;
    totals.set(name, (totals.get(name) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  log('\nrenderer main thread while typing, by trace event (thread time, ms; nested events overlap):');
  for (const [name, total] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 20)) log(`  ${total.toFixed(0).padStart(6)}  ${name}`);
}

/** A CPU or allocation profile's call frame as "name source:line", read from dist's source maps. */
function sourceNamer() {
  const maps = new Map();
  const mapFor = (url) => {
    const file = url.split('?')[0].split('/').pop();
    if (!file?.endsWith('.js')) return null;
    if (!maps.has(file)) {
      const found = ['main', 'shell'].map((app) => path.join(ROOT, 'dist/apps', app, 'static/js', `${file}.map`)).concat(path.join(ROOT, 'dist/apps/shell', `${file}.map`)).find((f) => fs.existsSync(f));
      maps.set(file, found ? new SourceMap(JSON.parse(fs.readFileSync(found, 'utf8'))) : null);
    }
    return maps.get(file);
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    const map = url ? mapFor(url) : null;
    // Node's own source-map reader: lines and columns from 0 both ways.
    const at = map?.findEntry(lineNumber, columnNumber);
    if (at?.originalSource) return `${at.name || functionName || '(anonymous)'} ${at.originalSource.replace(/^.*node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, '')}:${at.originalLine + 1}`;
    return `${functionName || '(anonymous)'} ${url.split('/').pop().split('?')[0]}:${lineNumber}`;
  };
}

/** --alloc: what the typing allocates, by function (sampled; objects a collection freed counted too). */
function printAllocations(profile, keys) {
  const nameOf = sourceNamer();
  const self = new Map();
  let total = 0;
  const walk = (node) => {
    const bytes = node.selfSize ?? 0;
    total += bytes;
    const name = nameOf(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + bytes);
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  log(`\nwhat typing allocates (sampled): ${(total / 1024).toFixed(0)} KB over ${keys} keystrokes, ${(total / keys / 1024).toFixed(1)} KB a key; by function (KB):`);
  for (const [name, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`  ${(bytes / 1024).toFixed(0).padStart(6)}  ${name}`);
}

/** --profile-first: self and total time per function of a CPU profile, names from dist's source maps. */
function printFirstProfile(profile, keys) {
  const nameOf = sourceNamer();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const total = new Map();
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const t = (dt[i + 1] ?? 0) / 1000;
    const own = nameOf(byId.get(id).callFrame);
    self.set(own, (self.get(own) ?? 0) + t);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(byId.get(at).callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + t);
    }
  });
  const top = (m, n) => [...m].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, n);
  log(`\nthe first ${keys} keystrokes, self time (ms, sampled every 50 µs):`);
  for (const [key, ms] of top(self, 30)) log(`  ${ms.toFixed(2).padStart(7)}  ${key}`);
  log(`the first ${keys} keystrokes, total time (ms):`);
  for (const [key, ms] of top(total, 50)) log(`  ${ms.toFixed(2).padStart(7)}  ${key}`);
}

const durationHistogram = (events) => {
  const counts = new Map();
  for (const e of events) counts.set(e.duration, (counts.get(e.duration) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([d, n]) => `${d} ms x${n}`).join(', ');
};

const ms = (n) => `${n.toFixed(0)} ms`;
const ms1 = (n) => `${n.toFixed(1)} ms`;

async function main() {
  build({ skip: args['no-build'], projects: ['shell', 'main', 'api'] });
  const machineAtStart = machine();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-drafts-bench-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  const server = await startServer({ env, host: null });
  const base = `http://localhost:${server.port}`;
  const browser = await launchBrowser(['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']);
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench-password';
    await api(base, 'POST', '/api/users/create', { body: { username: email, password } });
    grant(env, email, 'writer', 30);
    const { token } = await api(base, 'POST', '/api/users/authenticate', { body: { username: email, password } });
    const body = bigFountain(Number(args.lines));
    const draft = await api(base, 'POST', '/api/drafts', { token, body: { body } });
    const lastScene = body.split('\n').filter((line) => line.startsWith('INT.')).at(-1);
    log(`draft: ${body.split('\n').length} lines, ${body.length} characters, ${draft.pageEstimate} pages (estimate)`);
    // The co-writer: invited by link as editor, without a membership of their own.
    const writers = Number(args.writers);
    let other = null;
    if (writers > 1) {
      const otherEmail = `bench-co-${randomBytes(4).toString('hex')}@example.com`;
      await api(base, 'POST', '/api/users/create', { body: { username: otherEmail, password } });
      const otherToken = (await api(base, 'POST', '/api/users/authenticate', { body: { username: otherEmail, password } })).token;
      const link = await api(base, 'POST', `/api/drafts/${draft.id}/invite-links`, { token, body: { role: 'editor' } });
      await api(base, 'POST', `/api/draft-invites/${link.token}`, { token: otherToken });
      other = await coWriter(base, otherToken, draft.id);
    }
    log(`writers: ${writers} (${writers > 1 ? 'the measured page and a co-writer typing through the API at the same rate' : 'the measured page alone'})`);
    log(`machine: ${machineAtStart}`);

    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    const signIn = await context.request.post('/api/users/authenticate', { data: { username: email, password } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await context.addInitScript(() => {
      window.__longTasks = [];
      window.__events = [];
      // When the editor's warm-up) ran: its throw-away editor's element coming and going.
      window.__warm = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.classList?.contains('vox-draft-editor__warm-up')) window.__warm.push(['start', performance.now()]);
          for (const node of record.removedNodes) if (node.classList?.contains('vox-draft-editor__warm-up')) window.__warm.push(['end', performance.now()]);
        }
      }).observe(document, { childList: true, subtree: true });
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__events.push({ name: entry.name, start: entry.startTime, duration: entry.duration, processing: entry.processingEnd - entry.processingStart, delay: entry.processingStart - entry.startTime });
        }).observe({ type: 'event', durationThreshold: 0, buffered: true });
      } catch {
        // not supported: the figures say so
      }
    });

    // 1. Opening.
    const opens = [];
    const page = await context.newPage();
    for (let run = 0; run <= Number(args.runs); run++) {
      await page.goto(`/write/${draft.id}`);
      await page.waitForFunction((scene) => {
        const code = document.querySelector('.cm-content');
        return Boolean(code && document.querySelector('[data-page="2"]') && document.querySelector('.vox-draft-editor__scene-list')?.textContent?.includes(scene.slice(0, 30)));
      }, lastScene);
      const at = await page.evaluate(() => performance.now());
      if (run > 0) opens.push(at);
    }
    const pages = await page.locator('.vox-screenplay__page').count();

    // 2. Typing in the middle of the draft, the preview on.
    const puts = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/drafts\/[^/]+\/doc$/.test(request.url())) puts.push(Buffer.byteLength(request.postData() ?? ''));
    });
    const scenes = await page.locator('.vox-draft-editor__scene').count();
    if (args.variant === 'no-preview') await page.addStyleTag({ content: '.vox-draft-editor__preview { display: none !important; }' });
    if (args.variant === 'no-container') await page.addStyleTag({ content: '.vox-screenplay-host { container-type: normal !important; }' });
    if (args.variant === 'no-content-visibility') await page.addStyleTag({ content: '.vox-screenplay__page { content-visibility: visible !important; }' });
    if (args.variant === 'no-blink') await page.addStyleTag({ content: '.cm-cursorLayer { animation: none !important; }' });
    if (args.variant === 'no-spellcheck') await page.evaluate(() => document.querySelector('.cm-content')?.setAttribute('spellcheck', 'false'));
    await page.locator('.vox-draft-editor__scene').nth(Math.floor(scenes / 2)).click();
    await page.keyboard.press('End');
    await page.evaluate(() => {
      window.__longTasks = [];
      window.__events = [];
    });
    const text = ' and the tide turns again'.repeat(10).slice(0, Number(args.keys));
    const otherText = ' while the gulls wheel overhead'.repeat(10).slice(0, Number(args.keys));
    const typingFrom = await page.evaluate(() => performance.now());
    const cdp = args.profile ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const allocs = args.alloc ? await context.newCDPSession(page) : null;
    if (allocs) {
      await allocs.send('HeapProfiler.enable');
      await allocs.send('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    }
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', ...(args['trace-file'] ? ['disabled-by-default-devtools.timeline', 'IndexedDB'] : [])] });
    const firstKeys = Number(args['profile-first'] || 0);
    const firstProfile = firstKeys > 0 ? await context.newCDPSession(page) : null;
    if (firstProfile) {
      await firstProfile.send('Profiler.enable');
      await firstProfile.send('Profiler.setSamplingInterval', { interval: 50 });
      await firstProfile.send('Profiler.start');
      await page.keyboard.type(text.slice(0, firstKeys), { delay: 60 });
      await page.waitForTimeout(60);
      printFirstProfile((await firstProfile.send('Profiler.stop')).profile, firstKeys);
    }
    const othersTyping = other ? other.type(otherText, 60) : Promise.resolve();
    await page.keyboard.type(text.slice(firstKeys), { delay: 60 });
    await othersTyping;
    await page.waitForTimeout(100);
    const traceBuffer = await browser.stopTracing();
    if (args['trace-file']) fs.writeFileSync(args['trace-file'], traceBuffer);
    const typingTrace = JSON.parse(traceBuffer.toString());
    const keyWork = workPerKeystroke(typingTrace);
    if (args.trace) printTraceKinds(typingTrace);
    if (allocs) printAllocations((await allocs.send('HeapProfiler.stopSampling')).profile, text.length);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const self = new Map();
      const dt = profile.timeDeltas ?? [];
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      (profile.samples ?? []).forEach((id, i) => {
        const { functionName, url, lineNumber } = byId.get(id).callFrame;
        const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      });
      log('\nwhere typing spends its time (self time, ms):');
      for (const [key, total] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) log(`  ${total.toFixed(0).padStart(6)}  ${key}`);
    }
    await page.locator('.vox-draft-editor__status', { hasText: 'Saved' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    const { events, longTasks, warm } = await page.evaluate(() => ({ events: window.__events, longTasks: window.__longTasks, warm: window.__warm }));
    const keyEvents = events.filter((e) => ['keydown', 'keypress', 'keyup', 'beforeinput', 'input'].includes(e.name));
    const slowEvents = keyEvents.filter((e) => e.duration >= 16);
    const saved = await api(base, 'GET', `/api/drafts/${draft.id}`, { token });
    const arrived = saved.body.includes(text.trim()) && (!other || saved.body.includes(otherText.trim()));
    // The co-writer's typing reached the measured page too (the live channel), whole.
    // Read from the editor's document, not its DOM: CodeMirror draws only the lines in view
    // (`cmTile.root.view` is how CodeMirror's own EditorView.findFromDOM finds it).
    const otherShown = !other || (await page.evaluate((typed) => document.querySelector('.cm-content')?.cmTile?.root?.view?.state.doc.toString().includes(typed) ?? false, otherText.trim()));
    other?.stop();

    const openMs = median(opens);
    // The last opening's warm-up (page time; the list starts again with each load).
    if (warm.length) log(`editor warm-up (page time): ${warm.map(([kind, at]) => `${kind} ${ms(at)}`).join(', ')}; opened at ${ms(opens.at(-1) ?? 0)}, typing from ${ms(typingFrom)}`);
    const worstKey = keyEvents.reduce((max, e) => Math.max(max, e.duration), 0);
    log('');
    log(`open /write/{id} (cold load -> text, scenes and ${pages} preview pages): median ${ms(openMs)} of ${opens.map(ms).join(', ')}`);
    log(
      `typing ${text.length} keys with the preview on: main-thread work per keystroke (trace, thread time) median ${ms1(median(keyWork))}, ` +
        `p90 ${ms1(quantile(keyWork, 0.9))}, max ${ms1(Math.max(...keyWork))} over ${keyWork.length} keystrokes; long tasks: ${longTasks.length}${longTasks.length ? ` (${longTasks.map((t) => ms(t.duration)).join(', ')})` : ''}`,
    );
    const overFrame = keyWork.map((w, i) => [i + 1, w]).filter(([, w]) => w >= TARGETS.keystrokeMs);
    log(`  keystrokes of 16 ms or more: ${overFrame.length} of ${keyWork.length}${overFrame.length ? ` (key #: ms) ${overFrame.map(([i, w]) => `${i}: ${w.toFixed(0)}`).join(', ')}` : ''}`);
    // The first keys after opening run the typing path's code for its first times.
    log(`  keys 1-10 (ms): ${keyWork.slice(0, 10).map((w) => w.toFixed(1)).join(', ')}; median of keys 11-${keyWork.length}: ${ms1(median(keyWork.slice(10)))}`);
    log(
      `  Event Timing, ${keyEvents.length} key events: handlers median ${ms1(median(keyEvents.map((e) => e.processing)))}, max ${ms1(Math.max(...keyEvents.map((e) => e.processing)))}; ` +
        `input delay max ${ms(Math.max(...keyEvents.map((e) => e.delay)))}; duration to the next paint: ${slowEvents.length} of 16 ms or more (worst ${ms(worstKey)}; ${durationHistogram(keyEvents)})`,
    );
    if (other) log(`co-writer: ${other.sent} keystrokes sent while the page typed; all in the page: ${otherShown}`);
    log(`changes sent: ${puts.length} posts, ${puts.map((n) => `${n} B`).join(', ')} against a ${body.length} B draft; every character arrived: ${arrived}`);
    const results = [
      ['open under 1 s', openMs < TARGETS.openMs],
      // A trace without the keystrokes or their tasks fails rather than passing on zeros.
      ["every keystroke's work under 16 ms (one frame)", keyWork.length >= text.length * 0.9 && median(keyWork) > 0 && Math.max(...keyWork) < TARGETS.keystrokeMs],
      ['saves smaller than a tenth of the draft', puts.length > 0 && puts.every((n) => n < body.length / 10)],
      ['every character arrived', arrived],
      ...(other ? [["the co-writer's text shown in the page", otherShown]] : []),
    ];
    log('');
    for (const [name, ok] of results) log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
    return results.every(([, ok]) => ok);
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
