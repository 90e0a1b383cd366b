import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { appUrl } from './ports';

/** What the HTML-first specs share: a page's HTML as the server sends it, its #root as text, hydration watched. */

/** The page's HTML as it arrives (Node resolves no *.localhost name: the site goes in the Host header). */
export async function htmlOf(request: APIRequestContext, host: string, path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await request.get(appUrl('localhost', path), { headers: { host: `${host}:${new URL(appUrl()).port}`, accept: 'text/html', ...headers } });
  expect(res.status(), path).toBe(200);
  return res.text();
}

/** What #root holds, as text: tags dropped, entities of the texts above decoded. */
export function rootText(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/**
 * Console errors and uncaught errors of a page (a hydration mismatch is reported as React's
 * recoverable error, "Minified React error #418"/"#423" or a "Hydration failed" text), and whether
 * the server's heading element was ever taken out of the document (a client render that threw
 * the server's HTML away, which is the flash).
 */
export async function watchHydration(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { voxHeadingRemoved: boolean };
    w.voxHeadingRemoved = false;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) w.voxHeadingRemoved = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return errors;
}
