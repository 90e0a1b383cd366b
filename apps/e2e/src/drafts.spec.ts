import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Draft } from '@vox/contract';
import { expect, root, shotsDir, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { draftEditor as editor, saveStatus as status, serverDraft, writer } from '../support/drafts';
import { withFakeMicrophone } from '../support/reading';

/**
 * The writing room in Chromium against the real API: autosave keeps every character
 * through a lost network and a reload, two tabs on one draft take each other's saves in and merge
 * them with their own typing (drafts-two-tabs.spec.ts types 50 edits in turn),
 * publishing carries recorded takes across rewrites, and the pages are looked at on a laptop
 * and a phone.
 */

const SHOTS = shotsDir('drafts');

// A fake microphone (a beep, no prompt) for the takes of the publish test.
test.use(withFakeMicrophone());

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
  // A journey of sign-up, typing and two reloads: on a loaded 2-core CI machine it took 16-30 s of
  // the default 30 s (a limit on the run, not a speed assertion; the bench measures speed).
  test.setTimeout(90_000);
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

  // A reload while the API is still out of reach for changes (the page itself loads; every change
  // sent fails, including the one sent as the page goes away). Refused by the browser's own interception
  // (CDP Fetch) rather than context.route: Playwright lets through, unrouted, a paused request it
  // cannot tie to a frame, and the save sent from the page's pagehide during the reload could so
  // reach the server (seen as this test finding "Saved" after the reload, more often when the
  // page was not animating anything).
  const network = await context.newCDPSession(page);
  const refused: string[] = [];
  network.on('Fetch.requestPaused', (paused) => {
    if (paused.request.method === 'POST' && paused.request.url.endsWith('/doc')) {
      refused.push(paused.request.url);
      void network.send('Fetch.failRequest', { requestId: paused.requestId, errorReason: 'InternetDisconnected' }).catch(() => undefined);
    } else void network.send('Fetch.continueRequest', { requestId: paused.requestId }).catch(() => undefined);
  });
  await network.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/drafts/*', requestStage: 'Request' }] });
  await context.setOffline(false);
  await page.reload();
  await expect(editor(page)).toContainText('Nora grips a paper ticket, soaked through.');
  await expect(status(page)).toHaveText('Offline, will save');
  expect((await serverDraft(page.request, me.token, draftId)).body).toBe('INT. FERRY DECK - NIGHT\n\nRain drums on the rail.');

  // The network is back: the kept text is sent, every character of it.
  expect(refused.length).toBeGreaterThan(0);
  await network.send('Fetch.disable');
  await expect(status(page)).toHaveText('Saved', { timeout: 15_000 });
  const saved = await serverDraft(page.request, me.token, draftId);
  expect(saved.body).toBe('INT. FERRY DECK - NIGHT\n\nRain drums on the rail.\n\nNora grips a paper ticket, soaked through.');

  // Nothing is left waiting: a fresh reload shows the server's text and stays Saved.
  await page.reload();
  await expect(editor(page)).toContainText('Nora grips a paper ticket, soaked through.');
  await expect(status(page)).toHaveText('Saved');
});

test("two tabs on one draft: each shows the other's typing as it happens, merged with its own, line by line", async ({ page, context }) => {
  test.setTimeout(60_000);
  const me = await writer(page.request);
  await signIn(page, me);
  const draftId = await newDraft(page);
  await typeAtEnd(page, 'INT. PIER - DAWN\n\nGulls.\n\nThe ferry horn sounds.');
  await expect(status(page)).toHaveText('Saved');

  const other = await context.newPage();
  await other.goto(`/write/${draftId}`);
  await expect(editor(other)).toContainText('The ferry horn sounds.');

  // Tab one adds a line at the end and saves: tab two shows it without a reload and says Saved.
  await typeAtEnd(page, '\n\nNora runs.');
  await expect(status(page)).toHaveText('Saved');
  await expect(editor(other)).toContainText('Nora runs.');
  await expect(status(other)).toHaveText('Saved');

  // Tab two starts a line at the end (a cue) just as tab one's change of the first action line is saved.
  await editor(page).getByText('Gulls.').click();
  await page.keyboard.press('End');
  await page.keyboard.insertText(' Hundreds of them.');
  await typeAtEnd(other, '\n\nJANE');
  await expect(status(page)).toHaveText('Saved');
  // Tab two takes it in once its typing pauses; the cursor stays after JANE, so the next words are a line of their own.
  await expect(editor(other)).toContainText('Gulls. Hundreds of them.');
  await other.keyboard.press('Enter');
  await other.keyboard.insertText('Tab two again.');

  const both = 'INT. PIER - DAWN\n\nGulls. Hundreds of them.\n\nThe ferry horn sounds.\n\nNora runs.\n\nJANE\nTab two again.';
  await expect(status(other)).toHaveText('Saved');
  await expect(status(page)).toHaveText('Saved');
  await expect.poll(async () => (await serverDraft(page.request, me.token, draftId)).body).toBe(both);
  await expect(editor(page).locator('.cm-line')).toHaveText(both.split('\n'));
  await expect(editor(other).locator('.cm-line')).toHaveText(both.split('\n'));
  // Nobody was asked: these edits touch different lines.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(other.getByRole('dialog')).toHaveCount(0);
});

test('a Fountain file becomes a new draft through Import, its text whole; a file that is not one is refused with a clear reason', async ({ page }) => {
  const me = await writer(page.request);
  await signIn(page, me);
  await page.goto('/write');
  const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import' }).click()]);
    await chooser.setFiles(file);
  };

  await choose({ name: 'poster.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%\u00e2\u00e3') });
  await expect(page.getByRole('alert')).toHaveText('Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.');
  await expect(page).toHaveURL(/\/write$/);

  const ferry = fs.readFileSync(path.join(root, 'libs/fountain/src/fixtures/last-ferry.fountain'));
  await choose({ name: 'last-ferry.fountain', mimeType: 'text/plain', buffer: ferry });
  await expect(page).toHaveURL(/\/write\/[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'THE LAST FERRY' })).toBeVisible();
  await expect(editor(page)).toContainText('EXT. HARBOUR - NIGHT #1#');
  await expect(status(page)).toHaveText('Saved');
  const draftId = page.url().split('/').pop() as string;
  expect((await serverDraft(page.request, me.token, draftId)).body).toBe(ferry.toString('utf8'));
  await page.goto('/write');
  await expect(page.getByRole('list', { name: 'Your drafts' }).getByRole('link', { name: /THE LAST FERRY/ })).toBeVisible();
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

// --- Publish: recordings carry forward ---

const FERRY = `Title: The Night Ferry
Genre: Drama

INT. FERRY DECK - NIGHT

Rain drums on the rail. NORA grips a paper ticket.

NORA
(to herself)
One way. Only one way.

CAPTAIN
Tickets, please.

NORA
I have none.

CUT TO:
`;
const ONE_WAY = 'One way. Only one way.';
const NONE = 'I have none.';

const readerLine = (page: Page, text: string) => page.locator('.vox-reader-line', { hasText: text });

/** Plays the take with `label` in the reader's player and checks the browser loads it as audio from the server. */
async function expectPlays(page: Page, scope: ReturnType<Page['locator']>, label: string | RegExp) {
  const audio = page.getByTestId('table-read-audio');
  await page.evaluate(() => {
    const element = document.querySelector<HTMLAudioElement>('[data-testid="table-read-audio"]');
    element?.removeAttribute('data-loaded-metadata');
    element?.addEventListener('loadedmetadata', () => element.setAttribute('data-loaded-metadata', String(element.duration)), { once: true });
  });
  await scope.getByRole('button', { name: label }).click();
  await expect(audio).toHaveAttribute('src', /^\/api\/audio\/[0-9a-f]{64}$/, { timeout: 15_000 });
  await expect(audio).toHaveAttribute('data-loaded-metadata', /^(Infinity|\d+(\.\d+)?)$/, { timeout: 15_000 });
  expect(Number(await audio.getAttribute('data-loaded-metadata'))).toBeGreaterThan(0);
  return (await audio.getAttribute('src')) as string;
}

// Pages of this journey open slowly on a loaded 2-core machine (10 s for the editor seen at load 35).
const slow = expect.configure({ timeout: 45_000 });

test.describe('publish', () => {
  test('publish, record a take, change another line, republish: the take is still on its line and plays; rewritten and cut lines keep theirs', async ({ page }) => {
    test.setTimeout(400_000);
    const me = await writer(page.request);
    await signIn(page, me);
    const created = await page.request.post('/api/drafts', { headers: { authorization: `Bearer ${me.token}` }, data: { body: FERRY } });
    expect(created.status()).toBe(201);
    const draftId = (await created.json()).id as string;

    // Publish: a new script.
    await page.goto(`/write/${draftId}`);
    await slow(editor(page)).toContainText('INT. FERRY DECK - NIGHT');
    const bar = page.locator('.vox-draft-editor__bar');
    await slow(bar.getByRole('link', { name: 'Open script' })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    const notice = page.locator('.vox-draft-editor__notice');
    await slow(notice).toHaveText('Published as a new script: The Night Ferry. 6 lines.');
    await slow(bar.getByRole('button', { name: 'Update script' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/publish-laptop.png` });
    await expectNoSeriousViolations(page, 'editor after publishing (laptop)');

    // Record a take of each of NORA's lines in the script's session.
    await bar.getByRole('link', { name: 'Open script' }).click();
    await slow(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
    const sessionPath = new URL(page.url()).pathname;
    await slow(page.getByRole('heading', { level: 1, name: 'The Night Ferry' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose a role' }).click();
    const roles = page.getByRole('dialog', { name: 'Choose your role' });
    await roles.locator('li', { hasText: 'NORA' }).getByRole('button', { name: 'Read this role' }).click();
    await slow(page.getByRole('button', { name: 'Your role: NORA' })).toBeVisible();
    for (const text of [ONE_WAY, NONE]) {
      const row = readerLine(page, text);
      await row.getByRole('button', { name: /^Record/ }).click();
      await slow(row.getByRole('status', { name: 'Recording' })).toBeVisible();
      await page.waitForTimeout(1200);
      await row.getByRole('button', { name: 'Stop' }).click();
      await slow(row.getByText('Take 1')).toBeVisible();
      await slow(row.getByText(/Uploading|Waiting to upload/)).toHaveCount(0);
    }
    const recorded = await (await page.request.get(`/api/sessions/${sessionPath.split('/').pop()}`, { headers: { authorization: `Bearer ${me.token}` } })).json();
    const takeOf = (text: string) => {
      const lineId = recorded.script.lines.find((l: { text: string }) => l.text === text).id as string;
      return recorded.takes.find((t: { lineId: string }) => t.lineId === lineId) as { id: string; lineId: string; audio: string };
    };
    const oneWayTake = takeOf(ONE_WAY);
    const noneTake = takeOf(NONE);

    // Change one other line in the editor (the CAPTAIN's), then update the script.
    await page.goto(`/write/${draftId}`);
    await editor(page).getByText('Tickets, please.').click();
    await page.keyboard.press('End');
    await page.keyboard.insertText(' Now.');
    await slow(status(page)).toHaveText('Saved');
    await bar.getByRole('button', { name: 'Update script' }).click();
    await slow(notice).toHaveText('Script updated: The Night Ferry. 5 lines unchanged, 1 changed. All 2 takes are kept.');

    // The take is still on its line (same line id), with no mark, and plays from the server.
    await page.goto(sessionPath);
    const oneWay = readerLine(page, ONE_WAY);
    await slow(oneWay.getByText('Take 1')).toBeVisible();
    await slow(oneWay.locator('.vox-earlier-mark')).toHaveCount(0);
    await slow(readerLine(page, 'Tickets, please. Now.')).toBeVisible();
    expect(await expectPlays(page, oneWay, 'Play Take 1')).toBe(`/api/audio/${oneWayTake.audio}`);
    const after = await (await page.request.get(`/api/sessions/${sessionPath.split('/').pop()}`, { headers: { authorization: `Bearer ${me.token}` } })).json();
    expect(after.takes.find((t: { id: string }) => t.id === oneWayTake.id).lineId).toBe(oneWayTake.lineId);

    // Rewrite NORA's first line and cut her last one: the first take is marked, the cut line's take is listed apart.
    const current: Draft = await serverDraft(page.request, me.token, draftId);
    const rewritten = current.body.replace(ONE_WAY, 'One way. There is only one way.').replace(`NORA\n${NONE}\n\n`, '');
    const saved = await page.request.put(`/api/drafts/${draftId}`, { headers: { authorization: `Bearer ${me.token}` }, data: { baseRevision: current.revision, body: rewritten } });
    expect(saved.status()).toBe(200);
    await page.goto(`/write/${draftId}`);
    await slow(editor(page)).toContainText('There is only one way.');
    await bar.getByRole('button', { name: 'Update script' }).click();
    await slow(notice).toHaveText('Script updated: The Night Ferry. 4 lines unchanged, 1 changed, 1 removed. All 2 takes are kept: 1 recorded on earlier text, 1 of a removed line.');

    await page.goto(sessionPath);
    const changed = readerLine(page, 'One way. There is only one way.');
    await slow(changed.locator('.vox-earlier-mark')).toHaveText(`Recorded on earlier text: ${ONE_WAY}`);
    await slow(readerLine(page, NONE)).toHaveCount(0);
    const removed = page.getByTestId('removed-line-takes');
    await slow(removed.locator('summary')).toHaveText('Takes of removed lines (1)');
    await removed.locator('summary').click();
    await slow(removed).toContainText('These lines were taken out of the script. Their takes are kept here.');
    await slow(removed.locator('.vox-removed-takes__text')).toHaveText(`NORA${NONE}`);
    expect(await expectPlays(page, removed, /^Play Take 1/)).toBe(`/api/audio/${noneTake.audio}`);
    await changed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/reader-earlier-text-laptop.png` });
    await expectNoSeriousViolations(page, 'reader with takes of earlier text and removed lines (laptop)');

    await page.setViewportSize({ width: 390, height: 844 });
    await slow(removed.locator('summary')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/reader-earlier-text-phone.png` });
    await expectNoSeriousViolations(page, 'reader with takes of earlier text and removed lines (phone)');
    await page.goto(`/write/${draftId}`);
    await slow(bar.getByRole('button', { name: 'Update script' })).toBeVisible();
    await bar.getByRole('button', { name: 'Update script' }).click();
    await slow(notice).toHaveText('Script updated: The Night Ferry. 5 lines unchanged. All 2 takes are kept: 1 recorded on earlier text, 1 of a removed line.');
    await page.screenshot({ path: `${SHOTS}/publish-phone.png` });
    await expectNoSeriousViolations(page, 'editor after publishing (phone)');
  });
});
