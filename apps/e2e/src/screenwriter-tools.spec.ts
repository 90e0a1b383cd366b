import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, root, shotsDir, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { draftEditor as editor, saveStatus as status, serverDraft, writer } from '../support/drafts';

/**
 * The screenwriter's tools in Chromium against the real API: Final Draft and Fountain files
 * imported from the drafts list, the editor's page count against the PDF's own, completion by
 * keyboard, a revision colour's margin marks, and the FDX export; looked at on a laptop and a phone.
 */

const SHOTS = shotsDir('screenwriter-tools');

const FDX = `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<FinalDraft DocumentType="Script" Template="No" Version="5">
  <Content>
    <Paragraph Type="Scene Heading"><Text>INT. LIGHTHOUSE - NIGHT</Text></Paragraph>
    <Paragraph Type="Action"><Text>The lamp turns. MARA climbs the last steps.</Text></Paragraph>
    <Paragraph Type="Character"><Text>MARA</Text></Paragraph>
    <Paragraph Type="Parenthetical"><Text>(out of breath)</Text></Paragraph>
    <Paragraph Type="Dialogue"><Text>Someone has to keep it lit.</Text></Paragraph>
    <Paragraph Type="Transition"><Text>CUT TO:</Text></Paragraph>
  </Content>
</FinalDraft>`;

/** Three pages and more of scenes whose speeches run across page breaks. */
const FOUNTAIN = Array.from(
  { length: 12 },
  (_, i) =>
    `INT. FERRY DECK - NIGHT\n\nRain drums on the rail. Scene ${i + 1}.\n\nNORA\n(quietly)\n${'Still waiting for the last ferry, as I have every night since the winter came. '.repeat(3).trim()}\n\nTOM\nI know.`,
).join('\n\n');

