import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from '@playwright/test';
import type { ReadRender } from '@vox/contract';
import { parseFeed } from 'podcast-partytime';
import { appUrl } from '../support/ports';
import { createAccount, e2eTmp, expect, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/axe';
import { readerLine, recordTake, withFakeMicrophone } from '../support/reading';

/**
 * The finished read and "Publish as episode" end to end, on
 * the built server, the way most members go: two takes recorded from Chromium's fake microphone,
 * the read downloaded with the dialog's default choice (the lines without a take read by the
 * synthesized voice: its length is the takes', the spoken lines' and the pauses'), then published
 * with the dialog's defaults (that voice, the owner's channel, the script's title, at once); the
 * episode plays, its duration matches the audio, and the feed lists its chapters and a transcript
 * with the synthesized lines. Last, "Leave them out": the takes and pauses alone. Axe on the
 * dialog at laptop and phone size; screenshots in E2E_TMP.
 */

test.use({ ...withFakeMicrophone({ permissions: ['clipboard-read', 'clipboard-write'] }), acceptDownloads: true });
// Two recordings, three renders with ffmpeg (two with eSpeak NG) and a podcast page: past the
// default on a busy machine.
test.describe.configure({ timeout: 360_000 });

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

const line = readerLine;

/** A take on the line with `text`, kept once the reader lists it. */
async function recordKeptTake(page: Page, text: string) {
  await recordTake(page, text);
  await expect(readerLine(page, text).getByText('Take 1')).toBeVisible({ timeout: 20_000 });
}

/**
 * An audio file's length in ms, as decoded: ffmpeg (the npm build the server uses; the machine
 * has no ffprobe) decodes the whole file to 44.1 kHz mono 16-bit PCM, whose samples are counted,
 * so no header's estimate is trusted.
 */
function durationOf(file: string): number {
  const pcm = execFileSync(ffmpeg.path, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-ac', '1', '-ar', '44100', '-f', 's16le', 'pipe:1'], { maxBuffer: 256 << 20 });
  return (pcm.length / 2 / 44_100) * 1000;
}

/** The renderer's pauses (docs/render.md): 300 ms before the first line, 400 ms between lines, 500 ms after the last. */
const LEAD_MS = 300;
const GAP_MS = 400;
const TAIL_MS = 500;

async function saveTake(page: Page, text: string): Promise<string> {
  const download = page.waitForEvent('download');
  await line(page, text).getByRole('button', { name: 'Download Take 1' }).click();
  return (await download).path();
}

test('record two takes, download the read, publish it as an episode that plays and is in the feed', async ({ page }) => {
  const owner = await createAccount(page.request);
  const auth = await page.request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: owner.email, password: owner.password } });
  const token = (await auth.json()).token as string;
  const headers = { authorization: `Bearer ${token}` };
  const script = await page.request.post(appUrl('localhost', '/api/scripts'), { data: SCRIPT, headers });
  expect(script.status(), await script.text()).toBe(201);
  const channel = await page.request.post(appUrl('localhost', '/api/podcast/channels'), {
    data: { title: 'Night Stories', author: 'The Late Shift', description: 'Table reads from the late shift.', category: 'Fiction', language: 'en', explicit: false },
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
  await recordKeptTake(page, 'Is this the last bus?');
  await recordKeptTake(page, 'Then we had better not miss it.');

  // A single take downloads too.
  const takeDownload = page.waitForEvent('download');
  await line(page, 'Is this the last bus?').getByRole('button', { name: 'Download Take 1' }).click();
  expect((await takeDownload).suggestedFilename()).toMatch(/^The Last Bus - line 2 - MAYA - take 1\.(webm|ogg)$/);
  const takesMs = durationOf(await saveTake(page, 'Is this the last bus?')) + durationOf(await saveTake(page, 'Then we had better not miss it.'));
  expect(takesMs).toBeGreaterThan(2000);

  // Download the read with the dialog's default choice: the synthesized voice reads the heading and TOM's line.
  await page.getByRole('button', { name: 'The finished read' }).click();
  const dialog = page.getByRole('dialog', { name: 'The finished read' });
  await expect(dialog.getByRole('radio', { name: 'Read them with a synthesized voice' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Download the read', exact: true }).click();
  const ready = dialog.getByText(/The read is ready \(\d+:\d\d\)\./);
  await expect(ready).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: path.join(e2eTmp, 'render-dialog-laptop.png') });
  await expectNoSeriousViolations(page, 'finished read (laptop)', { include: '[role="dialog"]' });
  const fileDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save the file' }).click();
  const download = await fileDownload;
  expect(download.suggestedFilename()).toBe('The Last Bus - table read.mp3');
  const sessionUrl = page.url();
  const rendersUrl = appUrl('localhost', `/api/sessions/${new URL(sessionUrl).pathname.split('/').pop()}/renders`);
  const latestDownload = async () => ((await (await page.request.get(rendersUrl, { headers })).json()).renders as ReadRender[]).find((r) => r.kind === 'download') as ReadRender;
  const rendered = await latestDownload();
  expect(rendered).toMatchObject({ kind: 'download', fill: 'speech', state: 'done', error: null });
  const readMs = durationOf(await download.path());
  expect(Math.abs(readMs - (rendered.durationMs as number))).toBeLessThan(100);
  // The four lines (two takes, two spoken by the synthesized voice, each at least half a second
  // and at most a few), the lead, three pauses and the tail.
  const spokenMs = readMs - takesMs - (LEAD_MS + 3 * GAP_MS + TAIL_MS);
  expect(spokenMs).toBeGreaterThan(2 * 500);
  expect(spokenMs).toBeLessThan(2 * 5000);

  // Publish it as an episode with the dialog's defaults: the owner's one channel, the script's title, now.
  await expect(dialog.getByRole('combobox', { name: 'Channel' })).toHaveValue(channelId);
  await expect(dialog.getByRole('textbox', { name: 'Episode title' })).toHaveValue(TITLE);
  await expect(dialog.getByRole('checkbox', { name: 'Keep it a draft (publish later from the channel)' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Publish as episode' }).click();
  const open = dialog.getByRole('link', { name: 'Open the episode' });
  await expect(open).toBeVisible({ timeout: 120_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(e2eTmp, 'render-dialog-phone.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'finished read (phone)', { include: '[role="dialog"]' });
  await page.setViewportSize({ width: 1280, height: 800 });
  const episodeId = ((await open.getAttribute('href')) as string).split('/').pop() as string;

  // The episode plays, and its duration is the audio's: the same read as the download.
  const episode = (await (await page.request.get(appUrl('localhost', `/api/podcast/episodes/${episodeId}`))).json()).episode;
  expect(Math.abs(episode.durationMs - (rendered.durationMs as number))).toBeLessThan(100);
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
  expect(vtt).toContain('<v Narrator (synthesized voice)>EXT. BUS STOP - NIGHT</v>');
  expect(vtt).toContain('<v MAYA (');
  expect(vtt).toContain('>Is this the last bus?</v>');
  expect(vtt).toContain('<v TOM (synthesized voice)>It always is.</v>');

  // The other choice: lines without a take left out, so the read is the takes with the lead, one pause and the tail.
  await page.goto(sessionUrl);
  await page.getByRole('button', { name: 'The finished read' }).click();
  await dialog.getByRole('radio', { name: 'Leave them out' }).check();
  await dialog.getByRole('button', { name: 'Download the read', exact: true }).click();
  await expect(dialog.getByText(/The read is ready \(\d+:\d\d\)\./)).toBeVisible({ timeout: 120_000 });
  const skipDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save the file' }).click();
  const skipped = await latestDownload();
  expect(skipped).toMatchObject({ kind: 'download', fill: 'skip', state: 'done' });
  const takesOnlyMs = durationOf(await (await skipDownload).path());
  expect(Math.abs(takesOnlyMs - (skipped.durationMs as number))).toBeLessThan(100);
  expect(Math.abs(takesOnlyMs - (takesMs + LEAD_MS + GAP_MS + TAIL_MS))).toBeLessThan(100);
});
