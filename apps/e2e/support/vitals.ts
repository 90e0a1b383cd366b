import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Leaves the page as a visitor does, and answers the vitals beacon it sent. The reporter loads
 * after the load event, when the browser is idle. A visitor's first click ends the LCP measurement
 * (web-vitals takes only trusted events for it, when the browser is next idle); the idle callback
 * queued after it runs after web-vitals' one. Then the page is hidden as when the visitor switches
 * tabs (a headless page never is): the state reads hidden and visibilitychange fires, which
 * web-vitals and the reporter both listen to.
 */
export async function leaveAndCatchBeacon(page: Page): Promise<Request> {
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'reporting', { timeout: 15_000 });
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/vitals');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  return sent;
}
