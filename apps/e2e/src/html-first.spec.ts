import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';
import { htmlOf, rootText, watchHydration } from '../support/html-first';
import { appUrl } from '../support/ports';

/**
 * HTML first: a visitor's public pages come with their content in the HTML (drawn by the remote's
 * server render module, docs/public-pages.md "Bodies"), shown before any script runs and taken over
 * by the client without a mismatch, a flash or a second fetch; a member gets today's empty shell.
 */

/** [host, path, heading, a sentence of the page's text]. */
const CONTENT_PAGES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['localhost', '/about', 'About VoxClub', 'VoxClub is a web home for voice actors and script readers.'],
  ['localhost', '/guide', 'Guide to create and upload a script', 'From a blank page to a finished table read with your friends, step by step.'],
  ['localhost', '/faq', 'Frequently asked questions', 'Quick answers about joining, reading, recording and your account.'],
  ['school.localhost', '/about', 'About VoxClub School', 'Drama classes that read, record and rehearse together, in the browser.'],
  ['school.localhost', '/faq', 'Frequently asked questions', 'Quick answers about joining, reading, recording and your account.'],
  ['podcast.localhost', '/about', 'About VoxClub', 'VoxClub is a web home for voice actors and script readers.'],
  // Pages with data: the main site's front door and the podcast site's channels.
  ['localhost', '/scripts', 'Read scripts aloud together', 'Claim a role, record your lines from home, and hear the whole scene come together.'],
  ['podcast.localhost', '/', 'Channels', 'Audio dramas and shows from VoxClub creators.'],
];

const CHANNEL = { title: 'Lanterns at Low Tide', description: 'Ghost stories told from the pier.' };

/** The API requests a page sends (the start-up refresh and the activity log are not the page's reads). */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && req.method() === 'GET') reads.push(url.pathname + url.search);
  });
  return reads;
}

/** Hydrated: the remote's root carries the client's instances (set by the client only). */
async function hydrated(page: Page) {
  await expect(page.locator('.vox-remote-root')).toHaveAttribute('data-query-client', /\w{10}/);
}

