import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the route table's metadata only (no pages): the list of routes to visit, not a copy of it
import { routesOf, type TableSite } from '@vox/site-routes';
import { PATHS } from '@vox/variant';
import { admin, createAccount, expect, signIn, test, withDb, shotsDir, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { earnestScript, tokenOf } from '../support/reading';

/**
 * Phone layouts: every route of every site, logged out and signed in as a member whose pages
 * show their content (a script with a reading session, so /history and the reader have
 * something; premium and teacher, so the gated pages open), is as wide as a 360 and a 390 px
 * screen, never wider. One failure lists every page that overflows and what sticks out.
 */

const WIDTHS = [360, 390] as const;
const HOSTS: Record<TableSite | 'dashboard', string> = {
  main: 'localhost',
  school: 'school.localhost',
  podcast: 'podcast.localhost',
  dashboard: 'dashboard.localhost',
};
const shots = shotsDir('phone');

// A hundred page loads or so per test on a shared 2-core machine.
test.describe.configure({ timeout: 600_000 });

/** A script with roles and lines, long words included, as the API takes it. */
const SCRIPT = earnestScript({ title: 'The Importance of Being Earnest, Act I: Algernon’s Flat in Half-Moon Street' });

interface World {
  member: TestAccount;
  handle: string;
  ids: Record<string, string>;
}

/** The member and what their pages show: a script and its session, an event, a profile. */
async function makeWorld(page: Page): Promise<World> {
  const request = page.request;
  const member = await createAccount(request);
  const handle = `phone${Date.now().toString(36)}`;
  withDb((db) => db.prepare('update users set name = ?, handle = ? where id = ?').run('Gwendolen Fairfax-Moncrieff', handle, member.id));
  admin('grant', '--user', member.email, '--role', 'premium', '--days', '7');
  admin('grant', '--user', member.email, '--role', 'teacher', '--days', '7');
  const token = await tokenOf(request, member);
  const script = await request.post(appUrl('localhost', '/api/scripts'), { data: SCRIPT, headers: { authorization: `Bearer ${token}` } });
  expect(script.status(), await script.text()).toBe(201);
  const scriptId = (await script.json()).id as string;

  const staff = await createAccount(request);
  withDb((db) => db.prepare("update users set role = 'staff' where id = ?").run(staff.id));
  const soon = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const event = await request.post(appUrl('localhost', '/api/events'), {
    headers: { authorization: `Bearer ${await tokenOf(request, staff)}` },
    data: { title: 'Open table read: The Lighthouse Keeper’s Daughter', description: 'Bring your voice.', startsAt: soon(48), endsAt: soon(50), timeZone: 'Europe/London', place: 'Studio 2, 10 Market Street, Leeds', capacity: 20 },
  });
  expect(event.status(), await event.text()).toBe(201);

  // Opening the script makes the member's reading session: /history lists it, /session shows the reader.
  await signIn(page, member);
  await page.goto(`/script/${scriptId}`);
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
  const sessionId = page.url().split('/').pop() as string;
  return {
    member,
    handle,
    ids: { scriptId, sessionId, eventId: (await event.json()).id, handle, userId: member.id, type: 'sfx' },
  };
}

/** The site's routes as paths to visit, with the world's ids where it has them (else an unknown id). */
function pathsOf(site: TableSite, world: World): string[] {
  return routesOf(site)
    .filter((r) => r.id !== 'msLogin') // Leaves for Microsoft's sign-in page.
    .map((r) => PATHS[r.path].replace(/:([A-Za-z]+)/g, (_, name: string) => world.ids[name] ?? 'unknown1'));
}

/** What sticks out past the viewport's right edge (the outermost such elements), or null. */
async function overflowAt(page: Page, width: number): Promise<string | null> {
  await page.setViewportSize({ width, height: 844 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const scroll = Math.max(root.scrollWidth, document.body.scrollWidth);
    if (scroll <= viewport) return null;
    const out = (el: Element) => el.getBoundingClientRect().right > viewport + 0.5;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => out(el) && !(el.parentElement && out(el.parentElement)))
      .slice(0, 4)
      .map((el) => `${name(el)} to ${Math.round(el.getBoundingClientRect().right)} px`);
    return `${scroll} px wide (${culprits.join('; ') || 'no single element'})`;
  });
}

/** Waits for the page to settle: its content or the auth dialog a route opens, its reads, any redirect. */
async function settle(page: Page) {
  await page.locator('h1, [role="dialog"]').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  // Not networkidle: live pages keep a stream open. Their spinners gone is what counts.
  await page.waitForFunction(() => !document.querySelector('.vox-spinner, [aria-busy="true"]'), null, { timeout: 4_000 }).catch(() => undefined);
}

/** overflowAt, measured again when a redirect replaced the page while it measured. */
async function measure(page: Page, width: number): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await overflowAt(page, width);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Execution context was destroyed')) throw error;
      await settle(page);
    }
  }
}

async function visitAll(page: Page, host: string, paths: string[], label: string): Promise<string[]> {
  const problems: string[] = [];
  fs.mkdirSync(shots, { recursive: true });
  for (const p of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 844 });
    await page.goto(appUrl(host, p));
    await settle(page);
    for (const width of WIDTHS) {
      const overflow = await measure(page, width);
      if (overflow) {
        problems.push(`${host}${p} (${label}) at ${width} px: ${overflow}`);
        await page.screenshot({ path: path.join(shots, `${label}-${host}${p.replace(/\//g, '_')}-${width}.png`), fullPage: true });
      }
    }
  }
  return problems;
}

for (const site of ['main', 'school', 'podcast'] as const) {
  test(`no horizontal overflow at 360 and 390 px on the ${site} site, logged out and signed in`, async ({ page }) => {
    const world = await makeWorld(page);
    const paths = pathsOf(site, world);
    expect(paths.length).toBeGreaterThan(5);
    const problems: string[] = [];
    // Logged out first (a fresh context), then the member.
    const visitor = await page.context().browser()?.newContext({ baseURL: appUrl() });
    if (!visitor) throw new Error('no browser');
    problems.push(...(await visitAll(await visitor.newPage(), HOSTS[site], paths, 'logged-out')));
    await visitor.close();
    if (site !== 'main') await signIn(page, world.member, HOSTS[site]);
    problems.push(...(await visitAll(page, HOSTS[site], paths, 'member')));
    expect(problems).toEqual([]);
  });
}

test('no horizontal overflow at 360 and 390 px on the dashboard, logged out and for a member without show_metrics', async ({ page, browser }) => {
  const visitor = await browser.newContext({ baseURL: appUrl() });
  const problems = await visitAll(await visitor.newPage(), HOSTS.dashboard, ['/'], 'logged-out');
  await visitor.close();
  const member = await createAccount(page.request);
  await signIn(page, member, HOSTS.dashboard);
  problems.push(...(await visitAll(page, HOSTS.dashboard, ['/'], 'member')));
  expect(problems).toEqual([]);
});
