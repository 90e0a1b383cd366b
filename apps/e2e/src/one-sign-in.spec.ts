import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, root } from '../support/fixtures';
import { PORTS } from '../support/ports';

// One sign-in across the four sites, both ways of deploying them:
// (b) hosts with no common parent (*.localhost, which Chromium resolves to the loopback): a cookie
//     per host, the sign-in handed over by redirect through the hub with a one-time code;
// (a) hosts under one parent domain (voxclub.test, mapped to the loopback with
//     --host-resolver-rules): one refresh cookie scoped to the parent (COOKIE_DOMAIN).
// Each set-up is its own API server, started here.

const SITES = ['', 'school.', 'dashboard.', 'podcast.'] as const;
type Site = (typeof SITES)[number];

interface Deployment {
  name: string;
  port: number;
  origin(site: Site): string;
  env: Record<string, string>;
  dataDir: string;
  server?: ChildProcess;
}

const handoff: Deployment = {
  name: 'hosts with no common parent (*.localhost)',
  port: PORTS.handoffApp,
  origin: (site) => `http://${site}localhost:${PORTS.handoffApp}`,
  env: {},
  dataDir: '',
};
const parent: Deployment = {
  name: 'hosts under one parent domain (voxclub.test)',
  port: PORTS.parentDomainApp,
  origin: (site) => `http://${site}voxclub.test:${PORTS.parentDomainApp}`,
  env: { COOKIE_DOMAIN: 'voxclub.test' },
  dataDir: '',
};

// Each journey loads a dozen pages through redirects between two servers of their own.
test.describe.configure({ timeout: 180_000 });

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP voxclub.test 127.0.0.1, MAP *.voxclub.test 127.0.0.1',
    ],
  },
});

async function start(deployment: Deployment) {
  deployment.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-sites-'));
  deployment.server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: {
      ...process.env,
      PORT: String(deployment.port),
      DATA_DIR: deployment.dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SITE_ORIGINS: SITES.map(deployment.origin).join(','),
      ...deployment.env,
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${deployment.port}/api/health`)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the API on ${deployment.port} did not start`);
}

test.beforeAll(async () => {
  // Two servers' start (migrations included) on a busy machine.
  test.setTimeout(180_000);
  await Promise.all([start(handoff), start(parent)]);
});

test.afterAll(() => {
  for (const d of [handoff, parent]) {
    d.server?.kill();
    if (d.dataDir) fs.rmSync(d.dataDir, { recursive: true, force: true });
  }
});

let counter = 0;
/** An account on the deployment's server (staff: granted with the real admin CLI). */
async function account(d: Deployment, staff = false) {
  const email = `sites-${Date.now().toString(36)}-${++counter}@example.com`;
  const password = 'secret-pass';
  const res = await fetch(`http://127.0.0.1:${d.port}/api/users/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${counter % 250}` },
    body: JSON.stringify({ username: email, password }),
  });
  expect(res.status).toBe(201);
  if (staff) {
    execFileSync(process.execPath, [path.join(root, 'dist/apps/api/admin.js'), 'grant', '--user', email, '--role', 'staff'], {
      env: { ...process.env, DATA_DIR: d.dataDir, DATABASE_URL: '' },
    });
  }
  return { email, password };
}

/** Records, from the first byte of every page, whether a login dialog or a Log in link was ever drawn. */
async function watchForLoginFlash(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __sawLogin?: boolean };
    w.__sawLogin = false;
    new MutationObserver(() => {
      if (w.__sawLogin) return;
      const dialog = document.querySelector('[role="dialog"]');
      const loginLink = Array.from(document.querySelectorAll('header a')).some((a) => a.textContent?.trim() === 'Log in');
      if ((dialog && /Log in/.test(dialog.textContent ?? '')) || loginLink) w.__sawLogin = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const sawLogin = (page: Page) => page.evaluate(() => (window as unknown as { __sawLogin?: boolean }).__sawLogin === true);

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('banner').getByTitle('Your profile')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
}

async function expectSignedOut(page: Page, timeout?: number) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible({ timeout });
  await expect(page.getByRole('banner').getByTitle('Your profile')).toHaveCount(0);
}

