import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const SLOW = { timeout: 30_000 };

/**
 * Records one audition side: its cues play (spoken, or a pause without a voice), then the fake
 * microphone for about a second and a half, and the take is kept ("Use this take"). `arrived`:
 * wait until the page shows it as the side's take (it has reached the server).
 */
export async function recordSide(page: Page, n: number, { arrived = true } = {}) {
  const side = page.getByRole('listitem', { name: `Line ${n}` });
  await side.getByRole('button', { name: `Record line ${n}` }).click();
  await expect(side.getByRole('button', { name: 'Stop recording' })).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  await side.getByRole('button', { name: 'Stop recording' }).click();
  await expect(side.getByLabel(`New take of line ${n}`)).toBeVisible(SLOW);
  await side.getByRole('button', { name: 'Use this take' }).click();
  if (arrived) await expect(side.getByLabel(`Your take of line ${n}`, { exact: true })).toBeVisible(SLOW);
}
