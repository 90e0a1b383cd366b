import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { createPeakFolder, PEAK_COUNT, PEAK_SAMPLE_RATE } from './peaks';

/**
 * What a sound file is, from its bytes (issue 14): its type by file-type (the magic numbers, never
 * the name or the browser's word), then duration, sample rate and channels by music-metadata,
 * which reads the container's own headers. A file whose header says audio but whose body is not
 * (an ID3 tag followed by an HTML page) has no audio frames for music-metadata to find; when the
 * headers give no duration, ffmpeg decodes the file, and one with nothing to decode is refused.
 */

/** file-type's name for a format -> the type we store and serve. */
const SOUND_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** Leading bytes of the audio containers we take: a file that starts so but is not recognised is damaged. */
const AUDIO_MAGIC = ['ID3', 'RIFF', 'OggS', 'fLaC', '\x1a\x45\xdf\xa3'].map((m) => Buffer.from(m, 'latin1'));

/** The stored type and the format's usual extension, or undefined when the bytes are no audio we take. */
export async function sniffSound(file: string): Promise<{ contentType: string; ext: string } | undefined> {
  const type = await fileTypeFromFile(file);
  const contentType = type ? SOUND_TYPES[type.ext] : undefined;
  return type && contentType ? { contentType, ext: type.ext } : undefined;
}

/** True when the file starts as an audio container does (so a failed sniff means a damaged file). */
export async function looksLikeAudio(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return AUDIO_MAGIC.some((magic) => head.subarray(0, magic.length).equals(magic));
  } finally {
    await handle.close();
  }
}

export interface SoundFacts {
  durationMs: number;
  sampleRate: number;
  channels: number;
}

export const ffmpegPath: string = ffmpegInstaller.path;

/** Duration, sample rate and channels; undefined when the file holds no playable audio. */
export async function probeSound(file: string, ext: string): Promise<SoundFacts | undefined> {
  let facts: Partial<SoundFacts> = {};
  // music-metadata picks its parser by the file's extension; the upload's scratch name has none,
  // so it reads a hard link named for the format file-type found.
  const named = `${file}.${ext}`;
  try {
    await fs.promises.link(file, named);
    const { format } = await parseFile(named, { duration: true, skipCovers: true });
    facts = {
      durationMs: format.duration && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) : undefined,
      sampleRate: format.sampleRate,
      channels: format.numberOfChannels,
    };
  } catch {
    // Not parseable as its container: decoding decides below.
  } finally {
    await fs.promises.rm(named, { force: true });
  }
  if (facts.durationMs && facts.durationMs > 0 && facts.sampleRate && facts.channels) return facts as SoundFacts;
  // No duration in the headers (a WebM recording) or nothing found: count what ffmpeg decodes,
  // and take the stream's rate and channels from ffmpeg's description of its input.
  const decoded = await decode(file, () => undefined).catch(() => undefined);
  if (!decoded || decoded.samples <= 0) return undefined;
  return {
    durationMs: Math.round((decoded.samples / PEAK_SAMPLE_RATE) * 1000),
    sampleRate: facts.sampleRate || decoded.sampleRate,
    channels: facts.channels || decoded.channels,
  };
}

const CHANNEL_WORDS: Record<string, number> = { mono: 1, stereo: 2, '2.1': 3, quad: 4, '5.0': 5, '5.1': 6, '7.1': 8 };

/**
 * Runs ffmpeg over the file into mono 16-bit PCM at PEAK_SAMPLE_RATE, each chunk to `onChunk`;
 * answers how many samples came out and the input stream's rate and channels.
 */
function decode(file: string, onChunk: (chunk: Buffer) => void): Promise<{ samples: number; sampleRate: number; channels: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-i', file, '-vn', '-ac', '1', '-ar', String(PEAK_SAMPLE_RATE), '-f', 's16le', 'pipe:1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      onChunk(chunk);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 8000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300)}`));
      // "Stream #0:0: Audio: opus, 48000 Hz, mono, fltp" (the input's; the output's says 8000 Hz).
      const input = /Input #0[\s\S]*?Audio: [^,]+, (\d+) Hz, ([^,]+)/.exec(stderr);
      const words = input?.[2].trim() ?? '';
      const channels = CHANNEL_WORDS[words] ?? (Number(/^(\d+) channels/.exec(words)?.[1]) || 0);
      resolve({ samples: Math.floor(bytes / 2), sampleRate: Number(input?.[1] ?? 0), channels });
    });
  });
}

/** The waveform peaks of a file (the background job's work). */
export async function computeFilePeaks(file: string, durationMs: number, count = PEAK_COUNT): Promise<number[]> {
  await fs.promises.access(file);
  const folder = createPeakFolder(Math.round((durationMs / 1000) * PEAK_SAMPLE_RATE), count);
  await decode(file, (chunk) => folder.push(chunk));
  return folder.finish();
}
