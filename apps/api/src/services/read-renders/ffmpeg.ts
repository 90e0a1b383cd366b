import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { BED_DUCK, playableWindow } from '@vox/contract/audio';
import { RENDER_SAMPLE_RATE, type RenderCue } from './render-types';

export const ffmpegPath: string = ffmpegInstaller.path;

export const BYTES_PER_SAMPLE = 2;
export const msToBytes = (ms: number) => Math.round((ms / 1000) * RENDER_SAMPLE_RATE) * BYTES_PER_SAMPLE;
export const bytesToMs = (bytes: number) => (bytes / BYTES_PER_SAMPLE / RENDER_SAMPLE_RATE) * 1000;

/** Runs ffmpeg; rejects with its last lines of stderr. `onProgress` gets out_time in ms. */
export function runFfmpeg(args: string[], onProgress?: (ms: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-y', ...(onProgress ? ['-progress', 'pipe:1', '-nostats'] : []), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_ms=(\d+)/.exec(line);
        if (m && onProgress) onProgress(Number(m[1]) / 1000);
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-20_000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stderr) : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ').slice(0, 400)}`))));
  });
}

/** Decodes any audio file to the speech track's PCM (44.1 kHz mono s16le); answers its byte count. */
export async function decodeToPcm(input: string, out: string): Promise<number> {
  await runFfmpeg(['-i', input, '-vn', '-ac', '1', '-ar', String(RENDER_SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', out]);
  return (await fs.promises.stat(out)).size;
}

/** ffmpeg's filter for one cue: trim, fades, volume (beds ducked under speech), placed at `atMs`. */
export function cueFilter(input: number, cue: RenderCue, atMs: number, playMs: number, speech: Array<[number, number]>, totalSamples: number, label: string): string {
  const { startMs, endMs } = playableWindow(cue.sound);
  const s = (ms: number) => (ms / 1000).toFixed(3);
  const length = Math.max(0, Math.min(endMs - startMs, playMs));
  const parts = [`[${input}:a]aresample=${RENDER_SAMPLE_RATE}`, 'aformat=sample_fmts=fltp:channel_layouts=mono', `atrim=start=${s(startMs)}:end=${s(endMs)}`, 'asetpts=PTS-STARTPTS'];
  // soundGainAt: linear ramps from the trim start and to the trim end (file time).
  if (cue.sound.fadeInMs > 0) parts.push(`afade=t=in:st=0:d=${s(Math.min(cue.sound.fadeInMs, endMs - startMs))}`);
  if (cue.sound.fadeOutMs > 0) parts.push(`afade=t=out:st=${s(Math.max(0, endMs - startMs - cue.sound.fadeOutMs))}:d=${s(Math.min(cue.sound.fadeOutMs, endMs - startMs))}`);
  parts.push(`atrim=duration=${s(length)}`);
  parts.push(`adelay=${Math.round(atMs)}`);
  const level = Math.max(0, Math.min(1, cue.volume / 100));
  if (cue.at === 'bed') {
    const end = atMs + length;
    const under = speech.filter(([a, b]) => b > atMs && a < end).map(([a, b]) => `between(t,${s(a)},${s(b)})`);
    parts.push(under.length ? `volume='${level}*if(${under.join('+')},${BED_DUCK},1)':eval=frame` : `volume=${level}`);
  } else parts.push(`volume=${level}`);
  parts.push(`apad=whole_len=${totalSamples}`);
  parts.push(`atrim=end_sample=${totalSamples}[${label}]`);
  return parts.join(',');
}
