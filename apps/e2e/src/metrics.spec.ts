import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, admin, createAccount, signIn } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { appUrl } from '../support/ports';
import { tokenOf } from '../support/reading';

/**
 * The metrics dashboard on dashboard.localhost: staff change the range and the URL
 * follows, a chart shows a count known from the visits this test logs, and its CSV holds it;
 * a member without show_metrics sees the missing-privilege page, not a login modal.
 */
const today = () => new Date().toISOString().slice(0, 10);

/** Today's school visits as the API counts them now (other tests may have logged some). */
async function schoolVisitsToday(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(appUrl('localhost', `/api/metrics?from=${today()}&to=${today()}&tz=UTC&variant=school&charts=visits`), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).charts[0].series[0].total;
}

test.describe('metrics dashboard', () => {
  test('staff change the range, the URL follows, a chart and its CSV show a known count', async ({ page }) => {
    const staff = await createAccount(page.request);
    admin('grant', '--user', staff.email, '--role', 'staff');
    const token = await tokenOf(page.request, staff);
    const before = await schoolVisitsToday(page.request, token);
    // Three visits on the school site, as its pages log them (the server runs behind a proxy
    // here, TRUST_PROXY=1, so the forwarded host names the site; Node cannot resolve *.localhost).
    for (const [n, path] of ['/session/AbCdEf123', '/session/XyZ987', '/scripts'].entries()) {
      const res = await page.request.post(appUrl('localhost', '/api/activities/'), {
        headers: { 'x-forwarded-host': `school.localhost:${new URL(appUrl()).port}` },
        data: { userId: null, localTime: new Date().toISOString(), session: `E2eMetric${n}`, path, action: 'visit', context: null },
      });
      expect(res.status()).toBe(204);
    }
    const expected = before + 3;
    expect(await schoolVisitsToday(page.request, token)).toBe(expected);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, staff, 'dashboard.localhost');
    await page.goto(appUrl('dashboard.localhost', '/?range=7&tz=UTC&variant=school'));
    const dashboard = page.locator('[data-remote="dashboard"]');
    await expect(dashboard.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
    const visits = dashboard.getByRole('region', { name: 'Visits', exact: true });
    await expect(visits.getByTestId('total-visits-visits')).toHaveText(String(expected));
    await expect(dashboard.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dashboard.getByRole('combobox', { name: 'Site' })).toHaveValue('school');
    // uPlot draws the chart (loaded on demand), named for assistive technology.
    await expect(visits.getByRole('img', { name: /^Visits per day, / })).toBeVisible();
    await expect(visits.locator('canvas')).toHaveCount(1);
    const pages = dashboard.getByRole('region', { name: 'Visits by page' });
    await expect(pages.getByRole('row', { name: /\/session\/:id/ })).toBeVisible();
    await expect(pages).not.toContainText('AbCdEf123');

    await dashboard.getByRole('button', { name: '30 days' }).click();
    await expect(page).toHaveURL(/[?&]range=30(&|$)/);
    await expect(page).toHaveURL(/variant=school/);
    await expect(dashboard.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(visits.getByTestId('total-visits-visits')).toHaveText(String(expected));
    await expect(dashboard.locator('canvas')).toHaveCount(8);
    await page.screenshot({ path: 'tmp/screens/metrics-laptop.png', fullPage: true });

    const download = page.waitForEvent('download');
    await visits.getByRole('button', { name: 'Download Visits as CSV' }).click();
    const file = await (await download).path();
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,Visits');
    expect(lines).toHaveLength(31);
    expect(lines[30]).toBe(`${today()},${expected}`);

    // The table view holds the same numbers.
    await visits.getByRole('button', { name: 'Table' }).click();
    await expect(visits.getByRole('row', { name: new RegExp(`^${today()} `) })).toHaveText(`${today()}${expected}`);

    // The shared link opens the same view.
    await page.goto(page.url());
    await expect(dashboard.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(visits.getByTestId('total-visits-visits')).toHaveText(String(expected));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl('dashboard.localhost', '/?range=7&tz=UTC&variant=school'));
    await expect(visits.getByTestId('total-visits-visits')).toHaveText(String(expected));
    await expect(dashboard.locator('canvas')).toHaveCount(8);
    await page.screenshot({ path: 'tmp/screens/metrics-phone.png', fullPage: true });
  });

  test('staff read the requests people sent and the failed background jobs, on tabs beside the charts', async ({ page }) => {
    test.setTimeout(90_000);
    const name = `Requester ${Date.now()}`;
    // Its own forwarded address (the server trusts the proxy here): the forms' per-address limit is not shared with other tests.
    const sent = await page.request.post(appUrl('localhost', '/api/forms/contact'), {
      headers: { 'x-forwarded-for': '203.0.113.77' },
      data: { name, email: 'requester@example.com', topic: 'Schools and classes', message: 'Can a class of thirty use VoxClub?' },
    });
    expect(sent.status()).toBe(200);
    const staff = await createAccount(page.request);
    admin('grant', '--user', staff.email, '--role', 'staff');
    await signIn(page, staff, 'dashboard.localhost');
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.goto(appUrl('dashboard.localhost', '/metrics'));
      const dashboard = page.locator('[data-remote="dashboard"]');
      await expect(dashboard.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
      await dashboard.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Requests' }).click();
      await expect(page).toHaveURL(/\/metrics\/requests$/);
      await expect(dashboard.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
      const request = dashboard.getByRole('listitem').filter({ hasText: name });
      await expect(request.getByRole('heading', { level: 2 })).toContainText(`Contact: ${name}`);
      await expect(request).toContainText('Can a class of thirty use VoxClub?');
      await expect(request).toContainText('Schools and classes');
      await dashboard.getByRole('combobox', { name: 'Form' }).selectOption('pilot');
      await expect(page).toHaveURL(/kind=pilot/);
      await expect(request).toHaveCount(0);
      await dashboard.getByRole('link', { name: 'Failed jobs' }).click();
      await expect(dashboard.getByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();
      // Whatever the queue holds (other tests share this server), the page answers with a list or the empty text.
      await expect(dashboard.getByRole('list', { name: 'Failed jobs' }).or(dashboard.getByText('No background job has failed.'))).toBeVisible();
      await expectNoSeriousViolations(page, `failed jobs (${size.width} px)`);
      await page.screenshot({ path: `tmp/screens/staff-jobs-${size.width}.png`, fullPage: true });
      await page.goto(appUrl('dashboard.localhost', '/metrics/requests'));
      await expect(dashboard.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
      await expectNoSeriousViolations(page, `requests (${size.width} px)`);
      await page.screenshot({ path: `tmp/screens/staff-requests-${size.width}.png`, fullPage: true });
    }
  });

  test('a member without show_metrics is told the area is for staff, and the API refuses them', async ({ page }) => {
    const member = await createAccount(page.request);
    const token = await tokenOf(page.request, member);
    const refused = await page.request.get(appUrl('localhost', '/api/metrics'), { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Your membership does not include this feature.' });
    await signIn(page, member, 'dashboard.localhost');
    await page.goto(appUrl('dashboard.localhost', '/?range=7'));
    // A signed-in member is told the area is for staff: no login modal, and no plans (none grants it).
    await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
    await expect(page.getByText('The metrics dashboard is for VoxClub staff. Your account is not a staff account, and no membership plan includes it.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Choose your membership' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to VoxClub' })).toHaveAttribute('href', /^http:\/\/localhost(:\d+)?\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toHaveCount(0);
  });
});
