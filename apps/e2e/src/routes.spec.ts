import { test, expect, addSharedSession, admin, createAccount, signIn } from '../support/fixtures';
import { appUrl } from '../support/ports';

test.describe('routes of the main site', () => {
  test('/ goes to /scripts, the home for a visitor; logged-out prompts name what they guard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/scripts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read scripts aloud together');
    for (const [path, what] of [
      ['/history', 'history'],
      ['/friends', 'friend list'],
      ['/notifications', 'messages'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Log in to see your ${what}`);
      await expect(page.getByRole('banner')).toBeVisible();
    }
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('login-only routes show the prompt logged out and the page logged in', async ({ page }) => {
    await page.goto('/scripts/create');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your scripts');
    await signIn(page, await createAccount(page.request));
    await page.goto('/scripts/create');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Log in to see/);
  });

  test('a missing privilege shows what is missing and links to /membership; granting it opens the page', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    for (const [path, label] of [
      ['/write', 'drafts and templates'],
      ['/templates', 'drafts and templates'],
      ['/audio', 'the audio library'],
      // Named as the collection; "does not include free scripts" contradicted the FREE badge.
      ['/free_scripts', 'the Free Scripts collection'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade your membership');
      await expect(page.getByText(`Your membership does not include ${label}.`)).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Choose your membership' })).toHaveAttribute('href', '/membership');
    }
    admin('grant', '--user', account.email, '--role', 'premium', '--days', '7');
    await page.goto('/audio');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Upgrade your membership');
  });

  test('full-screen routes have no header or footer', async ({ page }) => {
    for (const path of ['/session/s1', '/certificate', '/members/ann', '/podcast-ep/e1', '/event/e1']) {
      await page.goto(path);
      await expect(page.locator('[data-remote="main"]')).toBeVisible();
      // No site header or footer. A full-screen page may have its own top bar (the profile's back
      // bar, the reader's toolbar), which is that page's banner landmark: at most one, and never
      // the site header with its tabs.
      await expect(page.locator('.vox-header')).toHaveCount(0);
      await expect(page.getByRole('navigation')).toHaveCount(0);
      // Their own back bars: the profile's, the certificates' and the event's.
      await expect(page.getByRole('banner')).toHaveCount(['/members/ann', '/certificate', '/event/e1'].includes(path) ? 1 : 0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
    await page.goto('/event/e1/register');
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('/script/{id} resolves to my reading session and goes to /session/{id}', async ({ page }) => {
    const owner = await createAccount(page.request);
    const { script } = addSharedSession(owner.id);
    await signIn(page, await createAccount(page.request));
    await page.goto(`/script/${script}`);
    await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
    const first = page.url();
    await page.goto(`/script/${script}`);
    await expect(page).toHaveURL(first);
  });

  test('/script/{id} that cannot be resolved goes back to the previous page', async ({ page }) => {
    await signIn(page, await createAccount(page.request));
    await page.goto('/guide');
    // An in-app navigation, as a link in a later script list will make it (router state with a key).
    await page.evaluate(() => {
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: 'e2e', idx }, '', '/script/does-not-exist');
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    });
    await expect(page).toHaveURL(/\/guide$/);
  });

  test('/s/{linkId}: invalid link texts logged in and out, a valid one opens the session', async ({ page }) => {
    const owner = await createAccount(page.request);
    const revoked = addSharedSession(owner.id, { revoked: true });
    await page.goto(`/s/${revoked.link}`);
    await expect(page.getByText('Please log in to access the shared script.')).toBeVisible();
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email or handle').fill(owner.email);
    await dialog.getByLabel('Password', { exact: true }).fill(owner.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('This link is invalid.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Back/ })).toBeVisible();
    const valid = addSharedSession(owner.id);
    await page.goto(`/s/${valid.link}`);
    await expect(page).toHaveURL(new RegExp(`/session/${valid.session}$`));
  });
});

test.describe('other variants', () => {
  test('school: / goes to /about when logged out', async ({ page }) => {
    await page.goto(appUrl('school.localhost', '/'));
    await expect(page).toHaveURL(appUrl('school.localhost', '/about'));
    // The school site has its own About, under its own name.
    await expect(page.getByRole('heading', { level: 1, name: 'About VoxClub School' })).toBeVisible();
    await page.screenshot({ path: 'tmp/screens/school-about.png', fullPage: true });
  });

  test('dashboard: header plus login modal without show_metrics, metrics with it', async ({ page }) => {
    await page.goto(appUrl('dashboard.localhost', '/'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expect(page.getByText('The metrics dashboard is for staff. Log in with a staff account to see it.')).toBeVisible();
    const staff = await createAccount(page.request);
    admin('grant', '--user', staff.email, '--role', 'staff');
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email or handle').fill(staff.email);
    await dialog.getByLabel('Password', { exact: true }).fill(staff.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-remote="dashboard"]').getByRole('heading', { level: 1 })).toContainText(/Metrics/i);
    await page.screenshot({ path: 'tmp/screens/dashboard-metrics.png', fullPage: true });
  });

  test('podcast: channels logged out, home logged in, history prompt for podcasts', async ({ page }) => {
    await page.goto(appUrl('podcast.localhost', '/history'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your podcasts');
    await page.goto(appUrl('podcast.localhost', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Channels/);
    await page.screenshot({ path: 'tmp/screens/podcast-channels.png', fullPage: true });
    await signIn(page, await createAccount(page.request), 'podcast.localhost');
    await page.goto(appUrl('podcast.localhost', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Home|Welcome/);
  });
});