/** A page of each site a member may see. */
const PAGE_OF: Record<Site, string> = { '': '/about', 'school.': '/about', 'dashboard.': '/', 'podcast.': '/' };

/** Signs in through the site's own login dialog. */
async function logInThrough(page: Page, d: Deployment, site: Site, who: { email: string; password: string }) {
  await page.goto(`${d.origin(site)}/login`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel(site === 'school.' ? 'User ID' : 'Email or handle', { exact: true }).fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  // Signed in on a site other than the hub, with a cookie per host: the hub is given the sign-in
  // (a redirect through it and back) before the page settles.
  const pushed = !d.env.COOKIE_DOMAIN && site !== '' ? page.waitForResponse((r) => r.url().startsWith(`${d.origin('')}/api/users/handoff/exchange`)) : null;
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  if (pushed) expect((await pushed).status()).toBe(302);
  await expect(dialog).toBeHidden();
  // Where the login sends a signed-in member (the podcast site's home, else /scripts).
  await page.waitForURL((url) => url.origin === d.origin(site) && !url.pathname.startsWith('/api/') && url.pathname !== '/login');
  await expectSignedIn(page);
}

async function newContext(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${++counter % 250}` } });
  await watchForLoginFlash(context);
  return context;
}

for (const d of [handoff, parent]) {
  test.describe(d.name, () => {
    for (const site of SITES) {
      test(`signed in on ${site || 'main.'}, signed in on the other three at the first visit, no login flashing`, async ({ browser }) => {
        const context = await newContext(browser);
        try {
          const page = await context.newPage();
          await logInThrough(page, d, site, await account(d, true));
          for (const other of SITES.filter((s) => s !== site)) {
            const visit = await context.newPage();
            await visit.goto(`${d.origin(other)}${PAGE_OF[other]}`);
            await expect(visit).toHaveURL(`${d.origin(other)}${PAGE_OF[other]}`);
            await expectSignedIn(visit);
            expect(await sawLogin(visit)).toBe(false);
            await visit.close();
          }
        } finally {
          await context.close();
        }
      });
    }

    test('signing out on one site signs out the others, open tabs within seconds', async ({ browser }) => {
      const context = await newContext(browser);
      try {
        const first = await context.newPage();
        await logInThrough(first, d, 'school.', await account(d));
        const open: Page[] = [];
        for (const site of ['', 'podcast.'] as const) {
          const page = await context.newPage();
          await page.goto(`${d.origin(site)}${PAGE_OF[site]}`);
          await expectSignedIn(page);
          open.push(page);
        }
        await first.bringToFront();
        await first.getByRole('button', { name: 'Menu' }).click();
        await first.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
        await expectSignedOut(first);
        for (const page of open) await expectSignedOut(page, 8000);
        // And a fresh visit of a fourth site finds no sign-in anywhere.
        const later = await context.newPage();
        await later.goto(`${d.origin('')}/guide`);
        await expectSignedOut(later);
      } finally {
        await context.close();
      }
    });
  });
}

test.describe('the handoff refuses what it must', () => {
  test('a forged code, a replayed code and a foreign origin sign nobody in', async ({ browser }) => {
    const context = await newContext(browser);
    const thief = await newContext(browser);
    try {
      const page = await context.newPage();
      await logInThrough(page, handoff, '', await account(handoff));
      // Watch the real handoff to the school site, keeping its exchange URL.
      let exchange = '';
      page.on('request', (request) => {
        if (request.url().includes('/api/users/handoff/exchange')) exchange = request.url();
      });
      await page.goto(`${handoff.origin('school.')}/about`);
      await expectSignedIn(page);
      expect(new URL(exchange).searchParams.get('code')).toBeTruthy();

      // Replayed, in another browser: the code is used up (and that browser has no matching state).
      const other = await thief.newPage();
      await other.goto(exchange);
      await expect(other).toHaveURL(`${handoff.origin('school.')}/about`);
      await expectSignedOut(other);

      // Forged.
      await other.goto(`${handoff.origin('podcast.')}/api/users/handoff/exchange?code=${'A'.repeat(43)}&state=${'B'.repeat(43)}&return=%2F`);
      await expect(other).toHaveURL(`${handoff.origin('podcast.')}/`);
      await expectSignedOut(other);

      // A foreign origin asking the hub gets a refusal, never a redirect.
      const foreign = await other.goto(
        `${handoff.origin('')}/api/users/handoff/authorize?origin=${encodeURIComponent('http://evil.localhost:1')}&state=${'C'.repeat(43)}&return=%2F`,
      );
      expect(foreign?.status()).toBe(400);
      expect(await foreign?.json()).toEqual({ message: 'This sign-in handoff names a site that is not part of this deployment.' });
      expect(other.url()).toContain(handoff.origin(''));
    } finally {
      await context.close();
      await thief.close();
    }
  });

  test('under one parent domain the cookie is the parent’s, and a foreign origin’s POST is refused', async ({ browser, request }) => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await logInThrough(page, parent, 'podcast.', await account(parent));
      const cookie = (await context.cookies()).find((c) => c.name === 'vox_refresh');
      expect(cookie).toMatchObject({ domain: '.voxclub.test', httpOnly: true, sameSite: 'Lax', path: '/api/users' });
      const res = await request.post(`http://127.0.0.1:${parent.port}/api/users/refresh-token`, {
        headers: { host: `voxclub.test:${parent.port}`, origin: 'http://evil.test' },
      });
      expect(res.status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});

