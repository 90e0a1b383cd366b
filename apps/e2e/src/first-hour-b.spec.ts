import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { createAccount, e2eTmp, expect, signIn, test, withDb, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';
import { tokenOf } from '../support/reading';

/**
 * A conversation sent and answered between two people, a
 * friend request declined, no dead ends off the main host, page titles, focus that returns to
 * the trigger, one left edge for every tab; axe and screenshots on the pages that changed.
 */
// Two browsers, axe at two sizes and a dozen pages: far more than 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 300_000 });

const screens = path.join(e2eTmp, 'screens');
fs.mkdirSync(screens, { recursive: true });
const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** Axe and a screenshot at the laptop and the phone size. */
async function checkAtBothSizes(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await ready();
    await expectNoSeriousViolations(page, `${name} (${size.name})`);
    await page.screenshot({ path: path.join(screens, `${name}-${size.name}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function secondPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: appUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

function setName(account: TestAccount, name: string) {
  withDb((db) => db.prepare('update users set name = ? where id = ?').run(name, account.id));
}

async function befriend(request: APIRequestContext, a: TestAccount, b: TestAccount) {
  const ta = await tokenOf(request, a);
  const tb = await tokenOf(request, b);
  expect((await request.post(appUrl('localhost', '/api/friendships/requests'), { headers: { authorization: `Bearer ${ta}` }, data: { to: b.email } })).ok()).toBe(true);
  expect((await request.post(appUrl('localhost', `/api/friendships/requests/${a.id}/accept`), { headers: { authorization: `Bearer ${tb}` } })).status()).toBe(200);
}

test('a conversation: Ann writes, Bob sees it unread in its thread, quotes and answers, and Ann sees the answer arrive in the open thread', async ({ page, browser, request }) => {
  const ann = await createAccount(request);
  const bob = await createAccount(request);
  setName(ann, 'Ann Reader');
  setName(bob, 'Bob Barker');
  await befriend(request, ann, bob);

  // Ann writes from Friends; closing the dialog gives focus back to the button that opened it.
  await signIn(page, ann);
  await page.goto('/friends');
  const messageButton = page.getByRole('button', { name: 'Message Bob Barker' });
  await messageButton.click();
  const compose = page.getByRole('dialog', { name: 'Message Bob Barker' });
  await compose.getByLabel('Your message').fill('Table read of Act II tonight at 8?');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent to Bob Barker.')).toBeVisible();
  await expect(compose).toHaveCount(0);
  await expect(messageButton).toBeFocused();

  // Ann's side of the conversation has what she sent.
  await page.goto('/notifications');
  const annConversations = page.getByRole('list', { name: 'Conversations' });
  await expect(annConversations.getByRole('listitem').first()).toContainText('You: Table read of Act II tonight at 8?');
  await annConversations.getByRole('link', { name: /Bob Barker/ }).click();
  await expect(page).toHaveURL(/\/notifications\?with=/);
  const annThread = page.getByRole('list', { name: 'Messages with Bob Barker' });
  await expect(annThread.getByRole('listitem')).toHaveCount(1);
  await expect(annThread.getByRole('listitem').first()).toContainText('You');
  await expect(page).toHaveTitle('Bob Barker · Messages · VoxClub');

  // Bob: one unread in the thread with Ann.
  const bobs = await secondPerson(browser);
  const bobPage = bobs.page;
  await signIn(bobPage, bob);
  await bobPage.goto('/notifications');
  const bobConversations = bobPage.getByRole('list', { name: 'Conversations' });
  await expect(bobConversations.getByRole('listitem').first()).toContainText('Ann Reader');
  await expect(bobConversations.getByRole('listitem').first()).toContainText('1 unread');
  await checkAtBothSizes(bobPage, 'messages-conversations', () => expect(bobConversations).toBeVisible());
  await bobConversations.getByRole('link', { name: /Ann Reader/ }).click();
  const bobThread = bobPage.getByRole('list', { name: 'Messages with Ann Reader' });
  await expect(bobThread.getByRole('listitem').first()).toContainText('Table read of Act II tonight at 8?');
  // Opening it read it: back in the list, no unread count.
  await bobPage.getByRole('link', { name: 'All messages' }).click();
  await expect(bobConversations.getByRole('listitem').first()).not.toContainText('unread');
  await bobConversations.getByRole('link', { name: /Ann Reader/ }).click();

  // Bob quotes Ann's message and answers in the thread.
  await bobThread.getByRole('button', { name: /^Quote "Table read of Act II/ }).click();
  const field = bobPage.getByLabel('Write to Ann Reader');
  await expect(field).toBeFocused();
  await field.fill('Yes! I will read Lady Bracknell.');
  await bobPage.getByRole('button', { name: 'Send' }).click();
  await expect(bobThread.getByRole('listitem')).toHaveCount(2);
  await expect(field).toHaveValue('');
  await checkAtBothSizes(bobPage, 'messages-thread', () => expect(bobThread).toBeVisible());

  // Ann's open thread refreshes by itself (no reload): the answer arrives, quoting her message.
  const answer = annThread.getByRole('listitem').nth(1);
  await expect(answer).toContainText('Yes! I will read Lady Bracknell.', { timeout: 15_000 });
  await expect(answer.locator('blockquote')).toContainText('Replying to you: Table read of Act II tonight at 8?');
  await expect(answer).toContainText('Bob Barker');
  await bobs.context.close();
});

test('a friend request is declined from Messages, next to Accept', async ({ page, request }) => {
  const ann = await createAccount(request);
  const cy = await createAccount(request);
  setName(cy, 'Cy Twombly');
  const tc = await tokenOf(request, cy);
  expect((await request.post(appUrl('localhost', '/api/friendships/requests'), { headers: { authorization: `Bearer ${tc}` }, data: { to: ann.email } })).ok()).toBe(true);

  await signIn(page, ann);
  await page.goto('/notifications');
  const item = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first();
  await expect(item).toContainText('Cy Twombly sent you a friend request.');
  await expect(item.getByRole('button', { name: 'Accept friend request from Cy Twombly' })).toBeVisible();
  await checkAtBothSizes(page, 'messages-request', () => expect(item).toBeVisible());
  await item.getByRole('button', { name: 'Decline friend request from Cy Twombly' }).click();
  await expect(item.getByText('Declined')).toBeVisible();
  await expect(item.getByRole('button', { name: /Accept/ })).toHaveCount(0);
  // The server agrees: no request left, no friendship.
  const ta = await tokenOf(request, ann);
  const requests = await (await request.get(appUrl('localhost', '/api/friendships/requests'), { headers: { authorization: `Bearer ${ta}` } })).json();
  expect(requests.incoming).toEqual([]);
  const friends = await (await request.get(appUrl('localhost', '/api/friendships/'), { headers: { authorization: `Bearer ${ta}` } })).json();
  expect(friends).toEqual([]);
});

test('no dead ends: the dashboard host leads to the main site and shows a member what is missing; the podcast menu; no Microsoft button without Microsoft', async ({ page, request }) => {
  // Logged out: the login dialog has no Microsoft button (this server has none set up).
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log in with Microsoft' })).toHaveCount(0);

  // A member with Free Scripts and Audio Library (premium) but no show_metrics.
  const member = await createAccount(request);
  withDb((db) =>
    db
      .prepare("insert into subscriptions (id, user_id, role, expires_at, created_at, source) values (?, ?, 'premium', ?, ?, 'admin')")
      .run(`e2esub${Date.now()}`, member.id, new Date(Date.now() + 7 * 86_400_000).toISOString(), new Date().toISOString()),
  );
  await signIn(page, member, 'dashboard.localhost');
  await page.goto(appUrl('dashboard.localhost', '/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Staff only' })).toBeVisible();
  await expect(page.getByText('The metrics dashboard is for VoxClub staff. Your account is not a staff account, and no membership plan includes it.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await checkAtBothSizes(page, 'dashboard-missing-privilege', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());
  const mainOrigin = new URL(appUrl('localhost')).origin;
  const tabs = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
  const tabHrefs = await tabs.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(tabHrefs.length).toBeGreaterThanOrEqual(4);
  for (const href of tabHrefs) expect(new URL(href).origin).toBe(mainOrigin);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menuHrefs = await page.getByRole('navigation', { name: 'Menu' }).getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  expect(menuHrefs).toContain(`${mainOrigin}/free_scripts`);
  expect(menuHrefs).toContain(`${mainOrigin}/audio`);
  for (const href of menuHrefs.filter((h) => !h.includes('podcast.'))) expect(new URL(href).origin).toBe(mainOrigin);
  // Following one lands on the main site's page (signed in there too: each host has its own cookie).
  await signIn(page, member);
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Audio Library' }).click();
  await expect(page).toHaveURL(`${mainOrigin}/audio`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Page not found|Upgrade your membership|Log in to see/);

  // Podcast host: Free Scripts and Audio Library are the main site's pages.
  await signIn(page, member, 'podcast.localhost');
  await page.goto(appUrl('podcast.localhost', '/'));
  await page.getByRole('button', { name: 'Menu' }).click();
  const podcastMenu = page.getByRole('navigation', { name: 'Menu' });
  await expect(podcastMenu.getByRole('link', { name: 'Free Scripts' })).toHaveAttribute('href', `${mainOrigin}/free_scripts`);
  await expect(podcastMenu.getByRole('link', { name: 'Audio Library' })).toHaveAttribute('href', `${mainOrigin}/audio`);
});

test('every route names itself in the title, and dialogs give focus back to what opened them', async ({ page, request }) => {
  for (const [route, title] of [
    // Logged out, /scripts is the site's home for a visitor, named as one.
    ['/scripts', 'Read scripts aloud together · VoxClub'],
    ['/history', 'History · VoxClub'],
    ['/friends', 'Friends · VoxClub'],
    ['/notifications', 'Messages · VoxClub'],
    ['/guide', 'Guide · VoxClub'],
    ['/faq', 'FAQ · VoxClub'],
    ['/membership', 'Membership · VoxClub'],
    ['/events', 'Events · VoxClub'],
    ['/contact', 'Contact us · VoxClub'],
  ]) {
    await page.goto(route);
    await expect(page).toHaveTitle(title);
  }
  await page.goto(appUrl('podcast.localhost', '/'));
  await expect(page).toHaveTitle('Podcasts · VoxClub');

  // Login and join dialogs: Escape gives focus back to their trigger.
  await page.goto('/scripts');
  const logIn = page.getByRole('main').getByRole('button', { name: 'Log in' });
  await logIn.click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle('Read scripts aloud together · VoxClub');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(logIn).toBeFocused();

  const signUp = page.getByRole('banner').getByRole('link', { name: 'Sign up' });
  await signUp.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /Join|Sign up/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(signUp).toBeFocused();

  // After logging in, the Log in button is gone: focus goes to the page's main content.
  const account = await createAccount(request);
  await logIn.click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email or handle').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Focus is not dropped on the body (where a keyboard user would start over from the top).
  await expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body && document.activeElement.isConnected)).toBe(true);
});

test('one layout: every tab and page of the main site starts its heading at the header’s left edge', async ({ page, request }) => {
  const account = await createAccount(request);
  await signIn(page, account);
  await page.setViewportSize({ width: 1280, height: 800 });
  const lefts: Record<string, number> = {};
  for (const route of ['/scripts', '/history', '/friends', '/notifications', '/guide', '/faq', '/about', '/membership', '/events', '/contact', '/privacy']) {
    await page.goto(route);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await expect(h1).toBeVisible({ timeout: 30_000 });
    // The header's content edge: its bar's left plus its padding (where the menu button starts).
    const edge = await page.locator('.vox-header__bar').evaluate((bar) => bar.getBoundingClientRect().left + parseFloat(getComputedStyle(bar).paddingLeft));
    const box = await h1.boundingBox();
    const left = Math.round((box?.x ?? 0) - edge);
    lefts[route] = Math.abs(left) <= 2 ? 0 : left;
  }
  // The same left edge as the header's content on every page.
  expect(lefts).toEqual(Object.fromEntries(Object.keys(lefts).map((route) => [route, 0])));
});
