import { expect, test, type Page } from '@playwright/test';
import { createAccount, readsOf, signIn } from '../support/fixtures';
import { appUrl } from '../support/ports';

/**
 * The network Lighthouse's mobile run simulates (150 ms round trip, 1.6 Mbps down, 750 Kbps up),
 * so the shell's files take as long to arrive as on a phone: on the loopback they arrive within a
 * few milliseconds of each other, and "before the shell's last file ends" would be a race.
 */
async function mobileNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

/** When the main remote's chunks started, and when the shell's last chunk ended (resource timing). */
function remoteChunkTiming(page: Page) {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const url = (e: PerformanceResourceTiming) => new URL(e.name);
    const shellChunks = entries.filter((e) => /^\/static\/js\/.*\.js$/.test(url(e).pathname));
    const remoteChunks = entries.filter((e) => /^\/remotes\/main\/static\/(js|css)\/.*\.chunk\.(js|css)$/.test(url(e).pathname));
    return {
      lastShellChunkEnd: Math.max(...shellChunks.map((e) => e.responseEnd)),
      remoteChunks: remoteChunks.map((e) => ({ what: url(e).pathname, start: e.startTime })),
    };
  });
}

/** Every one of the remote's chunks this load fetched started before the shell's chunks ended. */
function expectStartedBeforeShellChunksEnd(timing: Awaited<ReturnType<typeof remoteChunkTiming>>) {
  for (const { what, start } of timing.remoteChunks) {
    expect({ what, startedBeforeLastShellChunkEnded: start < timing.lastShellChunkEnd }).toEqual({ what, startedBeforeLastShellChunkEnded: true });
  }
}

// The properties Lighthouse scores, checked without its noise. A cold,
// logged-out load of /about has what the first render waits for before the shell's last chunk has
// arrived: the start-up refresh and the remote's entry started, and the remotes manifest in the
// page itself (item 4's "manifest inlined": no /remotes.json request at all); nothing moves after
// the first paint; the console stays free of errors.
test('a cold logged-out load of /about has the manifest in the page and starts refresh and remote entry before the shell chunks end, with no layout shift and no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  await mobileNetwork(page);
  await page.goto(appUrl('localhost', '/about'));
  await expect(page.locator('[data-remote="main"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);

  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const path = (e: PerformanceResourceTiming) => new URL(e.name).pathname;
    const shellChunks = entries.filter((e) => /^\/static\/js\/.*\.js$/.test(path(e)));
    const startOf = (p: string) => entries.find((e) => path(e) === p)?.startTime ?? null;
    return {
      shellChunks: shellChunks.length,
      lastShellChunkEnd: Math.max(...shellChunks.map((e) => e.responseEnd)),
      refresh: startOf('/api/users/refresh-token'),
      remoteEntry: startOf('/remotes/main/remoteEntry.js'),
      manifestRequest: startOf('/remotes.json'),
      inlineManifest: (JSON.parse(document.getElementById('vox-first-data')?.textContent ?? 'null') as { manifest?: unknown } | null)?.manifest ?? null,
    };
  });
  // The shell's entry (with its eager singletons) and the app's chunk (react-dom and the shell's
  // own code); the page's first script is inline in the HTML. The check below compares against
  // the last of them.
  expect(timing.shellChunks).toBeGreaterThanOrEqual(2);
  expect(timing.inlineManifest).toEqual(await (await page.request.get(appUrl('localhost', '/remotes.json'))).json());
  expect(timing.manifestRequest).toBeNull();
  for (const what of ['refresh', 'remoteEntry'] as const) {
    expect({ what, start: timing[what] }).toEqual({ what, start: expect.any(Number) });
    expect({ what, startedBeforeLastShellChunkEnded: (timing[what] as number) < timing.lastShellChunkEnd }).toEqual({ what, startedBeforeLastShellChunkEnded: true });
  }

  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
  expect(errors).toEqual([]);
});

