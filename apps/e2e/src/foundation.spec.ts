import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { PORTS, PREVIOUS_REMOTE_COMMIT, appUrl } from '../support/ports';

/** Collects what would mean a broken federation: chunk-load errors and page errors. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /ChunkLoadError|Loading chunk|CSS_CHUNK_LOAD_FAILED|Shared module/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

const VARIANTS = [
  { host: 'localhost', remote: 'main' },
  { host: 'school.localhost', remote: 'school' },
  { host: 'dashboard.localhost', remote: 'dashboard' },
  { host: 'podcast.localhost', remote: 'podcast' },
] as const;

test.describe('federated shell', () => {
  for (const { host, remote } of VARIANTS) {
    test(`${host} loads the ${remote} remote with one shared auth store and QueryClient`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(appUrl(host, '/about'));
      const root = page.locator(`[data-remote="${remote}"]`);
      await expect(root).toBeVisible();
      // A drawn page has [data-remote] in its HTML; the shell marks its stores once its code runs,
      // after the first paint.
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.authStore ?? '')).toMatch(/^[a-z0-9]{8,}$/);
      const shell = await page.evaluate(() => ({
        auth: document.documentElement.dataset.authStore,
        query: document.documentElement.dataset.queryClient,
      }));
      expect(shell.auth).toMatch(/^[a-z0-9]{8,}$/);
      expect(shell.query).toMatch(/^[a-z0-9]{8,}$/);
      await expect(root).toHaveAttribute('data-auth-store', shell.auth as string);
      await expect(root).toHaveAttribute('data-query-client', shell.query as string);
      expect(errors).toEqual([]);
      await page.screenshot({ path: `tmp/screens/variant-${remote}.png`, fullPage: true });
    });
  }

  test('any path containing /metrics renders the dashboard remote on the main host', async ({ page }) => {
    await page.goto(appUrl('localhost', '/metrics'));
    await expect(page.locator('[data-remote="dashboard"]')).toBeVisible();
  });

  test('app routes fall back to index.html; API and asset paths answer 404', async ({ request }) => {
    const deep = await request.get(appUrl('localhost', '/members/some.handle'), { headers: { accept: 'text/html' } });
    expect(deep.status()).toBe(200);
    expect(await deep.text()).toContain('<div id="root"></div>');
    const api = await request.get(appUrl('localhost', '/api/does-not-exist'));
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found: GET /api/does-not-exist' });
    expect((await request.get(appUrl('localhost', '/static/js/nope.chunk.js'))).status()).toBe(404);
    expect((await request.get(appUrl('localhost', '/remotes/main/nope.js'))).status()).toBe(404);
  });

  test('entry files are revalidated, hashed assets cached for a year, all compressed', async ({ request }) => {
    const index = await request.get(appUrl(), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(index.headers()['cache-control']).toBe('no-cache');
    const html = await index.text();
    const mainJs = /src="?(\/static\/js\/main\.[0-9a-f]{8}\.js)/.exec(html)?.[1];
    expect(mainJs).toBeTruthy();
    const js = await request.get(appUrl('localhost', mainJs), { headers: { 'accept-encoding': 'br' } });
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers()['content-encoding']).toBe('br');
    for (const path of ['/remotes.json', '/remotes/main/remoteEntry.js']) {
      const res = await request.get(appUrl('localhost', path), { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers()['cache-control']).toBe('no-cache');
    }
  });
});

test.describe('a remote that fails to load', () => {
  // A visitor's /about comes drawn by the server with its stylesheets in the page, so its chunk
  // loader requests none: the stylesheet case takes a page the server does not draw (/privacy).
  const cases = [
    { what: 'its entry is unreachable', pattern: '**/remotes/main/remoteEntry.js*', path: '/about' },
    { what: 'a script chunk fails (ChunkLoadError)', pattern: '**/remotes/main/static/js/*.chunk.js*', path: '/about' },
    { what: 'a stylesheet chunk fails (CSS_CHUNK_LOAD_FAILED)', pattern: '**/remotes/main/static/css/*.chunk.css*', path: '/privacy' },
  ];
  for (const { what, pattern, path } of cases) {
    test(`shows a readable message and a working Retry when ${what}`, async ({ page }) => {
      await page.route(pattern, (route) => route.abort('connectionfailed'));
      await page.goto(appUrl('localhost', path));
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The main site did not load');
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.screenshot({ path: `tmp/screens/remote-failed.png`, fullPage: true });
      await page.unroute(pattern);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator('[data-remote="main"]')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }
});

/** The events list answered with a shape its page cannot draw (`events` is no list): the page throws. */
const breakEventsAnswer = (page: Page) =>
  page.route(/\/api\/events(\?|$)/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"events":{}}' }));

test('a page that throws names itself with a way back; the header and the other pages keep working', async ({ page }) => {
  await breakEventsAnswer(page);
  // The server's log hears of it (POST /api/client-errors): what threw, on which path.
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST');
  await page.goto(appUrl('localhost', '/events'));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The Events page failed');
  const report = await reported;
  expect(report.postDataJSON()).toMatchObject({ path: '/events', message: expect.any(String), componentStack: expect.stringContaining(' at ') });
  expect((await report.response())?.status()).toBe(204);
  await expect(alert).not.toContainText(/connection/i);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.screenshot({ path: `tmp/screens/page-failed.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'a page that failed');
  await alert.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/scripts$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('[data-remote="main"]')).toBeVisible();
  // Try again draws the page anew (here with a sound answer).
  await page.goto(appUrl('localhost', '/events'));
  await expect(page.getByRole('alert')).toContainText('The Events page failed');
  await page.unroute(/\/api\/events(\?|$)/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('a remote of the previous release, on another origin', () => {
  // The alt origin serves the main remote of PREVIOUS_REMOTE_COMMIT (playwright.config.ts).
  const altUrl = (path: string) => `http://localhost:${PORTS.appWithAltRemote}${path}`;

  test('loads through the manifest with the shell\'s one auth store', async ({ page }) => {
    const errors = watchErrors(page);
    const remoteRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`:${PORTS.altRemote}/`)) remoteRequests.push(r.url());
    });
    await page.goto(altUrl('/about'));
    const root = page.locator('[data-remote="main"]');
    await expect(root).toHaveAttribute('data-build', PREVIOUS_REMOTE_COMMIT);
    await expect(page.getByRole('heading', { level: 1, name: /about/i })).toBeVisible();
    expect(remoteRequests.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
    const shellAuth = await page.evaluate(() => document.documentElement.dataset.authStore);
    await expect(root).toHaveAttribute('data-auth-store', shellAuth as string);
    expect(errors).toEqual([]);
  });

  test('routes its own pages: links, its 404, and a page that throws without blaming the network', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(altUrl('/about'));
    await expect(page.locator('[data-remote="main"]')).toHaveAttribute('data-build', PREVIOUS_REMOTE_COMMIT);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible();
    await page.goto(altUrl('/no/such/page'));
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(errors).toEqual([]);

    await breakEventsAnswer(page);
    await page.goto(altUrl('/events'));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The Events page failed');
    await expect(alert).not.toContainText(/connection/i);
    await expect(page.getByRole('banner')).toBeVisible();
  });
});
