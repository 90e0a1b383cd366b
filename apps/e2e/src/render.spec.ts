import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseFile } from 'music-metadata';
import { parseFeed } from 'podcast-partytime';
import { appUrl } from '../support/ports';
import { createAccount, e2eTmp, expect, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * The finished read (issue 20 part 7) and "Publish as episode" (issue 16 part 6) end to end:
 * two takes recorded from Chromium's fake microphone, the read rendered and downloaded (its
 * duration is the render's), then published to the owner's channel; the episode plays, its
 * duration matches the audio, and the feed lists its chapters and transcript. Axe on the dialog
 * at laptop and phone size; screenshots in E2E_TMP.
 */

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['microphone', 'clipboard-read', 'clipboard-write'],
  viewport: { width: 1280, height: 800 },
  acceptDownloads: true,
});
// Two recordings, two renders with ffmpeg and a podcast page: past the default on a busy machine.
test.describe.configure({ timeout: 180_000 });

const TITLE = 'The Last Bus';
const SCRIPT = {
  title: TITLE,
  synopsis: 'Two strangers wait for the last bus.',
  genre: 'Drama',
  language: 'en',
  visibility: 'private',
  isFree: false,
  roles: [
    { name: 'MAYA', description: 'A nurse after a late shift' },
    { name: 'TOM', description: 'A driver off duty' },
  ],
  lines: [
    { kind: 'scene', role: null, text: 'EXT. BUS STOP - NIGHT' },
    { kind: 'dialogue', role: 'MAYA', text: 'Is this the last bus?' },
    { kind: 'dialogue', role: 'TOM', text: 'It always is.' },
    { kind: 'dialogue', role: 'MAYA', text: 'Then we had better not miss it.' },
  ],
};

const line = (page: Page, text: string) => page.locator('.vox-reader-line', { hasText: text });

async function recordTake(page: Page, text: string) {
  const row = line(page, text);
  await row.getByRole('button', { name: /^Record/ }).click();
  await expect(row.getByRole('status', { name: 'Recording' })).toBeVisible();
  await page.waitForTimeout(1500);
  await row.getByRole('button', { name: 'Stop' }).click();
  await expect(row.getByText('Take 1')).toBeVisible({ timeout: 20_000 });
}

async function durationOf(file: string): Promise<number> {
  const named = path.join(os.tmpdir(), `vox-read-${Date.now()}.mp3`);
  fs.copyFileSync(file, named);
  try {
    return ((await parseFile(named, { duration: true })).format.duration ?? 0) * 1000;
  } finally {
    fs.rmSync(named, { force: true });
  }
}

test('record two takes, download the read, publish it as an episode that plays and is in the feed', async ({ page }) => {
  const owner = await createAccount(page.request);
  const auth = await page.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: owner.email, password: owner.password } });
  const token = (await auth.json()).token as string;
  const headers = { authorization: `Bearer ${token}` };
  const script = await page.request.post(appUrl('localhost', '/api/scripts'), { data: SCRIPT, headers });
  expect(script.status(), await script.text()).toBe(201);
  const channel = await page.request.post(appUrl('localhost', '/api/podcast/channels'), {
    data: { title: 'Night Stories', description: 'Table reads from the late shift.', category: 'Fiction', language: 'en', explicit: false },
    headers,
  });
  expect(channel.status()).toBe(201);
  const channelId = (await channel.json()).id as string;

  await signIn(page, owner);
  await page.goto(`/script/${(await script.json()).id}`);
  await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Choose a role' }).click();
  const roles = page.getByRole('dialog', { name: 'Choose your role' });
  await roles.locator('li', { hasText: 'MAYA' }).getByRole('button', { name: 'Read this role' }).click();
  await expect(roles).toBeHidden();
  await recordTake(page, 'Is this the last bus?');
  await recordTake(page, 'Then we had better not miss it.');

  // A single take downloads too.
  const takeDownload = page.waitForEvent('download');
  await line(page, 'Is this the last bus?').getByRole('button', { name: 'Download Take 1' }).click();
  expect((await takeDownload).suggestedFilename()).toMatch(/^The Last Bus - line 2 - MAYA - take 1\.(webm|ogg)$/);

  // Download the read: lines without a take left out.
  await page.getByRole('button', { name: 'The finished read' }).click();
  const dialog = page.getByRole('dialog', { name: 'The finished read' });
  await dialog.getByRole('radio', { name: 'Leave them out' }).check();
  await dialog.getByRole('button', { name: 'Download the read', exact: true }).click();
  const ready = dialog.getByText(/The read is ready \(\d+:\d\d\)\./);
  await expect(ready).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: path.join(e2eTmp, 'render-dialog-laptop.png') });
  await expectNoSeriousViolations(page, 'finished read (laptop)', { include: '[role="dialog"]' });
  const fileDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save the file' }).click();
  const download = await fileDownload;
  expect(download.suggestedFilename()).toBe('The Last Bus - table read.mp3');
  const renders = await page.request.get(appUrl('localhost', `/api/sessions/${new URL(page.url()).pathname.split('/').pop()}/renders`), { headers });
  const rendered = (await renders.json()).renders[0];
  // Two takes of about 1.5 s, the lead, one gap and the tail.
  expect(rendered.durationMs).toBeGreaterThan(3000);
  expect(Math.abs((await durationOf(await download.path())) - rendered.durationMs)).toBeLessThan(100);

  // Publish it as an episode of the owner's channel.
  await dialog.getByRole('combobox', { name: 'Channel' }).selectOption(channelId);
  await dialog.getByRole('button', { name: 'Publish as episode' }).click();
  const open = dialog.getByRole('link', { name: 'Open the episode' });
  await expect(open).toBeVisible({ timeout: 60_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(e2eTmp, 'render-dialog-phone.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'finished read (phone)', { include: '[role="dialog"]' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const episodeId = ((await open.getAttribute('href')) as string).split('/').pop() as string;

  // The episode plays, and its duration is the audio's.
  const episode = (await (await page.request.get(appUrl('localhost', `/api/podcast/episodes/${episodeId}`))).json()).episode;
  await open.click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 30_000 });
  const audio = page.getByLabel(`Play ${TITLE}`);
  await expect(audio).toHaveAttribute('src', new RegExp(`${episode.audioUrl.replace(/\./g, '\\.')}`));
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const playedDuration = await audio.evaluate((el: HTMLAudioElement) => el.duration);
  expect(Math.abs(playedDuration * 1000 - episode.durationMs)).toBeLessThan(150);
  await page.screenshot({ path: path.join(e2eTmp, 'render-episode.png') });

  // The feed lists it with its chapters and transcript.
  const feed = parseFeed(await (await page.request.get(appUrl('localhost', `/api/podcast/channels/${channelId}/feed.xml`))).text());
  const item = feed?.items.find((i) => i.guid === episodeId);
  expect(item?.title).toBe(TITLE);
  expect(item?.podcastChapters?.type).toBe('application/json+chapters');
  expect(item?.podcastTranscripts?.[0]?.type).toBe('text/vtt');
  const chapters = await (await page.request.get(item?.podcastChapters?.url as string)).json();
  expect(chapters.chapters).toEqual([{ startTime: 0, title: 'EXT. BUS STOP - NIGHT' }]);
  const vtt = await (await page.request.get(item?.podcastTranscripts?.[0]?.url as string)).text();
  expect(vtt).toContain('<v MAYA (');
  expect(vtt).toContain('>Is this the last bus?</v>');
  expect(vtt).not.toContain('It always is.');
});
