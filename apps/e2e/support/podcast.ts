import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from '@playwright/test';
import { e2eTmp, expect } from './fixtures';

/** A real MP3 of a tone, made by ffmpeg once per length. */
export function toneMp3(seconds: number): string {
  const file = path.join(e2eTmp, `episode-${seconds}s.mp3`);
  if (!fs.existsSync(file)) {
    execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, '-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  }
  return file;
}

/** Seconds shown by the player bar. */
export async function playerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('player-time').textContent()) ?? '0:00';
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** The player says it is playing and its clock moved past `after`. */
export async function expectPlayingPast(page: Page, after: number) {
  // The player bar's own button: an episode page shows a Pause button of its own while it plays.
  await expect(page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true })).toHaveAttribute('data-state', 'playing');
  await expect.poll(() => playerSeconds(page), { timeout: 15_000 }).toBeGreaterThan(after);
}
