import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';
import { OFFLINE_BADGE, underWorker } from '../support/offline';
import { appUrl } from '../support/ports';
import { earnestScript, readerLine, recordTake, tokenOf, withFakeMicrophone } from '../support/reading';

// Background Sync (docs/offline.md): a take recorded offline reaches the server when the network
// returns even though every VoxClub page was closed before then: the page asked the browser for a
// sync, and the service worker sent the take from IndexedDB with a token from the refresh cookie.
// Playwright's permissions deny every one not listed; Chromium allows Background Sync by default.
test.use(withFakeMicrophone({ permissions: ['background-sync'] }));

const FIRST = 'Did you hear what I was playing, Lane?';

/** The takes waiting in the browser's outbox (IndexedDB "voxclub-takes", store "pending"). */
function waitingTakes(page: Page): Promise<Array<{ clientId: string; lineId: string }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('voxclub-takes');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('pending')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('pending').objectStore('pending').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Array<{ clientId: string; lineId: string }>).map(({ clientId, lineId }) => ({ clientId, lineId })));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test('a take recorded offline arrives once the network returns, with every page closed', async ({ page, context, request }) => {
  test.setTimeout(90_000);
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

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BADGE })).toBeVisible();
  await recordTake(page, FIRST);
  await expect(readerLine(page, FIRST).getByText('Waiting to upload')).toBeVisible();
  const waiting = await waitingTakes(page);
  expect(waiting).toEqual([{ clientId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), lineId: expect.any(String) }]);
  // The page asked the browser to wake the worker when the network returns.
  await expect.poll(() => page.evaluate(async () => ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags())).toEqual(['vox-takes']);

  const takesOnServer = async () => {
    const answer = await request.get(appUrl('localhost', `/api/sessions/${sessionId}`), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    return ((await answer.json()).takes as Array<{ clientId: string; lineId: string }>).filter((t) => t.lineId === waiting[0].lineId);
  };
  expect(await takesOnServer()).toEqual([]);

  // Every page of VoxClub closed, then the network comes back: no page is there to send the take.
  for (const open of context.pages()) await open.close();
  expect(context.pages()).toEqual([]);
  await context.setOffline(false);

  await expect.poll(async () => (await takesOnServer()).length, { timeout: 30_000 }).toBe(1);
  expect((await takesOnServer())[0].clientId).toBe(waiting[0].clientId);
  // Exactly once: a while later it is still one take, and the outbox is empty, so no page sends it again.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await takesOnServer()).toHaveLength(1);

  const again = await context.newPage();
  await again.goto(`/session/${sessionId}`);
  expect(await waitingTakes(again)).toEqual([]);
  await expect(readerLine(again, FIRST).getByText('In use')).toBeVisible();
  await expect(again.getByText('waiting to upload', { exact: false })).toHaveCount(0);
  expect(await takesOnServer()).toHaveLength(1);
});
