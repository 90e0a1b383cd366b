import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Draft } from '@vox/contract';
import { admin, createAccount, expect, signIn, test, type TestAccount } from '../support/fixtures';

/**
 * Issue 13, the writing room in Chromium against the real API: autosave keeps every character
 * through a lost network and a reload, two tabs on one draft are merged instead of overwritten,
 * and the pages are looked at on a laptop and a phone.
 */

const SHOTS = process.env.DRAFT_SHOTS ?? '/tmp/h-drafts-shots';
fs.mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: { width: 1280, height: 800 } });

const status = (page: Page) => page.locator('.vox-draft-editor__bar').getByRole('status');
const editor = (page: Page) => page.locator('.cm-content');

async function writer(request: APIRequestContext): Promise<TestAccount & { token: string }> {
  const account = await createAccount(request);
  admin('grant', '--user', account.email, '--role', 'writer', '--days', '30');
  const res = await request.post('/api/users/authenticate', { data: { username: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  return { ...account, token: (await res.json()).token };
}

async function serverDraft(request: APIRequestContext, token: string, draftId: string): Promise<Draft> {
  const res = await request.get(`/api/drafts/${draftId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Opens a new blank draft from /write and answers its id. */
async function newDraft(page: Page): Promise<string> {
  await page.goto('/write');
  await page.getByRole('button', { name: 'New draft' }).click();
  await expect(page).toHaveURL(/\/write\/[A-Za-z0-9]+$/);
  await expect(editor(page)).toBeVisible();
  return page.url().split('/').pop() as string;
}

async function typeAtEnd(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]) await page.keyboard.insertText(lines[i]);
    if (i < lines.length - 1) await page.keyboard.press('Enter');
  }
}

test('autosave: typing offline survives a reload and every character reaches the server when the network is back', async ({ page, context }) => {
  const me = await writer(page.request);
  await signIn(page, me);
  const draftId = await newDraft(page);
  await expect(status(page)).toHaveText('Saved');

  await typeAtEnd(page, 'INT. FERRY DECK - NIGHT\n\nRain drums on the rail.');
  await expect(status(page)).toHaveText('Saved');
  expect((await serverDraft(page.request, me.token, draftId)).body).toBe('INT. FERRY DECK - NIGHT\n\nRain drums on the rail.');

  // The network goes: typing goes on, the status says so.
  await context.setOffline(true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Nora grips a paper ticket, soaked through.', { delay: 5 });
  await expect(status(page)).toHaveText('Offline, will save');

  // A reload while the API is still out of reach (the page itself loads; every save fails,
  // including the one sent as the page goes away).
  await context.route('**/api/drafts/*', (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback()));
  await context.setOffline(false);
  await page.reload();
  await expect(editor(page)).toContainText('Nora grips a paper ticket, soaked through.');
  await expect(status(page)).toHaveText('Offline, will save');
  expect((await serverDraft(page.request, me.token, draftId)).body).toBe('INT. FERRY DECK - NIGHT\n\nRain drums on the rail.');

  // The network is back: the kept text is sent, every character of it.
  await context.unroute('**/api/drafts/*');
  await expect(status(page)).toHaveText('Saved', { timeout: 15_000 });
  const saved = await serverDraft(page.request, me.token, draftId);
  expect(saved.body).toBe('INT. FERRY DECK - NIGHT\n\nRain drums on the rail.\n\nNora grips a paper ticket, soaked through.');

  // Nothing is left waiting: a fresh reload shows the server's text and stays Saved.
  await page.reload();
  await expect(editor(page)).toContainText('Nora grips a paper ticket, soaked through.');
  await expect(status(page)).toHaveText('Saved');
});

test('two tabs on one draft: the stale one is refused and merges instead of overwriting', async ({ page, context }) => {
  const me = await writer(page.request);
  await signIn(page, me);
  const draftId = await newDraft(page);
  await typeAtEnd(page, 'INT. PIER - DAWN\n\nGulls.\n\nThe ferry horn sounds.');
  await expect(status(page)).toHaveText('Saved');

  const other = await context.newPage();
  await other.goto(`/write/${draftId}`);
  await expect(editor(other)).toContainText('The ferry horn sounds.');

  // Tab one adds a line at the end and saves.
  await typeAtEnd(page, '\n\nNora runs.');
  await expect(status(page)).toHaveText('Saved');

  // Tab two, still on the older revision, changes the first action line.
  await editor(other).getByText('Gulls.').click();
  await other.keyboard.press('End');
  await other.keyboard.insertText(' Hundreds of them.');
  const dialog = other.getByRole('dialog', { name: 'This draft changed elsewhere' });
  await expect(dialog).toBeVisible();
  await expect(status(other)).toHaveText('Changed elsewhere');
  await dialog.getByRole('button', { name: 'Merge the changes' }).click();
  await expect(status(other)).toHaveText('Saved');
  expect((await serverDraft(page.request, me.token, draftId)).body).toBe('INT. PIER - DAWN\n\nGulls. Hundreds of them.\n\nThe ferry horn sounds.\n\nNora runs.');
});

test('screenshots: drafts, editor, revisions compare, templates, on a laptop and a phone', async ({ page }) => {
  // A long journey (eleven pages and dialogs): more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const me = await writer(page.request);
  await signIn(page, me);
  await page.goto('/templates');
  await expect(page.getByRole('article', { name: 'Audio drama scene' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/templates-laptop.png`, fullPage: true });
  await page.getByRole('article', { name: 'Audio drama scene' }).getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audio drama scene' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/template-preview-laptop.png` });
  await page.getByRole('button', { name: 'Start a draft from this template' }).click();
  await expect(editor(page)).toContainText('EXT. LIGHTHOUSE GALLERY - NIGHT');
  await expect(page.getByRole('navigation', { name: 'Scenes' }).getByRole('button')).toHaveText(['1 EXT. LIGHTHOUSE GALLERY - NIGHT']);
  await expect(page.locator('.vox-fountain-scene').first()).toHaveText('EXT. LIGHTHOUSE GALLERY - NIGHT');
  await expect(page.locator('.vox-fountain-character').first()).toHaveText('TOM');
  await page.screenshot({ path: `${SHOTS}/editor-laptop.png` });

  // A named revision, a change, then compare the two.
  await page.getByRole('button', { name: 'Revisions' }).click();
  const panel = page.getByRole('dialog', { name: 'Revisions' });
  await panel.getByLabel('Name this version').fill('First pass');
  await panel.getByRole('button', { name: 'Save revision' }).click();
  await expect(panel.getByRole('list', { name: 'Revisions' }).getByRole('listitem').first()).toContainText('First pass');
  await panel.getByRole('button', { name: 'Close' }).click();
  await editor(page).getByText('Shut that door before you let the whole sea in.').click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' Now.');
  await expect(status(page)).toHaveText('Saved');
  await page.getByRole('button', { name: 'Revisions' }).click();
  await panel.getByLabel('Name this version').fill('Second pass');
  await panel.getByRole('button', { name: 'Save revision' }).click();
  const items = panel.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
  await expect(items.first()).toContainText('Second pass');
  await items.nth(0).getByRole('checkbox').check();
  await items.nth(1).getByRole('checkbox').check();
  await panel.getByRole('button', { name: 'Compare' }).click();
  const compare = page.getByRole('dialog', { name: 'Compare revisions' });
  await expect(compare.locator('.vox-compare__cell--added')).toHaveText(['Shut that door before you let the whole sea in. Now.']);
  await expect(compare.locator('.vox-compare__cell--removed')).toHaveText(['Shut that door before you let the whole sea in.']);
  await page.screenshot({ path: `${SHOTS}/compare-laptop.png` });
  await compare.getByRole('button', { name: 'Back to revisions' }).click();
  await page.getByRole('dialog', { name: 'Revisions' }).getByRole('button', { name: 'Close' }).click();

  await page.goto('/write');
  await expect(page.getByRole('list', { name: 'Your drafts' })).toContainText('The Lighthouse Keeper');
  await page.screenshot({ path: `${SHOTS}/drafts-laptop.png` });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/drafts-phone.png`, fullPage: true });
  await page.getByRole('link', { name: /The Lighthouse Keeper/ }).click();
  await expect(editor(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-phone.png` });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByLabel('Page 1')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/preview-phone.png` });
  await page.goto('/templates');
  await expect(page.getByRole('article', { name: 'Audio drama scene' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/templates-phone.png`, fullPage: true });
});
