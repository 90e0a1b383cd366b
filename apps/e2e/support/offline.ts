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
