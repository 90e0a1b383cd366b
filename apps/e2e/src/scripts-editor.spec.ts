import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { parseFountain, type FountainScript } from '@vox/fountain';
import { createAccount, expect, root, signIn, test, shotsDir } from '../support/fixtures';
import { appUrl } from '../support/ports';

/**
 * The scripts list and the script editor in Chromium against the real API: a real
 * screenplay pasted in Fountain comes out right after a save and a reload, exports and imports
 * back the same, a moved line is guarded when leaving, search finds the script, and another
 * member sees it only once it is public.
 */

const FERRY = fs.readFileSync(path.join(root, 'libs/fountain/src/fixtures/last-ferry.fountain'), 'utf8');
const SHOTS = shotsDir('scripts-editor');

test.use({ viewport: { width: 1280, height: 800 } });

const bar = (page: Page) => page.locator('.vox-script-editor__bar');
const status = (page: Page) => bar(page).getByRole('status');

/** A second person: their own browser context (cookies, storage) and client address. */
async function secondPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: appUrl(),
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

/** Pastes Fountain into the import dialog and imports it. */
async function importFountain(page: Page, text: string, button: 'Import' | 'Replace script' = 'Import') {
  await bar(page).getByRole('button', { name: 'Import Fountain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Fountain' });
  await dialog.getByRole('textbox', { name: 'Screenplay' }).fill(text);
  await expect(dialog.getByRole('button', { name: button })).toBeEnabled();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The script as the editor on screen shows it. */
async function onScreen(page: Page): Promise<Pick<FountainScript, 'title' | 'roles' | 'lines'>> {
  return page.evaluate(() => {
    const value = (el: Element | null) => (el as HTMLInputElement | HTMLTextAreaElement | null)?.value ?? '';
    const rows = [...document.querySelectorAll('[data-line-key]')];
    return {
      title: value(document.querySelector('#script-title')),
      roles: [...document.querySelectorAll('[data-role-key]')].map((row) => ({
        name: value(row.querySelector('.vox-editor-role__name')),
        description: value(row.querySelector('.vox-editor-role__description')),
      })),
      lines: rows.map((row) => {
        const kind = value(row.querySelector('.vox-editor-line__kind')) as FountainScript['lines'][number]['kind'];
        const role = row.querySelector<HTMLSelectElement>('.vox-editor-line__role');
        return {
          kind,
          role: kind === 'dialogue' && role ? (role.selectedOptions[0]?.textContent ?? null) : null,
          parenthetical: kind === 'dialogue' ? value(row.querySelector('.vox-editor-line__parenthetical')) || null : null,
          text: value(row.querySelector('.vox-editor-line__text')),
        };
      }),
    };
  });
}

test('a pasted screenplay saves, reloads, exports and imports back the same; leaving unsaved asks; search finds it', async ({ page }) => {
  test.setTimeout(120_000);
  const writer = await createAccount(page.request);
  await signIn(page, writer);
  const expected = parseFountain(FERRY);

  await page.goto('/scripts');
  await page.getByRole('link', { name: 'New script' }).first().click();
  await expect(page).toHaveURL(/\/scripts\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New script' })).toBeVisible();

  // Paste: the preview says what is there before anything changes.
  await bar(page).getByRole('button', { name: 'Import Fountain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Fountain' });
  await dialog.getByRole('textbox', { name: 'Screenplay' }).fill(FERRY);
  await expect(dialog.getByText('“THE LAST FERRY”')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'What the screenplay holds' }).getByRole('listitem')).toHaveText([
    '3 roles',
    '5 scene headings',
    '13 dialogue lines',
    '8 action lines',
    '3 transitions',
  ]);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('textbox', { name: 'Text of line 29', exact: true })).toHaveValue('FADE OUT.');
  await page.getByRole('textbox', { name: 'Genre' }).fill('Drama');
  await page.getByRole('textbox', { name: 'Description of NELL' }).fill('Soaked, furious, late.');

  await bar(page).getByRole('button', { name: 'Save script' }).click();
  await expect(page).toHaveURL(/\/scripts\/edit\/[A-Za-z0-9_-]+$/);
  await expect(status(page)).toHaveText('Script created.');
  const editUrl = page.url();

  // Reload: what the server kept is the screenplay, element by element.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'THE LAST FERRY' })).toBeVisible();
  const saved = await onScreen(page);
  expect(saved.title).toBe('THE LAST FERRY');
  expect(saved.roles).toEqual([
    { name: 'NELL', description: 'Soaked, furious, late.' },
    { name: 'OLD TOM', description: '' },
    { name: 'McCLANE', description: '' },
  ]);
  expect(saved.lines).toEqual(expected.lines);
  await expect(page.getByRole('combobox', { name: 'Kind of line 1', exact: true })).toHaveValue('scene');
  await expect(page.getByRole('textbox', { name: 'Parenthetical of line 9', exact: true })).toHaveValue('(without looking up)');

  // Export: the file reads back as the saved script, and importing it changes nothing.
  const download = page.waitForEvent('download');
  await bar(page).getByRole('button', { name: 'Export Fountain' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('THE LAST FERRY.fountain');
  const exported = fs.readFileSync((await file.path()) as string, 'utf8');
  expect(parseFountain(exported)).toEqual({ ...expected, genre: 'Drama', language: 'en', roles: saved.roles });
  await importFountain(page, exported, 'Replace script');
  expect(await onScreen(page)).toEqual(saved);

  // Start from what the server has again (the list's Edit link: one page, so Back stays in
  // it), then move a line: leaving now asks.
  await page.goto('/scripts');
  await page.getByRole('link', { name: 'Edit THE LAST FERRY' }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(status(page)).toHaveText('All changes saved');
  await page.getByRole('textbox', { name: 'Text of line 2', exact: true }).press('Alt+ArrowDown');
  await expect(page.getByRole('textbox', { name: 'Text of line 3', exact: true })).toHaveValue(expected.lines[1].text);
  await expect(page.getByRole('textbox', { name: 'Text of line 3', exact: true })).toBeFocused();
  await expect(status(page)).toHaveText('Unsaved changes');

  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'History' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(editUrl);

  // The browser's Back button asks too, and the page stays as it was.
  await page.goBack();
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(editUrl);
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByRole('textbox', { name: 'Text of line 3', exact: true })).toHaveValue(expected.lines[1].text);

  // Reload asks through the browser's own prompt (beforeunload).
  const prompts: string[] = [];
  page.once('dialog', (prompt) => {
    prompts.push(prompt.type());
    void prompt.dismiss();
  });
  await page.reload({ timeout: 2_000 }).catch(() => undefined);
  expect(prompts).toEqual(['beforeunload']);
  await expect(page.getByRole('textbox', { name: 'Text of line 3', exact: true })).toHaveValue(expected.lines[1].text);

  // Saved, it goes without asking; the list finds it by search, with q in the address.
  await page.keyboard.press('Control+s');
  await expect(status(page)).toHaveText('Saved.');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Scripts' }).click();
  await expect(page).toHaveURL(/\/scripts$/);
  await page.getByRole('searchbox', { name: 'Search scripts' }).fill('last ferry');
  await expect(page).toHaveURL(/\/scripts\?q=last\+ferry$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'THE LAST FERRY', exact: true }) });
  await expect(card).toContainText('3 roles · 29 lines');
  await expect(card).toContainText('Private');
  await expect(card).toContainText('Drama');
  await card.getByRole('link', { name: 'Edit THE LAST FERRY' }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByRole('textbox', { name: 'Text of line 3', exact: true })).toHaveValue(expected.lines[1].text);

  // Choosing to leave by Back goes back after all, to the search it came from.
  await page.getByRole('textbox', { name: 'Text of line 1', exact: true }).fill('EXT. HARBOUR - DAWN');
  await page.goBack();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/scripts\?q=last\+ferry$/);
  await expect(page.getByRole('searchbox', { name: 'Search scripts' })).toHaveValue('last ferry');
  await expect(card).toBeVisible();
});

