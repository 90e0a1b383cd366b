import { expect, test, type Page } from '@playwright/test';
import { PORTS, appUrl } from '../support/ports';

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
  const cases = [
    { what: 'its entry is unreachable', pattern: '**/remotes/main/remoteEntry.js*' },
    { what: 'a script chunk fails (ChunkLoadError)', pattern: '**/remotes/main/static/js/*.chunk.js*' },
    { what: 'a stylesheet chunk fails (CSS_CHUNK_LOAD_FAILED)', pattern: '**/remotes/main/static/css/*.chunk.css*' },
  ];
  for (const { what, pattern } of cases) {
    test(`shows a readable message and a working Retry when ${what}`, async ({ page }) => {
      await page.route(pattern, (route) => route.abort('connectionfailed'));
      await page.goto(appUrl('localhost', '/about'));
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

test('the manifest can point one remote at a separately built copy on another origin', async ({ page }) => {
  const errors = watchErrors(page);
  const remoteRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`:${PORTS.altRemote}/`)) remoteRequests.push(r.url());
  });
  await page.goto(`http://localhost:${PORTS.appWithAltRemote}/about`);
  const root = page.locator('[data-remote="main"]');
  await expect(root).toHaveAttribute('data-build', 'alt');
  expect(remoteRequests.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
  const shellAuth = await page.evaluate(() => document.documentElement.dataset.authStore);
  await expect(root).toHaveAttribute('data-auth-store', shellAuth as string);
  expect(errors).toEqual([]);
});
