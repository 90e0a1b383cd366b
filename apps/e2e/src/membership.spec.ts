import type { Page } from '@playwright/test';
import { test, expect, admin, createAccount, signIn, withDb } from '../support/fixtures';

/**
 * Membership purchase end to end with the built-in test provider: the checkout page is
 * the API's own, the test cards are Stripe's numbers.
 */
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
// E2E_SCREENSHOTS=<folder> saves the pages along the way; E2E_VIEWPORT=390x844 looks at them on a phone.
const shots = process.env.E2E_SCREENSHOTS;
const viewport = /^(\d+)x(\d+)$/.exec(process.env.E2E_VIEWPORT ?? '');
if (viewport) test.use({ viewport: { width: Number(viewport[1]), height: Number(viewport[2]) } });

test('a new member buys Writer with the test card: Drafts appears without a reload, /subscription shows the expiry, cancel at period end', async ({ page }) => {
  const account = await createAccount(page.request);
  await signIn(page, account);
  await page.goto('/membership');
  await expect(sections(page).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages']);
  const writer = page.getByRole('listitem', { name: 'Writer monthly' });
  await expect(writer).toContainText('$5.00 / month');
  await expect(writer).toContainText('Drafts and templates: write scripts with history');
  if (shots) await page.screenshot({ path: `${shots}/membership-${page.viewportSize()?.width}.png`, fullPage: true });
  await writer.getByRole('button', { name: 'Choose Writer monthly' }).click();

  await expect(page).toHaveURL(/\/api\/membership\/test-checkout\/\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Writer monthly');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  if (shots) await page.screenshot({ path: `${shots}/checkout-${page.viewportSize()?.width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Pay $5.00' }).click();

  await expect(page).toHaveURL(/\/subscription\?checkout=\w+$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(sections(page).getByRole('link')).toHaveText(['Drafts', 'Scripts', 'History', 'Friends', 'Messages']);
  const expiry = withDb((db) => db.prepare('select expires_at from subscriptions where user_id = ?').all(account.id) as Array<{ expires_at: string }>);
  expect(expiry).toHaveLength(1);
  const day = new Date(expiry[0].expires_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const item = page.getByRole('listitem', { name: 'Writer monthly' });
  await expect(item).toContainText(`Active until ${day}`);
  await expect(item).toContainText('Purchase · $5.00');
  if (shots) await page.screenshot({ path: `${shots}/subscription-${page.viewportSize()?.width}.png`, fullPage: true });

  // The Drafts tab leads to the drafts, not to "Upgrade your membership".
  await sections(page).getByRole('link', { name: 'Drafts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Upgrade your membership');

  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(item).toContainText('Cancelled: ends at the end of the period');
  await expect(item).toContainText(`Ends ${day}`);
  // Still a writer until then.
  await expect(sections(page).getByRole('link', { name: 'Drafts' })).toBeVisible();
  await page.goto('/membership');
  await expect(page.getByRole('listitem', { name: 'Writer monthly' })).toContainText('Your current plan');
});

test('a declined card shows the provider text and grants nothing; cancel returns to /membership with a clear text', async ({ page }) => {
  const account = await createAccount(page.request);
  await signIn(page, account);
  await page.goto('/membership');
  await page.getByRole('button', { name: 'Choose Writer monthly' }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $5.00' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Nothing was charged. Try another card.');
  expect(withDb((db) => db.prepare('select count(*) as n from subscriptions where user_id = ?').get(account.id))).toEqual({ n: 0 });

  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/membership\?checkout=cancelled$/);
  await expect(page.getByText('Checkout cancelled. You have not been charged; choose a plan whenever you are ready.')).toBeVisible();
  await expect(sections(page).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages']);
  await page.goto('/subscription');
  await expect(page.getByText('You have no subscriptions yet.')).toBeVisible();
});

test('the open app notices a subscription running out: the Drafts tab closes without a reload', async ({ page }) => {
  const account = await createAccount(page.request);
  admin('grant', '--user', account.email, '--role', 'writer', '--days', '1');
  // Runs out a few seconds from now.
  const soon = new Date(Date.now() + 6000).toISOString();
  withDb((db) => db.prepare('update subscriptions set expires_at = ? where user_id = ?').run(soon, account.id));
  await signIn(page, account);
  await page.goto('/about');
  await expect(sections(page).getByRole('link', { name: 'Drafts' })).toBeVisible();
  await expect(sections(page).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages'], { timeout: 15_000 });
});

test('logged out, Choose opens the login modal and continues to checkout after sign-in', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/membership');
  await page.getByRole('button', { name: 'Choose Premium yearly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email or handle').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/api\/membership\/test-checkout\/\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium yearly');
  await expect(page.getByRole('button', { name: 'Pay $120.00' })).toBeVisible();
});

test('another open tab learns of a membership bought or ended within 2 s, with no reload', async ({ page, context }) => {
  const account = await createAccount(page.request);
  await signIn(page, account);
  // The other tab waits on a page the membership opens.
  const other = await context.newPage();
  await other.goto('/write');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Upgrade your membership');
  await expect(sections(other).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages']);

  // Bought in this tab.
  await page.goto('/membership');
  await page.getByRole('listitem', { name: 'Writer monthly' }).getByRole('button', { name: 'Choose Writer monthly' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $5.00' }).click();
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(sections(other).getByRole('link')).toHaveText(['Drafts', 'Scripts', 'History', 'Friends', 'Messages'], { timeout: 2_000 });
  await expect(other.getByRole('heading', { level: 1 })).not.toHaveText('Upgrade your membership');

  // Ended by staff (not a cancel at period end: gone now).
  admin('revoke', '--user', account.email, '--role', 'writer');
  await expect(sections(other).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages'], { timeout: 2_000 });
  await expect(sections(page).getByRole('link')).toHaveText(['Scripts', 'History', 'Friends', 'Messages'], { timeout: 2_000 });
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Upgrade your membership');
});
