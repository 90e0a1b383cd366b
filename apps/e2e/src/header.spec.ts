import { test, expect, admin, createAccount, setPhoto, signIn } from '../support/fixtures';
import AxeBuilder from '@axe-core/playwright';
import { appUrl } from '../support/ports';

const MENU_COMMON = ['About', 'Guide to create and upload a script', 'FAQ', 'Contact us', 'Terms of Service', 'Privacy Policy'];

async function menuEntries(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const panel = page.getByRole('navigation', { name: 'Menu' });
  await expect(panel).toBeVisible();
  const names = await panel.locator('a, button').allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

test.describe('main header and footer', () => {
  test('logged out: logo, tabs, Log in and Sign up, menu and footer', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'VoxClub' }).first()).toHaveAttribute('href', '/');
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    await expect(tabs.getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages']);
    await expect(header.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    const entries = await menuEntries(page);
    expect(entries).toEqual(['Casting', 'About', 'Choose your membership', ...MENU_COMMON.slice(1)]);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} VoxClub`);
  });

  test('member: My Podcast Page and Sign Out, no privileged entries; avatar opens the profile', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages']);
    const entries = await menuEntries(page);
    expect(entries).toEqual(['Casting', 'My Podcast Page', 'About', 'Choose your membership', ...MENU_COMMON.slice(1), 'Sign Out']);
    await page.getByRole('link', { name: /Guest/ }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${account.id}$`));
  });

  test('premium (a subscription): Drafts tab, Free Scripts and Audio Library in the menu', async ({ page }) => {
    const account = await createAccount(page.request);
    admin('grant', '--user', account.email, '--role', 'premium', '--days', '30');
    await signIn(page, account);
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText([
      'Drafts',
      'Scripts',
      'History',
      'Friends',
      'Messages',
    ]);
    const entries = await menuEntries(page);
    expect(entries.slice(0, 4)).toEqual(['Casting', 'Free Scripts', 'Audio Library', 'My Podcast Page']);
  });

  test('school site: no "Choose your membership"; podcast site: "VoxClub web app"', async ({ page }) => {
    await page.goto(appUrl('school.localhost', '/guide'));
    expect(await menuEntries(page)).not.toContain('Choose your membership');
    await page.goto(appUrl('podcast.localhost', '/guide'));
    const entries = await menuEntries(page);
    // The podcast site's own pages first; the guide to writing scripts is the main site's.
    expect(entries.slice(0, 3)).toEqual(['Channels', 'Listening history', 'VoxClub web app']);
    expect(entries).not.toContain('Guide to create and upload a script');
  });

  test('the podcast top bar: menu, logo, Home and Favorites, dark theme', async ({ page }) => {
    await page.goto(appUrl('podcast.localhost', '/about'));
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorites');
    const theme = page.locator('[data-theme]').first();
    await expect(theme).toHaveAttribute('data-theme', 'podcast');
    const accent = await theme.evaluate((el) => getComputedStyle(el).getPropertyValue('--vox-accent').trim().toLowerCase());
    expect(accent).toBe('#ff01cd');
    await page.screenshot({ path: 'tmp/screens/podcast-about.png', fullPage: true });
  });

  test('the podcast top bar fits a 412 px phone logged out: every target unobscured and 24 px or more (axe target-size)', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(appUrl('podcast.localhost', '/'));
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'Log in' })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.vox-top-bar').withRules(['target-size']).analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
    // The heart is not under "Log in": the point at its centre belongs to the Favorites link.
    const heart = bar.getByRole('link', { name: 'Favorites' });
    const box = (await heart.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('aria-label'), [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toBe('Favorites');
    await context.close();
  });

  test('the main theme colour is #BA58E9', async ({ page }) => {
    await page.goto('/about');
    const accent = await page.locator('[data-theme]').first().evaluate((el) => getComputedStyle(el).getPropertyValue('--vox-accent').trim().toLowerCase());
    expect(accent).toBe('#ba58e9');
    await page.screenshot({ path: 'tmp/screens/main-about.png', fullPage: true });
  });

  test('the window scrolls to the top on every path change', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the avatar shows the photo from /api/users/photo/{photo}, fetched once and cached', async ({ page }) => {
    const account = await createAccount(page.request);
    const photo = setPhoto(account.id);
    await signIn(page, account);
    const photoRequests: number[] = [];
    page.on('response', (r) => r.url().endsWith(`/api/users/photo/${photo}`) && photoRequests.push(r.status()));
    await page.goto('/about');
    const avatar = page.getByRole('banner').getByRole('link', { name: /Grace Hopper/ });
    await expect(avatar).toHaveAttribute('href', `/profile/${account.id}`);
    const img = avatar.locator('img');
    await expect(img).toHaveAttribute('src', /^blob:/);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(2);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(img).toHaveAttribute('src', /^blob:/);
    expect(photoRequests).toEqual([200]);
  });
});
