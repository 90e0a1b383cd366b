import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';
import { OFFLINE_BADGE, pendingInBrowser, underWorker } from '../support/offline';
import { appUrl } from '../support/ports';
import { earnestScript, readerLine, recordTake, tokenOf, withFakeMicrophone } from '../support/reading';

// Background Sync (docs/offline.md): a take recorded offline reaches the server when the network
// returns even though every VoxClub page was closed before then: the page asked the browser for a
// sync, and the service worker sent the take from IndexedDB with a token from the refresh cookie.
// Playwright's permissions deny every one not listed; Chromium allows Background Sync by default.
test.use(withFakeMicrophone({ permissions: ['background-sync'] }));

const FIRST = 'Did you hear what I was playing, Lane?';

/** A member's private read of the Earnest script, opened under the worker with ALGERNON chosen. */
async function openRead(page: Page, request: APIRequestContext) {
  const me = await createAccount(request);
  const token = await tokenOf(request, me);
  const created = await request.post(appUrl('localhost', '/api/scripts'), {
    data: earnestScript({ title: 'Earnest, sent in the background', visibility: 'private' }),
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scriptId = (await created.json()).id as string;
  await signIn(page, me);
  await underWorker(page, '/scripts');

  await page.goto(`/script/${scriptId}`);
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
  const sessionId = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByRole('button', { name: 'Choose a role' }).click();
  const roles = page.getByRole('dialog', { name: 'Choose your role' });
  await roles.locator('li', { hasText: 'ALGERNON' }).getByRole('button', { name: 'Read this role' }).click();
  await expect(roles).toBeHidden();
  /** The server's takes of a line, asked afresh with the member's token. */
  const takesOnServer = async (lineId: string) => {
    const answer = await request.get(appUrl('localhost', `/api/sessions/${sessionId}`), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    return ((await answer.json()).takes as Array<{ clientId: string; lineId: string }>).filter((t) => t.lineId === lineId);
  };
  return { sessionId, takesOnServer };
}

/** Every upload of a take in the context from now on, the pages' and the worker's, by who sent it. */
function takeUploads(context: BrowserContext): string[] {
  const uploads: string[] = [];
  context.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/sessions\/[^/]+\/takes$/.test(new URL(sent.url()).pathname)) uploads.push(sent.serviceWorker() ? 'worker' : 'page');
  });
  return uploads;
}

/** Records FIRST offline: it waits in the outbox, and the page has asked for a Background Sync. */
async function recordOffline(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BADGE })).toBeVisible();
  await recordTake(page, FIRST);
  await expect(readerLine(page, FIRST).getByText('Waiting to upload')).toBeVisible();
  const waiting = await pendingInBrowser(page);
  expect(waiting).toEqual([{ clientId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), lineId: expect.any(String), size: expect.any(Number) }]);
  await expect.poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags())).toEqual(['vox-takes']);
  return waiting[0];
}

test('a take recorded offline arrives once the network returns, with every page closed', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const { sessionId, takesOnServer } = await openRead(page, request);
  const waiting = await recordOffline(page);
  expect(await takesOnServer(waiting.lineId)).toEqual([]);

  // Every page of VoxClub closed, then the network comes back: no page is there to send the take.
  const uploads = takeUploads(context);
  for (const open of context.pages()) await open.close();
  expect(context.pages()).toEqual([]);
  await context.setOffline(false);

  await expect.poll(async () => (await takesOnServer(waiting.lineId)).length, { timeout: 30_000 }).toBe(1);
  expect((await takesOnServer(waiting.lineId))[0].clientId).toBe(waiting.clientId);
  // Exactly once: a while later it is still one take, and the outbox is empty, so no page sends it again.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await takesOnServer(waiting.lineId)).toHaveLength(1);

  const again = await context.newPage();
  await again.goto(`/session/${sessionId}`);
  expect(await pendingInBrowser(again)).toEqual([]);
  await expect(readerLine(again, FIRST).getByText('In use')).toBeVisible();
  await expect(again.getByText('waiting to upload', { exact: false })).toHaveCount(0);
  expect(await takesOnServer(waiting.lineId)).toHaveLength(1);
  expect(uploads).toEqual(['worker']);
});

test('with the read still open, the page and the worker both wake when the network returns, and the take arrives once', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const { takesOnServer } = await openRead(page, request);
  const waiting = await recordOffline(page);
  // One upload, the page's or the worker's, whichever holds the lock first.
  const uploads = takeUploads(context);
  await context.setOffline(false);

  await expect(readerLine(page, FIRST).getByText('In use')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('waiting to upload', { exact: false })).toHaveCount(0);
  expect(await pendingInBrowser(page)).toEqual([]);
  await page.waitForTimeout(2000);
  const arrived = await takesOnServer(waiting.lineId);
  expect(arrived.map((t) => t.clientId)).toEqual([waiting.clientId]);
  expect(uploads).toHaveLength(1);
});
