import { test, expect, addNotification, addSharedSession, createAccount, readsOf, signIn } from '../support/fixtures';

interface Activity {
  userId: string | null;
  localTime: string;
  session: string;
  path: string;
  action: string;
  context?: Record<string, unknown> | null;
}

function recordActivities(page: import('@playwright/test').Page) {
  const seen: { at: number; body: Activity }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/activities\/?$/.test(r.url())) seen.push({ at: Date.now(), body: r.postDataJSON() });
  });
  return seen;
}

test('a visit is logged one second after each route change, with a 10-character session id', async ({ page }) => {
  const seen = recordActivities(page);
  await page.goto('/about');
  await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
  const first = seen[0].body;
  expect(first).toMatchObject({ userId: null, path: '/about', action: 'visit' });
  expect(first.session).toMatch(/^[A-Za-z0-9]{10}$/);
  // localTime is the wall-clock time: the UTC instant shifted by the timezone offset.
  const offsetMin = await page.evaluate(() => new Date().getTimezoneOffset());
  const shifted = Date.parse(first.localTime) + offsetMin * 60_000;
  expect(Math.abs(shifted - Date.now())).toBeLessThan(10_000);

  // The delay is timed on a route change started by the test: on the first load the app's own
  // start (when its timer begins) is not visible from here, and goto() can return after it.
  const clicked = Date.now();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect.poll(() => seen.length).toBe(2);
  expect(seen[1].at - clicked).toBeGreaterThanOrEqual(900);
  expect(seen[1].body).toMatchObject({ path: '/privacy', action: 'visit', session: first.session });
  expect(await page.evaluate(() => sessionStorage.getItem('activitySession'))).toBe(first.session);
});

test('login, logout and register are logged', async ({ page }) => {
  const seen = recordActivities(page);
  const account = await createAccount(page.request);
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or handle').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => seen.map((s) => s.body.action)).toContain('login');
  expect(seen.find((s) => s.body.action === 'login')?.body.userId).toBe(account.id);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect.poll(() => seen.map((s) => s.body.action)).toContain('logout');
  expect(seen.find((s) => s.body.action === 'logout')?.body.userId).toBe(account.id);
});

test('opening a share link logs open_sharelink with the session and script, then opens the session', async ({ page }) => {
  const owner = await createAccount(page.request);
  const ids = addSharedSession(owner.id);
  const reader = await createAccount(page.request);
  await signIn(page, reader);
  const seen = recordActivities(page);
  await page.goto(`/s/${ids.link}`);
  await expect(page).toHaveURL(new RegExp(`/session/${ids.session}$`));
  await expect.poll(() => seen.find((s) => s.body.action === 'open_sharelink')?.body).toMatchObject({
    userId: reader.id,
    path: `/s/${ids.link}`,
    context: { id: ids.session, script: ids.script },
  });
});

test('the red dot appears within one 30-second poll and resets when the user changes', async ({ page }) => {
  await page.clock.install();
  const account = await createAccount(page.request);
  await signIn(page, account);
  const polls: string[] = [];
  // The first read goes in the first script's batch (GET /api/first-reads); the polls alone.
  page.on('request', (r) => polls.push(...readsOf(r.url()).filter((read) => read.startsWith('/api/notifications/new'))));
  await page.goto('/about');
  const messages = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /Messages/ });
  await expect(messages).toBeVisible();
  await expect.poll(() => polls.length).toBe(1);
  await expect(page.getByRole('img', { name: 'new messages' })).toHaveCount(0);
  addNotification(account.id);
  await page.clock.fastForward(29_000);
  expect(polls.length).toBe(1);
  await page.clock.fastForward(1_500);
  await expect.poll(() => polls.length).toBe(2);
  await expect(page.getByRole('img', { name: 'new messages' })).toBeVisible();

  // Another user signs in on this page: the dot is that user's, so it goes.
  const other = await createAccount(page.request);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or handle').fill(other.email);
  await dialog.getByLabel('Password', { exact: true }).fill(other.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'new messages' })).toHaveCount(0);
});
