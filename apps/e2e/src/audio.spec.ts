import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from '@playwright/test';
import { admin, createAccount, expect, signIn, test, shotsDir, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * The audio library end to end in Chromium: two real files (made by ffmpeg) uploaded
 * with their progress, the waveform drawn from the peaks the background job computed, a bed and
 * an effect put on lines in the script editor, and the table read starting each cue's audio
 * element at its line. Then axe on the new pages at laptop and phone size, with screenshots.
 */

const SHOTS = shotsDir('audio');
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-e2e-audio-'));

/** A real audio file: `seconds` of a tone, encoded by ffmpeg. */
function makeAudio(name: string, seconds: number, frequency: number, codec: string[]): string {
  const file = path.join(fixtures, name);
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-ac', '2', '-ar', '48000', ...codec, file]);
  return file;
}

const SCRIPT = {
  title: 'The Night Ferry',
  synopsis: 'Nora takes the last ferry.',
  genre: 'Drama',
  language: 'en',
  visibility: 'private',
  isFree: false,
  roles: [
    { name: 'NORA', description: 'A traveller' },
    { name: 'PURSER', description: 'Sells the tickets' },
  ],
  lines: [
    { kind: 'scene', role: null, text: 'INT. FERRY DECK - NIGHT' },
    { kind: 'dialogue', role: 'NORA', text: 'One ticket, please.' },
    { kind: 'dialogue', role: 'PURSER', text: 'One way or return?' },
    { kind: 'action', role: null, text: 'A door creaks open behind them.' },
    { kind: 'dialogue', role: 'NORA', text: 'One way.' },
    { kind: 'transition', role: null, text: 'CUT TO:' },
  ],
};

async function premiumMember(page: Page, request: Parameters<typeof createAccount>[0]): Promise<TestAccount> {
  const member = await createAccount(request);
  admin('grant', '--user', member.email, '--role', 'premium', '--days', '30');
  await signIn(page, member);
  return member;
}

/** A speech stand-in: each line "speaks" for 1.2 s, and every cue element's start is noted with the line being read. */
const SPEECH_AND_CUE_LOG = () => {
  const w = window as unknown as { __cuePlays: object[]; __spoken: object[] };
  w.__cuePlays = [];
  w.__spoken = [];
  let timers: number[] = [];
  const fake = {
    speaking: false,
    pending: false,
    paused: false,
    getVoices: () => [],
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    speak(u: SpeechSynthesisUtterance) {
      const entry: { text: string; cues: object[] } = { text: u.text, cues: [] };
      w.__spoken.push(entry);
      // Halfway through the line: which cue elements sound, how loud.
      timers.push(
        window.setTimeout(() => {
          entry.cues = [...document.querySelectorAll<HTMLAudioElement>('audio[data-cue-id]')].map((a) => ({ at: a.dataset.cueAt, line: a.dataset.cueLine, volume: a.volume, paused: a.paused, stopped: a.dataset.stopped === 'true' }));
        }, 600),
      );
      timers.push(window.setTimeout(() => u.onstart?.(new Event('start') as SpeechSynthesisEvent), 10));
      timers.push(window.setTimeout(() => u.onend?.(new Event('end') as SpeechSynthesisEvent), 1200));
    },
    cancel() {
      timers.forEach(clearTimeout);
      timers = [];
    },
    pause: () => undefined,
    resume: () => undefined,
  };
  Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
  document.addEventListener(
    'play',
    (event) => {
      const el = event.target as HTMLAudioElement;
      if (!el.dataset?.cueId) return;
      const playing = document.querySelector<HTMLElement>('.vox-reader-line--playing');
      w.__cuePlays.push({ at: el.dataset.cueAt, cueLine: el.dataset.cueLine, startedLine: el.dataset.startedLine, readingLine: playing?.dataset.line ?? null, src: el.getAttribute('src') });
    },
    true,
  );
};

test.describe('audio library', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('upload two files with progress, see the waveform, cue a bed and an effect, hear them at their lines', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.addInitScript(SPEECH_AND_CUE_LOG);
    await premiumMember(page, request);
    const bed = makeAudio('night-garden.wav', 6, 220, ['-c:a', 'pcm_s16le']); // ~1.1 MB: slow enough to watch
    const creak = makeAudio('door-creak.ogg', 1, 900, ['-c:a', 'libopus', '-b:a', '48k']);

    // Upload both at once, on a slowed uplink so the progress bars are seen moving.
    await page.goto('/audio/create/bgm');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload background music' })).toBeVisible();
    await expect(page.getByText('Up to 50 MB per file: WAV, MP3, Ogg/Opus, WebM, M4A/AAC or FLAC.')).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await page.getByLabel('Audio files to upload').setInputFiles([bed, creak]);
    const bedBar = page.getByRole('progressbar', { name: 'Uploading night-garden.wav' });
    await expect(bedBar).toBeVisible();
    await expect.poll(async () => Number(await bedBar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, 'upload-progress-laptop.png') });
    const rows = page.getByTestId('upload-row');
    await expect(rows.filter({ hasText: 'night-garden.wav' }).getByRole('status')).toHaveText('Uploaded · 0:06', { timeout: 60_000 });
    await expect(rows.filter({ hasText: 'door-creak.ogg' }).getByRole('status')).toHaveText('Uploaded · 0:01');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // The peaks job's waveforms appear on the finished uploads.
    await expect(page.getByTestId('mini-waveform')).toHaveCount(2, { timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'upload-done-laptop.png') });

    // The library lists them; the edit page draws the full waveform with wavesurfer.js.
    await page.goto('/audio');
    await expect(page.getByTestId('sound-row')).toHaveCount(2);
    await expect(page.getByText(/^Storage: .* of 500 MB used$/)).toBeVisible();
    await page.getByRole('link', { name: 'night-garden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit sound' })).toBeVisible();
    await expect(page.getByTestId('waveform').locator('canvas').first()).toBeAttached({ timeout: 20_000 });
    await page.getByLabel('Title').fill('Night garden');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'edit-laptop.png') });

    // A script, and its cues set in the editor: a bed under line 2 until line 4, an effect at the end of line 3.
    const token = await page.evaluate(async () => (await (await fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' })).json()).token as string);
    const created = await page.request.post(appUrl('localhost', '/api/scripts'), { data: SCRIPT, headers: { authorization: `Bearer ${token}` } });
    expect(created.status()).toBe(201);
    const script = (await created.json()) as { id: string; lines: { id: string }[] };
    await page.goto(`/scripts/edit/${script.id}`);
    await page.getByRole('button', { name: 'Sound cues of line 2' }).click();
    await page.getByLabel('Sound', { exact: true }).selectOption({ label: 'Night garden' });
    await page.getByLabel('Plays').selectOption('bed');
    await page.getByLabel('Until').selectOption({ label: 'Line 4: A door creaks open behind them.' });
    await page.getByRole('button', { name: 'Add cue' }).click();
    await expect(page.getByRole('button', { name: 'Sound cues of line 2 (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Sound cues of line 2 (1)' }).click();
    await page.getByRole('button', { name: 'Sound cues of line 3' }).click();
    await page.getByLabel('Sound', { exact: true }).selectOption({ label: 'door-creak' });
    await page.getByLabel('Plays').selectOption('end');
    await page.getByRole('button', { name: 'Add cue' }).click();
    await expect(page.getByRole('button', { name: 'Sound cues of line 3 (1)' })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'editor-cues-laptop.png') });

    // The table read: the reader shows the cues, and playback starts each at its line.
    await page.goto(`/script/${script.id}`);
    await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
    await expect(page.getByTestId('reader-cue')).toHaveCount(2);
    await page.getByRole('button', { name: 'Play the table read' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken.length), { timeout: 30_000 }).toBe(6);
    await expect(page.getByRole('button', { name: 'Play the table read' })).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: path.join(SHOTS, 'table-read-laptop.png') });
    const plays = (await page.evaluate(() => (window as unknown as { __cuePlays: object[] }).__cuePlays)) as { at: string; cueLine: string; startedLine: string; readingLine: string | null; src: string }[];
    const [l0, l1, l2, l3] = script.lines.map((l) => l.id);
    void l0;
    expect(plays.map(({ at, cueLine, startedLine, readingLine }) => ({ at, cueLine, startedLine, readingLine }))).toEqual([
      // The bed starts as line 2 is read.
      { at: 'bed', cueLine: l1, startedLine: l1, readingLine: l1 },
      // The effect starts when line 3 has ended, as line 4 begins.
      { at: 'end', cueLine: l2, startedLine: l2, readingLine: l3 },
    ]);
    expect(plays.every((p) => p.src.startsWith('/api/sound-files/'))).toBe(true);
    // While line 3 is read the bed plays, ducked under the speech (80% x 0.3); from line 4 it has stopped.
    const spoken = (await page.evaluate(() => (window as unknown as { __spoken: object[] }).__spoken)) as { text: string; cues: { at: string; volume: number; stopped: boolean }[] }[];
    const during = spoken.find((s) => s.text === 'One way or return?');
    const bedThen = during?.cues.find((c) => c.at === 'bed');
    expect(bedThen?.stopped).toBe(false);
    expect(bedThen?.volume).toBeGreaterThan(0);
    expect(bedThen?.volume).toBeLessThanOrEqual(0.8 * 0.3 + 0.001);
    const after = spoken.find((s) => s.text === 'A door creaks open behind them.');
    expect(after?.cues.find((c) => c.at === 'bed')?.stopped).toBe(true);
  });
});

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

