import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The offline badge's words (apps/shell/src/offline). */
export const OFFLINE_BADGE = "You're offline. What you write and record is kept here and sent when you're back.";

/** Waits until the service worker controls the page (it registers after the load event, then the page is loaded again). */
export async function underWorker(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), undefined, { timeout: 20_000 });
  await page.goto(url);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 10_000 }).toBe(true);
}

/** What the take queue keeps in IndexedDB (voxclub-takes / pending). */
export function pendingInBrowser(page: Page): Promise<Array<{ clientId: string; lineId: string; size: number }>> {
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
            resolve(all.result.map((t: { clientId: string; lineId: string; audio: Blob }) => ({ clientId: t.clientId, lineId: t.lineId, size: t.audio.size })));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}
