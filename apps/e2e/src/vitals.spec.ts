import type { Page, Request } from '@playwright/test';
import { test, expect, admin, createAccount, signIn, withDb } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { appUrl } from '../support/ports';
import { tokenOf } from '../support/reading';
import { leaveAndCatchBeacon } from '../support/vitals';

/**
 * Real-user web vitals on the production build: a page view reports LCP, FCP, TTFB and CLS in one
 * beacon once the page is hidden (as when the visitor switches tabs), tagged with its
 * site, its route id, the remote's name and version and the shell's version; the API stores it
 * and staff see it on the dashboard's Web vitals tab.
 */

// The beacons of this file come from an address of their own (the server trusts the proxy here),
// so the per-address limit is not shared with other tests' page views.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.61' } });

interface Beacon {
  site: string;
  route: string;
  remote: string;
  remoteVersion: string;
  shellVersion: string;
  device: string;
  connection: string;
  metrics: Array<{ name: string; value: number }>;
}

/** Opens `path` on `host`, waits until the reporter is listening, leaves the page and answers the beacon it sent. */
async function visitAndLeave(page: Page, host: string, path: string): Promise<{ beacon: Beacon; request: Request }> {
  await page.goto(appUrl(host, path));
  await expect(page.locator('[data-remote]')).toBeVisible();
  const request = await leaveAndCatchBeacon(page);
  expect((await request.response())?.status()).toBe(204);
  return { beacon: request.postDataJSON() as Beacon, request };
}

test.describe('web vitals', () => {
  test('page views report their vitals with their tags, and staff see them on the Web vitals tab', async ({ page }) => {
    test.setTimeout(240_000);
    // Every page view of the specs before this one reported its vitals too, with the same build's
    // versions: start from none, so what is stored and shown is this test's page views alone.
    withDb((db) => {
      db.prepare('delete from web_vitals').run();
      db.prepare('delete from web_vital_days').run();
    });
    await page.setViewportSize({ width: 1280, height: 800 });

    const main = await visitAndLeave(page, 'localhost', '/scripts');
    // sendBeacon's own content type: the API reads it as JSON.
    expect(await main.request.headerValue('content-type')).toBe('text/plain;charset=UTF-8');
    expect(main.beacon).toMatchObject({ site: 'main', route: 'scripts', remote: 'main', device: 'desktop' });
    expect(main.beacon.remoteVersion).toMatch(/^[0-9a-f]{8}$/);
    expect(main.beacon.shellVersion).toMatch(/^[0-9a-f]{8}$/);
    expect(['slow-2g', '2g', '3g', '4g', 'unknown']).toContain(main.beacon.connection);
    const names = main.beacon.metrics.map((m) => m.name);
    for (const name of ['LCP', 'FCP', 'TTFB', 'CLS']) expect(names).toContain(name);

    await page.setViewportSize({ width: 390, height: 844 });
    const podcast = await visitAndLeave(page, 'podcast.localhost', '/');
    expect(podcast.beacon).toMatchObject({ site: 'podcast', route: 'podcastHome', remote: 'podcast', device: 'mobile', shellVersion: main.beacon.shellVersion });
    expect(podcast.beacon.remoteVersion).toMatch(/^[0-9a-f]{8}$/);
    expect(podcast.beacon.remoteVersion).not.toBe(main.beacon.remoteVersion);

    // An earlier version of the main remote, as an older build's pages would have reported it.
    const older = await page.request.post(appUrl('localhost', '/api/vitals'), {
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: appUrl('localhost', '').replace(/\/$/, '') },
      data: JSON.stringify({ ...main.beacon, remoteVersion: 'e2eolder', metrics: [{ name: 'LCP', value: 3200 }] }),
    });
    expect(older.status()).toBe(204);

    // The API stored both page views with all their tags.
    const stored = withDb((db) =>
      db.prepare("select site, route, remote, version, shell_version, device, connection, metric from web_vitals where version in (?, ?) and metric = 'LCP' order by site").all(main.beacon.remoteVersion, podcast.beacon.remoteVersion),
    );
    expect(stored).toEqual([
      { site: 'main', route: 'scripts', remote: 'main', version: main.beacon.remoteVersion, shell_version: main.beacon.shellVersion, device: 'desktop', connection: main.beacon.connection, metric: 'LCP' },
      { site: 'podcast', route: 'podcastHome', remote: 'podcast', version: podcast.beacon.remoteVersion, shell_version: main.beacon.shellVersion, device: 'mobile', connection: podcast.beacon.connection, metric: 'LCP' },
    ]);
    const staff = await createAccount(page.request);
    admin('grant', '--user', staff.email, '--role', 'staff');
    const token = await tokenOf(page.request, staff);
    await expect
      .poll(async () => {
        const answer = await (await page.request.get(appUrl('localhost', '/api/vitals'), { headers: { authorization: `Bearer ${token}` } })).json();
        return (answer.groups as Array<{ site: string; route: string; remote: string; version: string; metric: string }>)
          .filter((g) => g.metric === 'LCP' && [main.beacon.remoteVersion, podcast.beacon.remoteVersion].includes(g.version))
          .map((g) => `${g.site} ${g.route} ${g.remote} ${g.version}`)
          .sort();
      })
      .toEqual([`main scripts main ${main.beacon.remoteVersion}`, `podcast podcastHome podcast ${podcast.beacon.remoteVersion}`].sort());

    await signIn(page, staff, 'dashboard.localhost');
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.goto(appUrl('dashboard.localhost', '/metrics'));
      const dashboard = page.locator('[data-remote="dashboard"]');
      await dashboard.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Web vitals' }).click();
      await expect(page).toHaveURL(/\/metrics\/vitals$/);
      await expect(dashboard.getByRole('heading', { level: 1, name: 'Web vitals' })).toBeVisible();
      await expect(dashboard.getByRole('listitem', { name: 'LCP' })).toContainText(/p75 \d/);
      await expect(dashboard.getByRole('row').filter({ hasText: `main ${main.beacon.remoteVersion}` }).filter({ hasText: 'LCP' }).first()).toContainText('scripts');
      await expect(dashboard.getByRole('row').filter({ hasText: `podcast ${podcast.beacon.remoteVersion}` }).filter({ hasText: 'LCP' }).first()).toContainText('podcastHome');

      await dashboard.getByRole('combobox', { name: 'Version A' }).selectOption(`main ${main.beacon.remoteVersion}`);
      await dashboard.getByRole('combobox', { name: 'Version B' }).selectOption('main e2eolder');
      const comparison = dashboard.getByRole('table', { name: `main ${main.beacon.remoteVersion} and e2eolder` });
      await expect(comparison.getByRole('row', { name: /^LCP/ })).toContainText('p75 3.2 s0% good · 100% needs improvement · 0% poor');

      await expectNoSeriousViolations(page, `web vitals (${size.width} px)`);
      const overflow = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `tmp/screens/web-vitals-${size.width}.png`, fullPage: true });
    }
  });
});