/**
 * Every link of the header, its menu and the footer, on all four sites, as a visitor, a member and
 * staff: none may lead to a host without its page, lose the sign-in or lead a signed-in member to a
 * "Log in to see" page.
 */
test('the crawl of every header, menu and footer link on the four sites loses no sign-in', async ({ browser }) => {
  test.setTimeout(420_000);
  const d = handoff;
  const personas = [
    { name: 'logged out', who: null },
    { name: 'member', who: await account(d) },
    { name: 'staff', who: await account(d, true) },
  ];
  const failures: string[] = [];
  for (const persona of personas) {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      if (persona.who) await logInThrough(page, d, '', persona.who);
      const links = new Set<string>();
      for (const site of SITES) {
        await page.goto(`${d.origin(site)}${PAGE_OF[site]}`);
        await expect(page.getByRole('banner')).toBeVisible();
        if (persona.who) await expectSignedIn(page);
        if (!persona.who && site === 'dashboard.') {
          // The dashboard is for staff: a visitor is asked to log in first, and may close that.
          const login = page.getByRole('dialog', { name: 'Log in' });
          await login.getByRole('button', { name: 'Close' }).click();
          await expect(login).toBeHidden();
        }
        const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
        if (await menu.count()) await menu.first().click({ timeout: 10_000 });
        const hrefs = await page.evaluate(() => Array.from(document.querySelectorAll('header a[href], footer a[href], nav a[href]')).map((a) => (a as HTMLAnchorElement).href));
        // Links of the four sites (not mail or another product's); signing out is a button.
        for (const href of hrefs) if (SITES.some((s) => href.startsWith(`${d.origin(s)}/`)) && !href.includes('/auth/ms/')) links.add(href);
      }
      for (const href of links) {
        const answer = await page.goto(href);
        if (!answer || answer.status() >= 400) {
          failures.push(`${persona.name}: ${href} answered ${answer?.status()}`);
          continue;
        }
        if (!(answer.headers()['content-type'] ?? '').startsWith('text/html')) continue;
        // The page's bar once it is drawn (a full-screen page has none: then its main part).
        const drawn = page.getByRole('banner').getByTitle('Your profile').or(page.getByRole('banner').getByRole('link', { name: 'Log in' }));
        await expect(drawn.or(page.getByRole('main')).first()).toBeVisible();
        // Each link leads to a host that serves its page (the route table's answer): the shell titles
        // a path its site lacks "Page not found" as it draws it.
        if ((await page.title()).startsWith('Page not found')) failures.push(`${persona.name}: ${href} is not a page of that host`);
        if (!persona.who) continue;
        const lost = await page.getByRole('banner').getByRole('link', { name: 'Log in' }).count();
        const prompt = await page.getByText(/^Log in to see/).count();
        if (lost || prompt) failures.push(`${persona.name}: ${href} (${page.url()}) lost the sign-in`);
      }
    } finally {
      await context.close();
    }
  }
  expect(failures).toEqual([]);
});
