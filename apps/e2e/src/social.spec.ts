import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, createAccount, signIn, withDb, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';

/** A second person: their own browser context (cookies, storage) and client address. */
async function secondPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: appUrl(),
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const redDot = (page: Page) => page.getByRole('img', { name: 'new messages' });

/** Names come from the profile editor, tested below; here they are set straight in the database. */
function setName(account: TestAccount, name: string) {
  withDb((db) => db.prepare('update users set name = ? where id = ?').run(name, account.id));
}

test('two people become friends, one writes, the red dot comes within one poll and goes when Messages opens, and a reply goes back', async ({ page, browser }) => {
  const ann: TestAccount = await createAccount(page.request);
  const bob: TestAccount = await createAccount(page.request);

  // Bob's browser: the clock is Playwright's, so the 30-second poll can be stepped through.
  const bobs = await secondPerson(browser);
  const bobPage = bobs.page;
  await bobPage.clock.install();
  await signIn(bobPage, bob);
  setName(bob, 'Bob Barker');
  await signIn(page, ann);
  setName(ann, 'Ann Reader');

  // Ann asks Bob by email; the server's answer names him.
  await page.goto('/friends');
  await page.getByLabel('Handle or email').fill(bob.email);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Friend request sent to Bob Barker.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Requests you sent' })).toContainText('Bob Barker');

  // Bob sees the request on /friends and accepts it.
  await bobPage.goto('/friends');
  const incoming = bobPage.getByRole('list', { name: 'Requests for you' });
  await expect(incoming).toContainText('Ann Reader');
  await incoming.getByRole('button', { name: 'Accept Ann Reader' }).click();
  await expect(bobPage.getByText('You are friends now.')).toBeVisible();
  await expect(bobPage.getByRole('list', { name: 'Friends' })).toContainText('Ann Reader');
  // Opening Messages clears what is there so far (the request itself).
  await sections(bobPage).getByRole('link', { name: /Messages/ }).click();
  await expect(bobPage.getByRole('list', { name: 'Messages' })).toContainText('Ann Reader sent you a friend request.');
  await bobPage.goto('/guide');
  const polls: string[] = [];
  bobPage.on('request', (r) => r.url().includes('/api/notifications/new') && polls.push(r.url()));
  await expect.poll(() => polls.length).toBe(1);
  await expect(redDot(bobPage)).toHaveCount(0);

  // Ann writes to Bob from her friends list.
  await page.reload();
  await page.getByRole('button', { name: 'Message Bob Barker' }).click();
  const compose = page.getByRole('dialog', { name: 'Message Bob Barker' });
  await compose.getByLabel('Your message').fill('Table read of Act II tonight at 8?');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent to Bob Barker.')).toBeVisible();

  // Within one poll, Bob's dot appears.
  await bobPage.clock.fastForward(30_500);
  await expect.poll(() => polls.length).toBe(2);
  expect(polls[1]).toMatch(/\/api\/notifications\/new\?after=[0-9a-z]{24}$/);
  await expect(redDot(bobPage)).toBeVisible();

  // Opening Messages shows it as new and clears the dot at once.
  await sections(bobPage).getByRole('link', { name: /Messages/ }).click();
  const list = bobPage.getByRole('list', { name: 'Messages' });
  const newest = list.getByRole('listitem').first();
  await expect(newest).toContainText('Ann Reader sent you a message.');
  await expect(newest).toContainText('Table read of Act II tonight at 8?');
  await expect(newest.getByText('New', { exact: true })).toBeVisible();
  await expect(redDot(bobPage)).toHaveCount(0);
  // And it stays clear on the next poll (the mark is on the server now).
  await bobPage.clock.fastForward(30_500);
  await expect.poll(() => polls.length).toBeGreaterThanOrEqual(3);
  await expect(redDot(bobPage)).toHaveCount(0);

  // Bob replies from the message.
  await newest.getByRole('button', { name: 'Reply to Ann Reader' }).click();
  const reply = bobPage.getByRole('dialog', { name: 'Reply to Ann Reader' });
  await reply.getByLabel('Your message').fill('Yes! I will read Lady Bracknell.');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(bobPage.getByText('Message sent to Ann Reader.')).toBeVisible();

  // Ann's Messages has the reply and the acceptance.
  await page.goto('/notifications');
  const annList = page.getByRole('list', { name: 'Messages' });
  await expect(annList.getByRole('listitem').first()).toContainText('Yes! I will read Lady Bracknell.');
  await expect(annList).toContainText('Bob Barker accepted your friend request.');
  // The mark lives on the server: a fresh browser of Ann's shows no dot either.
  const annElsewhere = await secondPerson(browser);
  await signIn(annElsewhere.page, ann);
  await annElsewhere.page.goto('/guide');
  await expect(sections(annElsewhere.page)).toBeVisible();
  await expect.poll(async () => annElsewhere.page.evaluate(() => document.querySelectorAll('[aria-label="new messages"]').length), { timeout: 5000 }).toBe(0);
  await annElsewhere.context.close();
  await bobs.context.close();
});

test('my profile: edit name, handle and bio, upload a photo resized to 256 px, and see the header follow', async ({ page }) => {
  const me = await createAccount(page.request);
  await signIn(page, me);
  await page.goto(`/profile/${me.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Guest' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });

  // A big, real photo (1600x1000 JPEG) goes through the file picker.
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#ba58e9' } }).jpeg().toBuffer();
  await dialog.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByRole('button', { name: 'Upload photo' }).click();
  await expect(dialog.getByText('Your new photo is saved.')).toBeVisible();

  const handle = `reader${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Handle').fill('no way');
  await expect(dialog.getByText('A handle may use letters, digits, dots, dashes and underscores, and must start and end with a letter or digit.')).toBeVisible();
  await dialog.getByLabel('Handle').fill(handle);
  await dialog.getByLabel('Bio').fill('I read the poets aloud.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/members/${handle}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText(`@${handle}`)).toBeVisible();
  await expect(page.getByText('I read the poets aloud.')).toBeVisible();

  // The photo is served at 256 x 256 from /api/users/photo/{id}, cached for good.
  const avatar = page.getByRole('img', { name: 'Ada Lovelace' }).first();
  await expect(avatar).toHaveJSProperty('complete', true);
  const size = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([256, 256]);
  const profile = await (await page.request.get(`/api/users/by-handle/${handle}`)).json();
  const served = await page.request.get(`/api/users/photo/${profile.photo}`);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(await served.body()).metadata();
  expect([meta.width, meta.height]).toEqual([256, 256]);

  // Back in the app (no reload), the header shows the new name and photo and links to the new handle.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(sections(page)).toBeVisible();
  const headerProfile = page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' });
  await expect(headerProfile).toHaveAttribute('href', `/members/${handle}`);
  // The header's avatar is decorative (the link names the person): the new photo, loaded.
  await expect(headerProfile.locator('img')).toHaveJSProperty('naturalWidth', 256);
});