for (const size of SIZES) {
  test(`audio pages have no serious or critical axe violation (${size.name})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await premiumMember(page, request);
    const token = await page.evaluate(async () => 0).then(async () => {
      await page.goto('/guide');
      return page.evaluate(async () => (await (await fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' })).json()).token as string);
    });
    const file = makeAudio(`rain-${size.name}.wav`, 2, 330, ['-c:a', 'pcm_s16le']);
    const form = { type: 'sfx', title: 'Rain on the window', audio: { name: 'rain.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(file) } };
    const up = await page.request.post(appUrl('localhost', '/api/sounds'), { multipart: form, headers: { authorization: `Bearer ${token}` } });
    expect(up.status(), await up.text()).toBe(201);
    const sound = (await up.json()) as { id: string };
    await page.request.patch(appUrl('localhost', `/api/sounds/${sound.id}`), { data: { tags: ['rain', 'night'], isPublic: true, licence: 'cc0' }, headers: { authorization: `Bearer ${token}` } });

    // The edit page's waveform redraws on every resize, so it is shot at the viewport's size, not full length.
    const visit = async (route: string, heading: string, shot: string, ready?: () => Promise<unknown>, fullPage = true) => {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await ready?.();
      await expectNoSeriousViolations(page, route);
      await page.screenshot({ path: path.join(SHOTS, `${shot}-${size.name}.png`), fullPage });
    };
    await visit('/audio?type=sfx', 'Audio library', 'library', () => expect(page.getByTestId('mini-waveform')).toBeVisible({ timeout: 20_000 }));
    await visit('/audio/create/sfx', 'Upload a sound effect', 'upload');
    await visit(`/audio/edit/${sound.id}`, 'Edit sound', 'edit', () => expect(page.getByTestId('waveform')).toBeVisible({ timeout: 20_000 }), false);
    await visit('/freesound-poc', 'Find sounds', 'find', async () => {
      await page.getByRole('searchbox', { name: 'Search sounds' }).fill('rain');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByTestId('search-hit').first()).toBeVisible();
    });
    await visit('/audio/create/nonsense', 'Page not found', 'upload-unknown-type', undefined, false);
  });
}