async function jsDisabledPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test.describe('HTML first', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    const owner = await createAccount(request);
    const signedIn = await request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: owner.email, password: owner.password } });
    const channel = await request.post(appUrl('localhost', '/api/podcast/channels'), {
      headers: { authorization: `Bearer ${(await signedIn.json()).token}` },
      data: { ...CHANNEL, author: 'Pier Players', category: 'Fiction', language: 'en', explicit: false },
    });
    expect(channel.status(), await channel.text()).toBe(201);
  });

  for (const [host, path, heading, text] of CONTENT_PAGES) {
    test(`${host}${path}: heading and text in the HTML, before any script`, async ({ request }) => {
      const html = await htmlOf(request, host, path);
      const body = rootText(html);
      expect(body).toContain(heading);
      expect(body).toContain(text);
      // The heading is the page's h1, in the root the client hydrates.
      expect(html).toMatch(new RegExp(`<div id="root">[\\s\\S]*<h1[^>]*>${heading}</h1>`));
      // The page's stylesheets are written in, so it shows styled at its first paint, before any
      // other request; its entry script waits for that paint (a preload the first script starts).
      expect(html).toMatch(/<style data-href="static\/css\/[^"]+">[^<]*\.vox-/);
      expect(html).not.toMatch(/<link rel="stylesheet"/);
      expect(html).toMatch(/<link rel="preload" as="script" href="\/static\/js\/main\.[^"]+" data-vox-entry>/);
    });
  }

  // The server reads pages at the same time (one page's reads do not hold up the next one's): each
  // page drawn among others is still its own, with its own answers.
  test('pages drawn at the same time are each their own', async ({ request }) => {
    const visits = [...CONTENT_PAGES, ...CONTENT_PAGES, ...CONTENT_PAGES];
    const pages = await Promise.all(visits.map(async ([host, path]) => rootText(await htmlOf(request, host, path))));
    expect(visits.map(([host, path, heading, text], i) => [host, path, pages[i].includes(heading), pages[i].includes(text)])).toEqual(visits.map(([host, path]) => [host, path, true, true]));
    const channels = pages.filter((_, i) => visits[i][0] === 'podcast.localhost' && visits[i][1] === '/');
    expect(channels.every((page) => page.includes(CHANNEL.title))).toBe(true);
    expect(pages.filter((page) => page.includes(CHANNEL.title))).toHaveLength(channels.length);
  });

  test('with JavaScript disabled, Chromium shows each page\'s heading and text', async ({ browser }) => {
    const { context, page } = await jsDisabledPage(browser);
    for (const [host, path, heading, text] of CONTENT_PAGES) {
      await page.goto(appUrl(host, path));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text).first()).toBeVisible();
      // The visitor's header is there too: the way to sign in.
      await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    }
    await context.close();
  });

  test('the client takes the page over with no mismatch and no flash', async ({ page }) => {
    const errors = await watchHydration(page);
    // The stylesheets written into the page are the ones its chunks would load: never fetched.
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (/\/remotes\/\w+\/static\/css\//.test(request.url())) stylesheets.push(new URL(request.url()).pathname);
    });
    for (const [host, path, heading] of CONTENT_PAGES) {
      await page.goto(appUrl(host, path));
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect({ path: `${host}${path}`, headingRemoved: await page.evaluate(() => (window as unknown as { voxHeadingRemoved: boolean }).voxHeadingRemoved) }).toEqual({
        path: `${host}${path}`,
        headingRemoved: false,
      });
    }
    expect(errors).toEqual([]);
    expect(stylesheets).toEqual([]);
    // Hydrated means working: the header's menu opens, and a link goes on inside the app.
    await page.goto(appUrl('localhost', '/about'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  test("the podcast channels come in the HTML with their data, and the client reads none of it again", async ({ page, request }) => {
    const html = await htmlOf(request, 'podcast.localhost', '/');
    expect(rootText(html)).toContain(CHANNEL.title);
    expect(rootText(html)).toContain('Fiction · 0 episodes');
    const reads = apiReads(page);
    const errors = await watchHydration(page);
    await page.goto(appUrl('podcast.localhost', '/'));
    await hydrated(page);
    await expect(page.getByRole('link', { name: new RegExp(CHANNEL.title) })).toBeVisible();
    // Hydrated and idle: the channel list's query took the page's answer (no GET /api/podcast/channels,
    // and no first-reads batch either).
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    // Still a live page: searching asks the server.
    await page.getByRole('searchbox').fill('Lanterns');
    await page.getByRole('searchbox').press('Enter');
    await expect.poll(() => reads.some((url) => url.startsWith('/api/podcast/channels?q=Lanterns'))).toBe(true);
  });

  test("the front door comes drawn, and its demo scenes' read is not sent again", async ({ page }) => {
    const reads = apiReads(page);
    const errors = await watchHydration(page);
    await page.goto(appUrl('localhost', '/scripts'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Log in' }).last().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test("a click on a drawn page's button before the app has taken the page over is given to it then, not lost", async ({ page }) => {
    // The app's entry is held back until the click is made: on a slow phone the drawn page is on
    // screen, and tapped, well before its code has run.
    let clicked!: () => void;
    const afterClick = new Promise<void>((resolve) => (clicked = resolve));
    await page.route(/\/static\/js\/main\.\w+\.js$/, async (route) => {
      await afterClick;
      await route.continue();
    });
    await page.goto(appUrl('localhost', '/scripts'), { waitUntil: 'domcontentloaded' });
    const logIn = page.getByRole('main').getByRole('button', { name: 'Log in' });
    await logIn.click();
    expect(await page.locator('.vox-remote-root').getAttribute('data-query-client')).toBeNull();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    clicked();
    await hydrated(page);
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    // Taken once: Escape closes it, and focus goes back to the button that was clicked.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(logIn).toBeFocused();
  });

  test('a member gets the empty shell, and their own page from the client', async ({ page, request }) => {
    const html = await htmlOf(request, 'localhost', '/about', { cookie: 'vox_signed_in=1' });
    expect(html).toContain('<div id="root"></div>');
    const account = await createAccount(request);
    await signIn(page, account);
    const errors = await watchHydration(page);
    await page.goto(appUrl('localhost', '/about'));
    await expect(page.getByRole('heading', { level: 1, name: 'About VoxClub' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