/** The number of pages of a PDF, read by pdfjs-dist (apps/api/test/pdf-text.mjs). */
function pdfPages(file: string): number {
  const run = spawnSync(process.execPath, [path.join(root, 'apps/api/test/pdf-text.mjs')], { input: fs.readFileSync(file), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(run.stderr);
  return (JSON.parse(run.stdout) as unknown[]).length;
}

async function saved(download: Download): Promise<string> {
  const file = path.join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/**
 * Presses `key` on an open suggestion list. CodeMirror ignores Tab and Enter on a list open for
 * less than its interaction delay (75 ms, so a key typed as the list appears is not taken for a
 * choice): the test waits that long, as a person's eye does.
 */
async function choose(page: Page, key: 'Tab' | 'Enter') {
  await page.waitForTimeout(150);
  await page.keyboard.press(key);
}

async function importFile(page: Page, name: string, content: string) {
  await page.goto('/write');
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({ name, mimeType: name.endsWith('.fdx') ? 'application/xml' : 'text/plain', buffer: Buffer.from(content) });
  await expect(page).toHaveURL(/\/write\/[A-Za-z0-9]+$/);
  await expect(editor(page)).toBeVisible();
  return page.url().split('/').pop() as string;
}

test('imports, page count against the PDF, completion, revision marks and the FDX export', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const me = await writer(page.request);
  await signIn(page, me);

  // A bad file: said plainly, nothing made.
  await page.goto('/write');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import' }).click();
  await (await chooser).setFiles({ name: 'broken.fdx', mimeType: 'application/xml', buffer: Buffer.from('<FinalDraft><Content>') });
  await expect(page.getByRole('alert')).toHaveText('This file is not a Final Draft screenplay: its XML could not be read. Export it again from Final Draft as .fdx.');
  await expect(page.getByText('No drafts yet')).toBeVisible();

  // Final Draft: the paragraphs become Fountain.
  const fdxDraft = await importFile(page, 'Lighthouse.fdx', FDX);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighthouse' })).toBeVisible();
  await expect(editor(page)).toContainText('INT. LIGHTHOUSE - NIGHT');
  await expect(editor(page)).toContainText('(out of breath)');
  expect((await serverDraft(page.request, me.token, fdxDraft)).body).toBe(
    'INT. LIGHTHOUSE - NIGHT\n\nThe lamp turns. MARA climbs the last steps.\n\nMARA\n(out of breath)\nSomeone has to keep it lit.\n\nCUT TO:\n',
  );

  // Fountain: the page count in the status bar is the PDF's.
  const draftId = await importFile(page, 'Ferry.fountain', FOUNTAIN);
  const bar = page.locator('.vox-draft-status');
  await expect(bar.locator('.vox-draft-status__pages')).toHaveText(/^\d+ pages$/);
  const shown = Number((await bar.locator('.vox-draft-status__pages').textContent())?.split(' ')[0]);
  expect(shown).toBeGreaterThanOrEqual(3);
  await expect(bar.locator('.vox-draft-status__page')).toHaveText(`Page 1 of ${shown}`);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  // The title page (named after the draft), then the script's pages.
  expect(pdfPages(await saved(await pdf))).toBe(shown + 1);

  // The cursor's page follows it.
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await expect(bar.locator('.vox-draft-status__page')).toHaveText(`Page ${shown} of ${shown}`);

  // Completion by keyboard: a cue from the names used, then a scene heading.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('NO');
  const list = page.getByRole('listbox', { name: 'Suggestions: character names and scene headings' });
  // Each option reads its name and what it is.
  const options = list.getByRole('option');
  await expect(options).toHaveText(['NORAcharacter']);
  await choose(page, 'Tab');
  await expect(list).toBeHidden();
  await page.keyboard.press('Enter');
  await page.keyboard.type('One more night.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('E');
  await expect(options).toHaveText(['EXT.scene heading']);
  await choose(page, 'Enter');
  await page.keyboard.type('F');
  await expect(options).toHaveText(['FERRY DECKlocation']);
  await choose(page, 'Enter');
  await page.keyboard.type('N');
  await expect(options).toHaveText(['NIGHTtime of day']);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await page.keyboard.type('IGHT');
  await expect(status(page)).toHaveText('Saved');
  expect((await serverDraft(page.request, me.token, draftId)).body.endsWith('\n\nNORA\nOne more night.\n\nEXT. FERRY DECK - NIGHT')).toBe(true);

  // A revision: Blue starts from the text as saved; a changed line is marked in the margin.
  await page.getByRole('button', { name: 'Start Blue revision' }).click();
  await expect(page.getByText('Blue revision started: the lines you change from now on are marked in the margin and in the PDF.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Pink revision' })).toBeVisible();
  await expect(page.locator('.vox-revision-mark')).toHaveCount(0);
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The rain stops.');
  const mark = page.locator('.vox-revision-mark');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveAttribute('aria-label', 'Changed in the Blue revision');
  await expect(bar.locator('.vox-draft-status__revision')).toHaveText('Blue revision: 1 line changed');
  await expect(status(page)).toHaveText('Saved');
  await page.screenshot({ path: `${SHOTS}/editor-laptop.png` });
  await expectNoSeriousViolations(page, 'the editor with its status bar and a revision mark');

  // FDX export: Final Draft's XML of the draft.
  const fdx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export FDX' }).click();
  const fdxFile = await saved(await fdx);
  expect(path.basename(fdxFile)).toBe('Ferry.fdx');
  const xml = fs.readFileSync(fdxFile, 'utf8');
  expect(xml).toContain('<FinalDraft DocumentType="Script" Template="No" Version="5">');
  expect(xml).toContain('<Paragraph Type="Scene Heading">\n      <Text>EXT. FERRY DECK - NIGHT</Text>');
  expect(xml).toContain('<Paragraph Type="Character">\n      <Text>NORA</Text>');
  expect(xml).toContain('<Paragraph Type="Parenthetical">\n      <Text>(quietly)</Text>');
  expect(xml).toContain('<Paragraph Type="Action">\n      <Text>The rain stops.</Text>');

  // The phone: the status bar and the marks stay in view, nothing serious for axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/editor-phone.png` });
  await expectNoSeriousViolations(page, 'the editor on a phone');
  await page.goto('/write');
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/drafts-phone.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'the drafts list on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/drafts-laptop.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'the drafts list');
});
