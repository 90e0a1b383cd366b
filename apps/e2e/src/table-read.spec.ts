import type { Page, Request, Route } from '@playwright/test';
import { appUrl } from '../support/ports';
import { createAccount, expect, setPhoto, signIn, test, withDb, type TestAccount } from '../support/fixtures';
import { earnestScript, readerLine, recordTake, secondReader, tokenOf, withFakeMicrophone } from '../support/reading';
import { pendingInBrowser } from '../support/offline';

/**
 * The table read end to end in Chromium: a script, its session, a take recorded from
 * Chromium's fake microphone (a beep), a share link a second reader opens, and playback that
 * gives the audio element the uploaded take. Then the upload queue under a cut network and a
 * reload (exactly one take arrives), and a revoked link.
 */

// The config's Chromium flags plus a fake microphone that needs no prompt.
test.use(withFakeMicrophone({ permissions: ['clipboard-read', 'clipboard-write'] }));

const FOUNTAIN_TITLE = 'The Importance of Being Earnest, Act I';

/** The scene as a screenwriting app exports it; the editor's import turns it into SCRIPT below. */
const FOUNTAIN = `Title: ${FOUNTAIN_TITLE}

INT. ALGERNON'S FLAT IN HALF-MOON STREET - DAY

ALGERNON
(turning from the piano)
Did you hear what I was playing, Lane?

LANE
I didn't think it polite to listen, sir.

Algernon crosses to the tea table.

ALGERNON
I'm sorry for that, for your sake. I don't play accurately.

CUT TO:
`;

/** The script of these tests, as the API takes it: ALGERNON has lines 2 and 5. */
const SCRIPT = earnestScript({ title: FOUNTAIN_TITLE });

/** Creates the script the way a writer does: the editor at /scripts/create, Fountain pasted into Import. */
async function importScript(page: Page): Promise<string> {
  await page.goto('/scripts/create');
  const bar = page.locator('.vox-script-editor__bar');
  await bar.getByRole('button', { name: 'Import Fountain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Fountain' });
  await dialog.getByRole('textbox', { name: 'Screenplay' }).fill(FOUNTAIN);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await bar.getByRole('button', { name: 'Save script' }).click();
  await expect(page).toHaveURL(/\/scripts\/edit\/[A-Za-z0-9_-]+$/);
  return page.url().split('/').pop() as string;
}

