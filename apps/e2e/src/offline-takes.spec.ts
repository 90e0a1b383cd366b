import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from '../support/fixtures';
import { OFFLINE_BADGE, underWorker } from '../support/offline';
import { appUrl } from '../support/ports';
import { earnestScript, readerLine, recordTake, tokenOf, withFakeMicrophone } from '../support/reading';

// A table read opened offline plays the takes the member recorded or heard online: the page keeps a
// take's audio as the server confirms it, the worker a whole copy of each take it plays, and the
// worker answers the audio element's byte ranges from them.
test.use(withFakeMicrophone());

const FIRST = 'Did you hear what I was playing, Lane?';

/** Whether the read's one <audio> element plays: its time moves on. */
async function playsOn(page: Page) {
  const audio = page.getByTestId('table-read-audio');
  await expect(audio).toHaveAttribute('src', /^\/api\/audio\/[0-9a-f]{64}$/, { timeout: 15_000 });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2);
  return (await audio.getAttribute('src')) as string;
}

test('a take recorded or heard online plays in the read opened offline; signing out forgets it', async ({ page, context }) => {
  test.setTimeout(90_000);
  const me = await createAccount(page.request);
  const created = await page.request.post(appUrl('localhost', '/api/scripts'), {
    data: earnestScript({ title: 'Earnest, offline takes', visibility: 'private' }),
    headers: { authorization: `Bearer ${await tokenOf(page.request, me)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const scriptId = (await created.json()).id as string;
  await signIn(page, me);
  await underWorker(page, '/scripts');

  await page.goto(`/script/${scriptId}`);
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
  const sessionPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Choose a role' }).click();
  const roles = page.getByRole('dialog', { name: 'Choose your role' });
  await roles.locator('li', { hasText: 'ALGERNON' }).getByRole('button', { name: 'Read this role' }).click();
  await expect(roles).toBeHidden();
  await recordTake(page, FIRST);
  await expect(readerLine(page, FIRST).getByText('In use')).toBeVisible();
  const keptAudio = () => page.evaluate(async () => ((await caches.has('vox-audio')) ? (await (await caches.open('vox-audio')).keys()).map((r) => new URL(r.url).pathname) : []));
  // Recorded here: its audio is kept as the server confirms it, before it was ever played.
  await expect.poll(keptAudio, { timeout: 15_000 }).toEqual([expect.stringMatching(/^\/api\/audio\/[0-9a-f]{64}$/)]);
  const [recorded] = await keptAudio();

  await context.setOffline(true);
  await page.goto(sessionPath);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BADGE })).toBeVisible();
  await page.getByRole('button', { name: 'Play from the top' }).click();
  expect(await playsOn(page)).toBe(recorded);
  await context.setOffline(false);

  // Heard online (a take this browser did not record: the copy is gone): the worker keeps it as it plays.
  await page.evaluate(() => caches.delete('vox-audio'));
  await page.goto(sessionPath);
  await page.getByRole('button', { name: 'Play from the top' }).click();
  const src = await playsOn(page);
  expect(src).toBe(recorded);
  await expect.poll(keptAudio, { timeout: 15_000 }).toEqual([src]);

  await context.setOffline(true);
  await page.goto(sessionPath);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BADGE })).toBeVisible();
  await expect(readerLine(page, FIRST)).toBeVisible();
  await page.getByRole('button', { name: 'Play from the top' }).click();
  expect(await playsOn(page)).toBe(src);
  // The worker answers byte ranges from its copy, as the server does.
  const part = await page.evaluate(async (url) => {
    const answer = await fetch(url, { headers: { Range: 'bytes=0-3' } });
    return { status: answer.status, range: answer.headers.get('Content-Range'), head: [...new Uint8Array(await answer.arrayBuffer())].map((b) => b.toString(16).padStart(2, '0')).join('') };
  }, src);
  expect(part.status).toBe(206);
  expect(part.range).toMatch(/^bytes 0-3\/\d+$/);
  expect(part.head).toBe('1a45dfa3');
  const past = await page.evaluate(async (url) => (await fetch(url, { headers: { Range: 'bytes=999999999-' } })).status, src);
  expect(past).toBe(416);
  await context.setOffline(false);

  // Signing out drops the kept takes with the member's other kept reads.
  await page.goto('/about');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name === 'vox-audio' || name.startsWith('vox-api-')))).toEqual([]);
});