// The two request levels this check's first version left in the chain: the public config (the
// first render waits for its Microsoft settings with the refresh) is in the page itself, and the
// remote's ./App files (its route table) are named in the page: a visitor's /about comes drawn,
// and its data block lists them (`later`) for the first script to ask for once the page is on
// screen. Before, both started only after the shell's chunks had run.
test("a cold logged-out load of /about has the public config in the page and starts the remote's ./App files before the shell chunks end", async ({ page }) => {
  await mobileNetwork(page);
  const response = await page.goto(appUrl('localhost', '/about'));
  const html = (await response?.text()) ?? '';
  const data = JSON.parse(/<script type="application\/json" id="vox-first-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as { later?: string[] };
  const appFiles = (data.later ?? []).filter((file) => file.startsWith('/remotes/main/static/'));
  expect(appFiles.some((f) => /\.js\?v=/.test(f))).toBe(true);
  await expect(page.locator('[data-remote="main"]')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const timing = await page.evaluate((files) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const url = (e: PerformanceResourceTiming) => new URL(e.name);
    const shellChunks = entries.filter((e) => /^\/static\/js\/.*\.js$/.test(url(e).pathname));
    const startOf = (p: string) => entries.find((e) => url(e).pathname + url(e).search === p)?.startTime ?? null;
    return {
      lastShellChunkEnd: Math.max(...shellChunks.map((e) => e.responseEnd)),
      starts: Object.fromEntries(files.map((f) => [f, startOf(f)])) as Record<string, number | null>,
      publicConfigRequest: startOf('/api/config/public'),
      inlineConfig: (JSON.parse(document.getElementById('vox-first-data')?.textContent ?? 'null') as { publicConfig?: unknown } | null)?.publicConfig ?? null,
    };
  }, appFiles);
  expect(timing.inlineConfig).toEqual(await (await page.request.get(appUrl('localhost', '/api/config/public'))).json());
  expect(timing.publicConfigRequest).toBeNull();
  for (const [what, start] of Object.entries(timing.starts)) {
    expect({ what, start }).toEqual({ what, start: expect.any(Number) });
    expect({ what, startedBeforeLastShellChunkEnded: (start as number) < timing.lastShellChunkEnd }).toEqual({ what, startedBeforeLastShellChunkEnded: true });
  }
});

// The shell's entry is the one file that must run before anything else can, yet as a deferred
// script it was a low-priority request, which Chromium holds back over HTTP/1.1 while the
// high-priority preloads are in flight: Lighthouse's trace showed main.js requested after all
// sixteen preloaded chunks. index.html now asks for it at high priority; the first script, which
// starts the refresh (the manifest and the public config come in the page), is inline: no request at all.
test("a cold load runs the shell's first script from the HTML and fetches the entry at high priority", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priorities = new Map<string, string>();
  // Which script sent each start-up request: the URL of its first stack frame.
  const sentBy = new Map<string, string | undefined>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const path = new URL(e.request.url).pathname;
    priorities.set(path, e.request.initialPriority);
    sentBy.set(path, e.initiator.stack?.callFrames[0]?.url);
  });
  const url = appUrl('localhost', '/about');
  await page.goto(url);
  await expect(page.locator('[data-remote="main"]')).toBeVisible();
  const of = (pattern: RegExp) => [...priorities].filter(([p]) => pattern.test(p)).map(([, priority]) => priority);
  expect(of(/^\/static\/js\/main\.[0-9a-f]+\.js$/)).toEqual(['High']);
  // The page itself (its inline first script), not main.js's fallback, sent the refresh (on this
  // drawn page, once its first paint is on screen: waited for, as [data-remote] is in the HTML);
  // the manifest and the public config came in the page (no request); the shell's scripts are its
  // entry and chunks only (no first-script file).
  await expect.poll(() => sentBy.get('/api/users/refresh-token')).toBe(url);
  expect(['/remotes.json', '/api/config/public'].filter((p) => priorities.has(p))).toEqual([]);
  expect([...priorities.keys()].filter((p) => /^\/static\/js\//.test(p) && !/^\/static\/js\/(main\.[0-9a-f]+|\d+\.chunk)\.js$/.test(p))).toEqual([]);
  // The shell's own stylesheets are inline (<style data-href>): none is requested, not even by
  // the bootstrap chunk's CSS loader, and they apply (the header's theme colour).
  expect([...priorities.keys()].filter((p) => p.startsWith('/static/css/'))).toEqual([]);
  expect(await page.locator('style[data-href^="/static/css/"]').count()).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.vox-shell')).toHaveCSS('flex-direction', 'column');
});

