import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the rules every page is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Axe on the page as it is now (or only inside `include`, a CSS selector such as a dialog): no
 * serious or critical violation. A failure names the page (`what`), the rule and its first nodes.
 * Animations run to their end first: a dialog still fading in has colours no user reads (axe would
 * measure its half-transparent text, which failed on a busy machine).
 */
export async function expectNoSeriousViolations(page: Page, what: string, { include }: { include?: string } = {}) {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))));
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(serious).toEqual([]);
}