test('another member finds a script only once it is public, and cannot edit it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await createAccount(page.request);
  await signIn(page, owner);
  const title = `Harbour Lights ${Date.now().toString(36)}`;

  await page.goto('/scripts/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await importFountain(page, 'INT. LIGHTHOUSE - NIGHT\n\nKEEPER\n(to the sea)\nNot tonight.\n');
  await bar(page).getByRole('button', { name: 'Save script' }).click();
  await expect(page).toHaveURL(/\/scripts\/edit\/[A-Za-z0-9_-]+$/);
  const scriptId = page.url().split('/').pop() as string;

  const reader = await secondPerson(browser);
  await signIn(reader.page, await createAccount(reader.page.request));
  await reader.page.goto(`/scripts?q=${encodeURIComponent(title)}`);
  await expect(reader.page.getByRole('heading', { level: 2, name: 'No scripts found' })).toBeVisible();

  await page.getByRole('radio', { name: /Public/ }).check();
  await bar(page).getByRole('button', { name: 'Save' }).click();
  await expect(status(page)).toHaveText('Saved.');

  await reader.page.reload();
  const card = reader.page.getByRole('listitem').filter({ has: reader.page.getByRole('link', { name: title, exact: true }) });
  await expect(card).toContainText('Public');
  await expect(card).toContainText('1 role · 2 lines');
  await expect(card.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/script/${scriptId}`);

  await reader.page.goto(`/scripts/edit/${scriptId}`);
  await expect(reader.page.getByText('Only the owner of this script can change it.')).toBeVisible();
  await expect(reader.page.getByRole('link', { name: 'Open the script' })).toHaveAttribute('href', `/script/${scriptId}`);
  await reader.context.close();
});

test('the list and the editor on a laptop and on a phone', async ({ page }) => {
  test.setTimeout(90_000);
  const writer = await createAccount(page.request);
  await signIn(page, writer);
  await page.goto('/scripts/create');
  await importFountain(page, FERRY);
  await page.getByRole('textbox', { name: 'Genre' }).fill('Drama');
  await bar(page).getByRole('button', { name: 'Save script' }).click();
  await expect(status(page)).toHaveText('Script created.');
  await page.goto('/scripts/create');
  await page.getByRole('textbox', { name: 'Title' }).fill('Night Bus');
  await importFountain(page, 'INT. BUS - NIGHT\n\nMARA\nLast stop.\n');
  await page.getByRole('radio', { name: /Friends/ }).check();
  await bar(page).getByRole('button', { name: 'Save script' }).click();
  await expect(status(page)).toHaveText('Script created.');
  const editUrl = page.url();

  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [name, width, height] of [
    ['laptop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/scripts');
    await expect(page.getByRole('link', { name: 'Night Bus', exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `scripts-${name}.png`) });
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto(editUrl.replace(/\/scripts\/edit\/.*/, '/scripts?q=ferry'));
    await page.getByRole('link', { name: 'Edit THE LAST FERRY' }).click();
    await expect(page.getByRole('textbox', { name: 'Text of line 1', exact: true })).toHaveValue('EXT. HARBOUR - NIGHT');
    await page.screenshot({ path: path.join(SHOTS, `editor-${name}.png`) });
    await page.getByRole('heading', { name: /^Lines/ }).scrollIntoViewIfNeeded();
    // Lines off screen are skipped by layout (content-visibility) until they come into view.
    await expect(page.getByRole('combobox', { name: 'Kind of line 1', exact: true })).toBeInViewport();
    await page.screenshot({ path: path.join(SHOTS, `editor-lines-${name}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await bar(page).getByRole('button', { name: 'Import Fountain' }).click();
    await page.getByRole('dialog', { name: 'Import Fountain' }).getByRole('textbox', { name: 'Screenplay' }).fill(FERRY);
    await expect(page.getByRole('dialog', { name: 'Import Fountain' }).getByText('“THE LAST FERRY”')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `import-${name}.png`) });
    await page.keyboard.press('Escape');
  }
});