// The next level: the route's own chunk (on /about the page of @vox/feature-pages, with its CSS)
// leaves with the first level too, named in the Link header from the remote's route rows, instead
// of after the route table has arrived, run and rendered. Every chunk of the remote this load
// fetches counts, so a page chunk the header does not name fails the check.
test("a cold logged-out load of /about starts the route's own chunk before the shell chunks end", async ({ page }) => {
  await mobileNetwork(page);
  await page.goto(appUrl('localhost', '/about'));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const timing = await remoteChunkTiming(page);
  // ./App's JS and CSS and the route's JS (and CSS) at least.
  expect(timing.remoteChunks.filter((c) => c.what.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
  expectStartedBeforeShellChunksEnd(timing);
});

// The same for a signed-in load of a page whose chunk consumes modules only remotes share (the
// scripts list and @vox/contract's area entries): the Link header names those too, so none of
// the remote's chunks waits for the page's chunk to arrive and ask for it (Lighthouse's logged-in
// /scripts fetched four of them at low priority, a level later).
test("a cold signed-in load of /scripts starts the page's chunks and the shared modules they consume before the shell chunks end", async ({ page }) => {
  await signIn(page, await createAccount(page.request));
  await mobileNetwork(page);
  const response = await page.goto(appUrl('localhost', '/scripts'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your scripts' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const timing = await remoteChunkTiming(page);
  // ./App, the page, and at least one shared module of the page's own.
  expect(timing.remoteChunks.filter((c) => c.what.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
  expectStartedBeforeShellChunksEnd(timing);

  // The list asks the shell for nothing it provides lazily (the whole of
  // @vox/feature-scripts in one chunk consumed @vox/ui/forms, whose shell chunk then left a
  // request level after the page's; only the reader and the editor use it): the shell's scripts
  // this load fetched before its load event are the ones its HTML names. After it come three chunks
  // that wait for the load event on purpose: the signed-in tab's session watch, the web-vitals
  // reporter and the offline app (its worker registration, badge and new-version notice), the last
  // two once the browser is idle, so the test waits for them rather than racing them.
  const html = (await response?.text()) ?? '';
  const named = new Set([...html.matchAll(/"(\/static\/js\/[^"?]+\.js)(\?[^"]*)?"/g)].map((m) => m[1]));
  const shellScripts = () =>
    page.evaluate(() => {
      const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((e) => ({ path: new URL(e.name).pathname, beforeLoad: e.startTime < loaded }))
        .filter((e) => /^\/static\/js\/.*\.js$/.test(e.path));
    });
  const afterLoad = async () => (await shellScripts()).filter((e) => !e.beforeLoad && !named.has(e.path)).map((e) => e.path);
  await expect.poll(async () => (await afterLoad()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  expect(named.size).toBeGreaterThanOrEqual(2);
  expect((await shellScripts()).filter((e) => e.beforeLoad && !named.has(e.path)).map((e) => e.path)).toEqual([]);
  const later = await afterLoad();
  expect(later).toHaveLength(3);
  // web-vitals observes 'largest-contentful-paint'; the offline app registers '/sw.js' and draws
  // the 'vox-offline-badge'; the session watch does neither.
  const bodies = await Promise.all(later.map(async (path) => (await page.request.get(appUrl('localhost', path))).text()));
  const kinds = bodies.map((body) => (body.includes('largest-contentful-paint') ? 'vitals' : body.includes("'/sw.js'") || body.includes('"/sw.js"') ? (body.includes('vox-offline-badge') ? 'offline' : 'other') : 'watch'));
  expect(kinds.sort()).toEqual(['offline', 'vitals', 'watch']);
});

// The page's first reads: the inline first script sends them as soon as the refresh has said who
// is asking (early-script.js), and the page's own calls take those answers (@vox/api-client marks
// each one it hands over). A read the page no longer makes, or a URL that drifted from the one its
// call builds, fails here: sent by the first script but never taken, or sent a second time.
async function firstReads(page: Page, host: string, path: string) {
  const sent = new Map<string, { count: number; byPage: boolean }>();
  const url = appUrl(host, path);
  // A read counts as sent whether it went alone or in the first script's one GET /api/first-reads.
  let batches = 0;
  page.on('request', (request) => {
    const u = new URL(request.url());
    if (request.method() !== 'GET' || !u.pathname.startsWith('/api/')) return;
    if (u.pathname === '/api/first-reads') batches += 1;
    for (const key of readsOf(request.url())) {
      const seen = sent.get(key) ?? { count: 0, byPage: false };
      seen.count += 1;
      sent.set(key, seen);
    }
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fromFirstScript = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.initiator.stack?.callFrames.some((f) => f.url === url) || e.initiator.url === url) for (const read of readsOf(e.request.url)) fromFirstScript.add(read);
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const early = [...fromFirstScript].filter((p) => p.startsWith('/api/') && !['/api/users/refresh-token', '/api/config/public'].includes(p));
  // Read until the page's calls have asked for them: on a busy machine the network can be idle
  // while the page's chunks still run, before its own calls have taken their reads.
  const taken = () => page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('vox-early-read ')).map((n) => n.slice('vox-early-read '.length)));
  return { early, taken, batches, countOf: (p: string) => sent.get(p)?.count ?? 0 };
}

test('a cold signed-in load of /scripts reads the list and the header\'s data from the first script, once each', async ({ page }) => {
  await signIn(page, await createAccount(page.request));
  const { early, taken, batches, countOf } = await firstReads(page, 'localhost', '/scripts');
  await expect(page.getByRole('heading', { level: 1, name: 'Your scripts' })).toBeVisible();
  // All four in one request (GET /api/first-reads), not one connection each.
  expect(batches).toBe(1);
  const expected = ['/api/subscriptions', '/api/notifications/seen', '/api/notifications/new', '/api/scripts?scope=all&page=1&pageSize=20'];
  expect(early.sort()).toEqual([...expected].sort());
  await expect.poll(async () => (await taken()).sort()).toEqual([...expected].sort());
  expect(expected.map((p) => [p, countOf(p)])).toEqual(expected.map((p) => [p, 1]));
});

// The server draws a visitor's podcast / with the channels, and their answer comes in the page
// (docs/public-pages.md "Bodies"): the first script sends no read, and nothing asks for them.
test("a cold logged-out load of the podcast site's / comes with the channels in the page, and reads none", async ({ page }) => {
  const { early, taken, batches, countOf } = await firstReads(page, 'podcast.localhost', '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  await expect(page.locator('.vox-remote-root')).toHaveAttribute('data-query-client', /\w{10}/);
  await page.waitForLoadState('networkidle');
  expect(early).toEqual([]);
  expect(batches).toBe(0);
  expect(await taken()).toEqual([]);
  expect(countOf('/api/podcast/channels')).toBe(0);
});

for (const [host, path, heading] of [
  ['podcast.localhost', '/', 'Home'],
  ['school.localhost', '/about', null],
  ['localhost', '/about', null],
] as const) {
  test(`a cold signed-in load of ${host}${path} takes every read its first script sent`, async ({ page }) => {
    await signIn(page, await createAccount(page.request), host);
    const { early, taken, countOf } = await firstReads(page, host, path);
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(early.length).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await taken()).sort()).toEqual([...early].sort());
    expect(early.map((p) => [p, countOf(p)])).toEqual(early.map((p) => [p, 1]));
  });
}
