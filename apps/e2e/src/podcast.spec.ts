import fs from 'node:fs';
import path from 'node:path';
import { parseFeed } from 'podcast-partytime';
import { createAccount, expect, freshEmail, signIn, test, shotsDir } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';
import { expectPlayingPast, playerSeconds, toneMp3 } from '../support/podcast';

/**
 * The podcast variant on podcast.localhost, in a real browser against the built app:
 * create a channel, upload a real MP3 (made by ffmpeg here), play it, move through four routes
 * while it keeps playing, favourite it, put it in a playlist, resume after a reload and on
 * another device, open a share link logged out, read the feed with a podcast feed parser; axe
 * at laptop and phone size, and screenshots of the dark theme.
 */
const HOST = 'podcast.localhost';
const SHOTS = shotsDir('podcast');
const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** What the first test made, for the second (axe and screenshots on the same pages). */
const made = { account: null as null | { email: string; password: string; id: string }, channelPath: '', episodePath: '', playlistPath: '' };

test.describe('podcast variant', () => {
  test.describe.configure({ mode: 'serial' });

  test('channel, upload, play across routes, favourite, playlist, resume, share link, feed', async ({ page, browser, request }) => {
    test.setTimeout(300_000);
    const mp3 = toneMp3(90);
    const creator = await createAccount(request);
    await signIn(page, creator, HOST);

    // 1. A channel.
    await page.goto(appUrl(HOST, '/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await page.getByText('Create a channel').click();
    await page.getByLabel('Title').fill('Night Shift Radio');
    // A member without a name names the author podcast apps show; nothing is filled in for them.
    await expect(page.getByLabel('Author')).toHaveValue('');
    await page.getByLabel('Author').fill('The Night Shift');
    await page.getByLabel('Description').fill('Audio drama for the small hours, read at the VoxClub table.');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Night Shift Radio' })).toBeVisible();
    const channelPath = new URL(page.url()).pathname;
    const feedUrl = await page.getByRole('textbox', { name: 'RSS feed' }).inputValue();
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', feedUrl);

    // 2. An episode: a real MP3, with a progress bar while it uploads.
    await page.getByLabel(/^Audio file/).setInputFiles(mp3);
    await page.getByLabel('Episode title').fill('Pilot');
    await page.getByLabel('Show notes').fill('Where it all starts: the night shift gets a call.');
    await page.getByLabel('Season').fill('1');
    await page.getByLabel('Episode number').fill('1');
    await page.getByRole('button', { name: 'Upload episode' }).click();
    await expect(page.getByText('Uploaded “Pilot”.')).toBeVisible();
    const row = page.getByRole('list', { name: 'Episodes' }).getByRole('listitem').filter({ hasText: 'Pilot' });
    await expect(row).toContainText('Published');
    await expect(row).toContainText('1 min 30 s');

    // 3. Play it, then move through four routes by links: it never stops.
    await row.getByRole('button', { name: 'Play Pilot', exact: true }).click();
    await expect(page.getByTestId('player-title')).toHaveText('Pilot');
    await expectPlayingPast(page, 1);
    const routes: Array<[string, () => Promise<void>, RegExp]> = [
      ['/favorites', () => page.getByRole('link', { name: 'Favorites' }).first().click(), /\/favorites$/],
      ['/', () => page.getByRole('link', { name: 'Home' }).first().click(), /:\d+\/$/],
      ['/channel', () => page.getByRole('region', { name: 'Player' }).getByRole('link', { name: /Night Shift Radio/ }).click(), /\/channel\//],
      ['/podcast-ep', () => page.getByRole('list', { name: 'Episodes' }).getByRole('link', { name: 'Pilot' }).click(), /\/podcast-ep\//],
    ];
    for (const [, go, url] of routes) {
      const before = await playerSeconds(page);
      await go();
      await expect(page).toHaveURL(url);
      await expectPlayingPast(page, before);
      expect(await page.evaluate(() => document.querySelectorAll('audio').length)).toBe(0);
    }
    const episodePath = new URL(page.url()).pathname;

    // 4. Favourite it; the top bar's heart leads to it.
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(page.getByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');
    // On the podcast site the episode page is one of its own pages, under the podcast's top bar.
    const topBar = page.getByRole('banner');
    await expect(topBar.getByRole('navigation', { name: 'Shortcuts' })).toBeVisible();
    await topBar.getByRole('link', { name: 'Favorites' }).click();
    await expect(page.getByRole('list', { name: 'Favorite episodes' }).getByRole('link', { name: 'Pilot' })).toBeVisible();

    // 5. A playlist.
    const favRow = page.getByRole('list', { name: 'Favorite episodes' }).getByRole('listitem').first();
    await favRow.getByRole('button', { name: 'Add Pilot to a playlist' }).click();
    await favRow.getByLabel('New playlist name').fill('Commute');
    await favRow.getByRole('button', { name: 'Create and add' }).click();
    await expect(favRow.getByRole('status')).toHaveText('Added to Commute.');
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('link', { name: 'Commute' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Commute' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Playlist episodes' }).getByRole('link', { name: 'Pilot' })).toBeVisible();
    const playlistPath = new URL(page.url()).pathname;

    // 6. Pause (the position is saved), reload: the bar comes back where it was.
    await expectPlayingPast(page, 8);
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true }).click();
    const stoppedAt = await playerSeconds(page);
    await page.waitForTimeout(1500);
    await page.reload();
    await expect(page.getByTestId('player-title')).toHaveText('Pilot');
    await expect.poll(() => playerSeconds(page)).toBeGreaterThanOrEqual(stoppedAt - 1);
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlayingPast(page, stoppedAt);
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true }).click();
    const savedAt = await playerSeconds(page);
    await page.waitForTimeout(1500);

    // ... and on another device (a fresh browser, same account) from the server's position.
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.251' } });
    const otherPage = await other.newPage();
    await signIn(otherPage, creator, HOST);
    await otherPage.goto(appUrl(HOST, '/history'));
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Your podcasts' })).toBeVisible();
    await otherPage.getByRole('button', { name: 'Play Pilot', exact: true }).click();
    await expect.poll(() => playerSeconds(otherPage)).toBeGreaterThanOrEqual(savedAt - 2);
    await other.close();

    // 7. A share link from 0:05, opened logged out.
    await page.goto(appUrl(HOST, episodePath));
    await page.getByLabel('Start at (m:ss, optional)').fill('0:05');
    await page.getByRole('button', { name: 'Make a share link' }).click();
    const shareUrl = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(shareUrl).toMatch(/\/podcast-ep\/[A-Za-z0-9]{20}\?t=5$/);
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(appUrl(HOST, new URL(shareUrl).pathname + new URL(shareUrl).search));
    // A fresh browser loads the shell and the remote cold: slow on a busy machine.
    await expect(visitor.getByRole('heading', { level: 1, name: 'Pilot' })).toBeVisible({ timeout: 30_000 });
    await visitor.getByRole('button', { name: 'Play from 0:05' }).click();
    await expect.poll(() => playerSeconds(visitor)).toBeGreaterThanOrEqual(6);
    // Full screen on the main site too, with its own audio element.
    await visitor.goto(appUrl('localhost', new URL(shareUrl).pathname));
    await expect(visitor.getByRole('heading', { level: 1, name: 'Pilot' })).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByLabel('Play Pilot')).toHaveAttribute('src', /\/api\/podcast\/audio\/[0-9a-f]{64}\.mp3#t=5$/);
    await anonymous.close();

    // 8. The feed, as a podcast app reads it.
    const feedRes = await request.get(feedUrl);
    expect(feedRes.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(await feedRes.text());
    expect(feed?.title).toBe('Night Shift Radio');
    expect(feed?.author).toBe('The Night Shift');
    expect(feed?.items).toHaveLength(1);
    const item = feed?.items[0];
    expect(item?.title).toBe('Pilot');
    expect(item?.enclosure).toMatchObject({ length: fs.statSync(mp3).size, type: 'audio/mpeg' });
    expect(Math.abs((item?.duration ?? 0) - 90)).toBeLessThanOrEqual(1);
    const ranged = await request.get(item?.enclosure.url ?? '', { headers: { range: 'bytes=0-99' } });
    expect(ranged.status()).toBe(206);

    Object.assign(made, { account: creator, channelPath, episodePath, playlistPath });
  });

  test('a visitor who logs in from a channel page comes back to it, and closing the dialog leaves them there', async ({ page }) => {
    const { account, channelPath } = made;
    if (!account) throw new Error('The first test made no channel.');
    const channel = appUrl(HOST, channelPath);
    await page.goto(channel);
    await expect(page.getByRole('heading', { level: 1, name: 'Night Shift Radio' })).toBeVisible();
    const logIn = page.getByRole('banner').getByRole('link', { name: 'Log in' });
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await logIn.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(channel);

    await logIn.click();
    await dialog.getByLabel('Email or handle', { exact: true }).fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(channel);
    await expect(page.getByRole('banner').getByTitle('Your profile')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Night Shift Radio' })).toBeVisible();
  });

  test('a visitor who joins on the podcast site is asked for a name, and their channel form names them as author', async ({ page }) => {
    await page.goto(appUrl(HOST, '/'));
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join VoxClub' });
    await dialog.getByLabel('Email').fill(freshEmail('listener'));
    await dialog.getByLabel('Password', { exact: true }).fill('secret-pass');
    await dialog.getByRole('button', { name: 'Agree and Join' }).click();
    await expect(page).toHaveURL(appUrl(HOST, '/welcome'));
    await expect(page.getByText('Tell listeners who you are. Your name shows on your channels, playlists and messages.')).toBeVisible();
    await expect(page.getByText('Step 1 of 2')).toHaveCount(0);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expectNoSeriousViolations(page, `podcast welcome (${size.name})`);
      await page.screenshot({ path: path.join(SHOTS, `welcome-${size.name}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Display name').fill('Nadia Night');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(appUrl(HOST, '/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('banner').getByTitle('Your profile')).toContainText('Nadia Night');
    await page.getByText('Create a channel').click();
    await expect(page.getByLabel('Author')).toHaveValue('Nadia Night');
  });

  test('axe at laptop and phone size on every podcast page, and screenshots of the dark theme', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const { account, channelPath, episodePath, playlistPath } = made;
    if (!account) throw new Error('The first test made no channel.');
    await signIn(page, account, HOST);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const [name, route, h1] of [
        ['home', '/', 'Home'],
        ['channel', channelPath, 'Night Shift Radio'],
        ['episode', episodePath, 'Pilot'],
        ['favorites', '/favorites', 'Favorites'],
        ['playlist', playlistPath, 'Commute'],
        ['history', '/history', 'Your podcasts'],
      ] as const) {
        await page.goto(appUrl(HOST, route));
        await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
        await expectNoSeriousViolations(page, `${size.name} ${route}`);
        if (['home', 'channel', 'episode'].includes(name)) await page.screenshot({ path: path.join(SHOTS, `${name}-${size.name}.png`), fullPage: false });
      }
      const loggedOut = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const guest = await loggedOut.newPage();
      await guest.goto(appUrl(HOST, '/'));
      await expect(guest.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible({ timeout: 30_000 });
      await expect(guest.getByRole('list', { name: 'Channels' }).getByRole('link', { name: /Night Shift Radio/ })).toBeVisible();
      await expectNoSeriousViolations(guest, `${size.name} / logged out`);
      await guest.screenshot({ path: path.join(SHOTS, `channels-${size.name}.png`) });
      await loggedOut.close();
    }
  });
});
