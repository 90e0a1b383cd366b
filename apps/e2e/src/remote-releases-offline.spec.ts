import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dataDir, e2eTmp, expect, root, test } from '../support/fixtures';
import { underWorker } from '../support/offline';
import { appUrl } from '../support/ports';

/**
 * A remote released with `npm run remotes -- publish / promote` and the service worker
 * (docs/offline.md, docs/deploy.md "Remote releases"): the next visit installs a worker that
 * precaches the promoted version, which then opens offline; until that worker takes over, the
 * one serving the page keeps its own remote offline, never a shell with a version its manifest
 * does not name; a rollback goes the same way back.
 */

const HOST = 'podcast.localhost';
const UPDATE_NOTICE = 'A new version of VoxClub is ready.';
const work = path.join(e2eTmp, 'remote-releases-offline');

function remotes(...args: string[]): { code: number; out: string } {
  const run = spawnSync(process.execPath, [path.join(root, 'dist/apps/api/remotes.js'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', RELEASE_ACTOR: 'e2e' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: run.status ?? -1, out: `${run.stdout}${run.stderr}`.trim() };
}

/** The podcast remote's entries the page loaded (from the network or a cache), by path, each once (the preload hint and the script ask for the same). */
const loadedEntries = (page: Page) =>
  page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/remotes/podcast/') && p.endsWith('/remoteEntry.js')),
    ),
  ]);

/** The URLs (path and query) of the worker's current precache. */
const precached = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('vox-precache-'));
    const urls: string[] = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname + new URL(r.url).search);
    return { names, urls };
  });

/** The next visit: the new worker installs and waits; Reload lets it take over. */
async function takeNewWorker(page: Page) {
  await page.goto(appUrl(HOST, '/guide'));
  const notice = page.getByRole('status').filter({ hasText: UPDATE_NOTICE });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  // Reload waits for the new worker to take over, then loads the page again.
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await notice.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(false);
  await expect(page.getByText(UPDATE_NOTICE)).toHaveCount(0);
}

test.describe('remote releases offline', () => {
  test.beforeAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
  });
  test.afterAll(() => fs.rmSync(path.join(dataDir, 'uploads', 'remote-releases', 'live.json'), { force: true }));

  test('a promoted remote is precached on the next visit and opens offline; a rollback brings the built-in one back', async ({ page, context }) => {
    test.setTimeout(240_000);
    await underWorker(page, appUrl(HOST, '/guide'));
    await expect(page.locator('[data-remote="podcast"]')).toBeVisible();
    expect((await precached(page)).urls).toContain('/remotes/podcast/remoteEntry.js');

    // A release of the podcast remote (the build with a changed entry), promoted.
    const dir = path.join(work, 'release');
    fs.cpSync(path.join(root, 'dist/apps/podcast'), dir, { recursive: true });
    fs.appendFileSync(path.join(dir, 'remoteEntry.js'), '\n/* released for offline */\n');
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dir, `remoteEntry.js${ext}`), { force: true });
    const published = remotes('publish', 'podcast', '--dir', dir, '--commit', 'e2e0002');
    expect(published.code, published.out).toBe(0);
    const version = /Version: ([0-9a-f]{12}-[0-9a-f]{7})/.exec(published.out)?.[1] ?? '';
    expect(remotes('promote', 'podcast', version)).toEqual({ code: 0, out: `podcast ${version} is live (fallback: the built-in remote).` });
    const released = `/remotes/podcast/${version}/remoteEntry.js`;
    await expect.poll(async () => (await (await page.request.get(appUrl('localhost', '/remotes.json'))).json()).podcast, { timeout: 10_000 }).toBe(`${released}?v=${version}`);

    // Visited online, the page under the old worker draws the release; offline, that worker
    // serves its own remote with the page it kept, not the release it does not have.
    await page.goto(appUrl(HOST, '/guide'));
    await expect(page.locator('[data-remote="podcast"]')).toBeVisible();
    expect(await loadedEntries(page)).toContain(released);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('[data-remote="podcast"]')).toBeVisible();
    expect(await loadedEntries(page)).toEqual(['/remotes/podcast/remoteEntry.js']);
    await context.setOffline(false);

    // The new worker precaches the release; under it the page opens offline with the release.
    await takeNewWorker(page);
    const after = await precached(page);
    expect(after.names).toHaveLength(1);
    expect(after.urls).toContain(`${released}?v=${version}`);
    expect(after.urls).not.toContain('/remotes/podcast/remoteEntry.js');
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('[data-remote="podcast"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await loadedEntries(page)).toEqual([released]);
    await context.setOffline(false);

    // Rolled back: the next worker precaches the built-in remote again, and offline draws it.
    expect(remotes('rollback', 'podcast').code).toBe(0);
    await expect.poll(async () => (await (await page.request.get(appUrl('localhost', '/remotes.json'))).json()).podcast, { timeout: 10_000 }).toBe('/remotes/podcast/remoteEntry.js');
    await takeNewWorker(page);
    expect((await precached(page)).urls).toContain('/remotes/podcast/remoteEntry.js');
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('[data-remote="podcast"]')).toBeVisible();
    expect(await loadedEntries(page)).toEqual(['/remotes/podcast/remoteEntry.js']);
    await context.setOffline(false);
  });
});