/** Creates the script through the API as `account`; answers its id. */
async function createScript(page: Page, account: TestAccount, script: object = SCRIPT): Promise<string> {
  const token = await tokenOf(page.request, account);
  const res = await page.request.post(appUrl('localhost', '/api/scripts'), { data: script, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** The session as the signed-in user of `page` sees it (the page's api client is signed in). */
async function sessionDetail(page: Page, sessionId: string) {
  return page.evaluate(async (id) => {
    const refresh = await fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
    const { token } = await refresh.json();
    const res = await fetch(`/api/sessions/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return res.json();
  }, sessionId) as Promise<{
    takes: Array<{ id: string; lineId: string; clientId: string; audio: string; picked: boolean }>;
    script: { lines: Array<{ id: string; kind: string; role: string | null; parenthetical: string | null; text: string }> };
  }>;
}

const line = readerLine;
const ALG_1 = 'Did you hear what I was playing, Lane?';
const ALG_2 = "I'm sorry for that, for your sake.";

/** Opens the script's session as the signed-in user and claims ALGERNON; answers the session id. */
async function openAndClaim(page: Page, scriptId: string): Promise<string> {
  await page.goto(`/script/${scriptId}`);
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
  const sessionId = new URL(page.url()).pathname.split('/').pop() as string;
  await expect(page.getByRole('heading', { level: 1, name: FOUNTAIN_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Choose a role' }).click();
  const roles = page.getByRole('dialog', { name: 'Choose your role' });
  await roles.locator('li', { hasText: 'ALGERNON' }).getByRole('button', { name: 'Read this role' }).click();
  await expect(roles).toBeHidden();
  await expect(page.getByRole('button', { name: 'Your role: ALGERNON' })).toBeVisible();
  return sessionId;
}

test.describe('table read', () => {
  test('record a take, share the session, a second reader joins and plays it back from the server', async ({ page, browser }) => {
    // Two browsers, a recording and two live streams: past 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const owner = await createAccount(page.request);
    withDb((db) => db.prepare('update users set name = ? where id = ?').run('Ada Lovelace', owner.id));
    await signIn(page, owner);
    const scriptId = await importScript(page);
    const sessionId = await openAndClaim(page, scriptId);
    // The import made the same script the other tests send through the API.
    const imported = await sessionDetail(page, sessionId);
    expect(imported.script.lines.map(({ kind, role, parenthetical, text }) => ({ kind, role, parenthetical, text }))).toEqual(
      SCRIPT.lines.map((l) => ({ parenthetical: null, ...l })),
    );

    // Record: the take is uploaded and becomes the line's pick.
    const uploads: Request[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith(`/api/sessions/${sessionId}/takes`) && uploads.push(r));
    await recordTake(page, ALG_1);
    const mine = line(page, ALG_1);
    await expect(mine.getByText('Take 1')).toBeVisible();
    // The picked take reads as a state, "In use".
    await expect(mine.getByText('In use')).toBeVisible();
    await expect(mine.getByText(/Uploading|Waiting to upload/)).toHaveCount(0);
    expect(uploads).toHaveLength(1);
    // Stopping moved on to my next line.
    await expect(line(page, ALG_2)).toHaveAttribute('aria-current', 'true');

    await page.screenshot({ path: 'tmp/screens/table-read-reader.png' });

    // Share: a link for LANE, copied to the clipboard and listed.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this table read' });
    await share.getByLabel('Invite to').selectOption('LANE');
    await share.getByRole('button', { name: 'Create link' }).click();
    const linkField = share.getByRole('textbox', { name: 'Link for LANE' });
    await expect(linkField).toBeVisible();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^http://localhost:\\d+/s/[A-Za-z0-9_-]+$`));
    await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.screenshot({ path: 'tmp/screens/table-read-share.png' });
    await share.getByRole('button', { name: 'Close' }).click();

    // A second reader opens the link: joins as LANE, open_sharelink is logged, and the read plays.
    const second = await secondReader(browser, page);
    // Grace Hopper, with a profile photo.
    setPhoto(second.account.id);
    try {
      const reader = second.page;
      await reader.goto(new URL(link).pathname);
      await expect(reader).toHaveURL(new RegExp(`/session/${sessionId}$`));
      await expect(reader.getByRole('button', { name: 'Your role: LANE' })).toBeVisible();
      const linkId = new URL(link).pathname.split('/').pop() as string;
      await expect
        .poll(() =>
          withDb((db) =>
            (db.prepare("select context, path from activities where user_id = ? and action = 'open_sharelink'").all(second.account.id) as Array<{ context: string; path: string }>).map(
              (row) => ({ context: JSON.parse(row.context), path: row.path }),
            ),
          ),
        )
        .toEqual([{ context: { id: sessionId, script: scriptId }, path: `/s/${linkId}` }]);

      // The owner's take is on their line for everyone.
      const taken = line(reader, ALG_1);
      await expect(taken.getByRole('button', { name: "Play Ada Lovelace's take" })).toBeVisible();
      await expect(taken.getByText('Ada Lovelace', { exact: true })).toBeVisible();
      await expect(reader.getByRole('list', { name: 'Readers' })).toContainText('Ada LovelaceALGERNON');
      await expect(reader.getByRole('list', { name: 'Readers' })).toContainText('YouLANE');

      const audio = reader.getByTestId('table-read-audio');
      await reader.evaluate(() => {
        const element = document.querySelector<HTMLAudioElement>('[data-testid="table-read-audio"]');
        element?.addEventListener('loadedmetadata', () => element.setAttribute('data-loaded-metadata', String(element.duration)), { once: true });
      });
      await reader.getByRole('button', { name: 'Play the table read' }).click();
      await expect(audio).toHaveAttribute('src', /^\/api\/audio\/[0-9a-f]{64}$/, { timeout: 15_000 });
      // The current line follows the read (the take is 1.5 s long).
      await expect(taken).toHaveAttribute('aria-current', 'true');
      const src = (await audio.getAttribute('src')) as string;
      const detail = await sessionDetail(reader, sessionId);
      expect(src).toBe(`/api/audio/${detail.takes[0].audio}`);
      // The element loaded it as real audio: metadata arrived with a duration.
      await expect(audio).toHaveAttribute('data-loaded-metadata', /^(Infinity|\d+(\.\d+)?)$/);
      const duration = Number(await audio.getAttribute('data-loaded-metadata'));
      expect(duration).toBeGreaterThan(0);

      // The bytes behind the src: non-empty WebM audio, served without a token.
      const bytes = await reader.request.get(src);
      expect(bytes.status()).toBe(200);
      expect(bytes.headers()['content-type']).toMatch(/^audio\/webm/);
      const body = await bytes.body();
      expect(body.length).toBeGreaterThan(1000);
      expect(body.subarray(0, 4).toString('hex')).toBe('1a45dfa3');

      await reader.setViewportSize({ width: 390, height: 844 });
      // Rows are measured again after the width change (a frame or two).
      await reader.waitForTimeout(500);
      await reader.screenshot({ path: 'tmp/screens/table-read-reader-phone.png' });
    } finally {
      await second.context.close();
    }

    // The owner's history shows the read with progress.
    await page.goto('/history');
    const card = page.getByRole('link', { name: new RegExp(FOUNTAIN_TITLE) });
    await expect(card).toContainText('You read ALGERNON');
    await expect(card).toContainText('1 of 2 lines recorded');
    await expect(card).toContainText('2 participants');
    await page.screenshot({ path: 'tmp/screens/table-read-history.png', fullPage: true });
  });

  test('a take survives a cut network and a reload, and arrives exactly once', async ({ page, context }) => {
    const owner = await createAccount(page.request);
    const scriptId = await createScript(page, owner);
    await signIn(page, owner);
    const sessionId = await openAndClaim(page, scriptId);
    const takesPath = `**/api/sessions/${sessionId}/takes`;
    const statuses: number[] = [];
    page.on('response', (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/sessions/${sessionId}/takes`) && statuses.push(r.status()));

    // 1. The server stores the upload, but the answer is lost on the way back.
    const heard: number[] = [];
    await page.route(
      takesPath,
      async (route: Route) => {
        const response = await route.fetch();
        heard.push(response.status());
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await recordTake(page, ALG_1);
    const first = line(page, ALG_1);
    // The queue retries with the same clientId and the server answers 200: one take, not two.
    await expect(first.getByText('Take 1')).toBeVisible({ timeout: 15_000 });
    expect(heard).toEqual([201]);
    // The take may show first through the live channel (the server stored it on the first
    // try); the queue's retry with the same clientId still comes, and gets 200: one take, not two.
    await expect.poll(() => statuses, { timeout: 15_000 }).toEqual([200]);
    let detail = await sessionDetail(page, sessionId);
    expect(detail.takes).toHaveLength(1);
    const lineIds = detail.script.lines.map((l) => l.id);
    expect(detail.takes[0]).toMatchObject({ lineId: lineIds[1], picked: true });
    expect(withDb((db) => db.prepare('select count(*) as n from takes where client_id = ?').get(detail.takes[0].clientId))).toEqual({ n: 1 });
    expect(await pendingInBrowser(page)).toEqual([]);

    // 2. The network goes while the upload is on its way; the take waits in IndexedDB, then goes.
    let release: (() => void) | null = null;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(takesPath, async (route: Route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    await recordTake(page, ALG_2);
    const second = line(page, ALG_2);
    await expect(second.getByText(/^Uploading/)).toBeVisible();
    await context.setOffline(true);
    (release as unknown as () => void)();
    await expect(second.getByText('Waiting to upload')).toBeVisible();
    await expect(page.getByText('1 take is waiting to upload.', { exact: false })).toBeVisible();
    const waiting = await pendingInBrowser(page);
    expect(waiting).toEqual([{ clientId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), lineId: lineIds[4], size: expect.any(Number) }]);
    expect(waiting[0].size).toBeGreaterThan(1000);
    await page.unroute(takesPath);
    statuses.length = 0;
    await context.setOffline(false);
    await expect(second.getByText('Take 1')).toBeVisible({ timeout: 15_000 });
    expect(statuses).toEqual([201]);
    detail = await sessionDetail(page, sessionId);
    expect(detail.takes.filter((t) => t.lineId === lineIds[4])).toHaveLength(1);
    expect(withDb((db) => db.prepare('select count(*) as n from takes where client_id = ?').get(waiting[0].clientId))).toEqual({ n: 1 });
    expect(await pendingInBrowser(page)).toEqual([]);

    // 3. A take recorded while uploads fail is still there after a reload, and then arrives.
    // Uploads keep failing across the reload, so the page that sends it is the reloaded one,
    // which can only know of the take from IndexedDB.
    await page.route(takesPath, (route) => route.abort('failed'));
    await recordTake(page, ALG_1);
    await expect(first.getByText('Waiting to upload')).toBeVisible();
    const kept = await pendingInBrowser(page);
    expect(kept).toHaveLength(1);
    await page.reload();
    await expect(first.getByText('Take 1')).toBeVisible();
    await expect(first.getByText('Waiting to upload')).toBeVisible();
    statuses.length = 0;
    await page.unroute(takesPath);
    await expect(first.getByText('Take 2')).toBeVisible({ timeout: 15_000 });
    expect(statuses).toEqual([201]);
    expect(await pendingInBrowser(page)).toEqual([]);
    detail = await sessionDetail(page, sessionId);
    expect(detail.takes.filter((t) => t.lineId === lineIds[1])).toHaveLength(2);
    // The newest take is the pick.
    expect(detail.takes.find((t) => t.clientId === kept[0].clientId)?.picked).toBe(true);
    expect(withDb((db) => db.prepare('select count(*) as n from takes where client_id = ?').get(kept[0].clientId))).toEqual({ n: 1 });
  });

  test('a revoked link shows the fixed text to the next visitor', async ({ page, browser }) => {
    const owner = await createAccount(page.request);
    const scriptId = await createScript(page, owner);
    await signIn(page, owner);
    await openAndClaim(page, scriptId);
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this table read' });
    await share.getByRole('button', { name: 'Create link' }).click();
    const field = share.getByRole('textbox', { name: 'Link for any role' });
    const link = new URL(await field.inputValue()).pathname;
    await share.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: 'Link for any role' }) }).getByRole('button', { name: 'Revoke' }).click();
    await expect(field).toHaveCount(0);
    await expect(share.getByText('No links yet.', { exact: false })).toBeVisible();

    const second = await secondReader(browser, page);
    try {
      await second.page.goto(link);
      await expect(second.page.getByText('This link is invalid.')).toBeVisible();
      await expect(second.page.getByRole('button', { name: 'Back' })).toBeVisible();
    } finally {
      await second.context.close();
    }
  });
});
