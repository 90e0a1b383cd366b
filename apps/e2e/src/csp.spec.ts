import { expect, test, type Page } from '@playwright/test';
import { PORTS, PREVIOUS_REMOTE_COMMIT, appUrl } from '../support/ports';

/**
 * The Content-Security-Policy names the origins of the remotes manifest: a remote served from
 * another origin still loads, while a script injected from anywhere else never runs.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test('a remote served from another origin, named by the manifest, loads under the policy', async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto(`http://localhost:${PORTS.appWithAltRemote}/about`);
  // This origin, the shell's inline first script by its hash, and the remote's origin.
  expect(response?.headers()['content-security-policy']).toMatch(new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' http://localhost:${PORTS.altRemote};`));
  await expect(page.locator('[data-remote="main"]')).toHaveAttribute('data-build', PREVIOUS_REMOTE_COMMIT);
  expect(violations).toEqual([]);
});

test('an injected <script src> from another origin is blocked and does not run', async ({ page }) => {
  // Answered by the test itself if the browser ever asks for it: proof it would run if allowed.
  const injected = `http://127.0.0.1:${PORTS.app + 9}/x.js`;
  await page.route(injected, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__injectedRan = true;' }));
  await page.goto(appUrl('localhost', '/about'));
  await expect(page.locator('[data-remote="main"]')).toBeVisible();
  const outcome = await page.evaluate(
    (src) =>
      new Promise<{ blocked: string; directive: string } | 'loaded' | 'failed'>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve({ blocked: e.blockedURI, directive: e.effectiveDirective }), { once: true });
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve('loaded');
        // The violation event comes first; a plain error with no violation would be another failure.
        script.onerror = () => setTimeout(() => resolve('failed'), 500);
        document.head.appendChild(script);
      }),
    injected,
  );
  expect(outcome).toEqual({ blocked: injected, directive: 'script-src-elem' });
  expect(await page.evaluate(() => (window as unknown as { __injectedRan?: boolean }).__injectedRan)).toBeUndefined();
});

// The shell's first script is inline; the policy allows it by its hash and still blocks
// any other inline script.
test("the shell's inline first script runs under the policy; an injected inline script does not", async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto(appUrl('localhost', '/about'));
  const scriptSrc = /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '')?.[1] ?? '';
  expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
  await expect(page.locator('[data-remote="main"]')).toBeVisible();
  expect(violations).toEqual([]);
  const outcome = await page.evaluate(
    () =>
      new Promise<{ directive: string } | 'ran'>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve({ directive: e.effectiveDirective }), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.head.appendChild(script);
        setTimeout(() => resolve((window as unknown as { __inlineRan?: boolean }).__inlineRan ? 'ran' : { directive: 'none' }), 500);
      }),
  );
  expect(outcome).toEqual({ directive: 'script-src-elem' });
});
