import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { parseFile } from 'music-metadata';

/**
 * Whether an upload is audio is decided by decoding it, never by its first bytes (which a WAV
 * header followed by an HTML page, or a bare MP4 `ftyp` box, get right). ffmpeg decodes every
 * frame of the first audio stream: an error in any frame, or no frame at all, refuses the file.
 * music-metadata reads the container's own account of the length, which must agree with what
 * decoded (a WAV header whose data chunk is empty or short of what it declares, with HTML behind,
 * does not). A WAV must be exactly as long as its RIFF chunk says: bytes after it are a second
 * file (a WAV+zip polyglot), bytes missing are a header whose sound never came. WebM as MediaRecorder writes it states no length: what decodes is its length.
 * Takes, sounds and episodes are all checked here.
 */

const ffmpegPath: string = ffmpegInstaller.path;

/** The rate audio is decoded at for counting and for waveform peaks (mono, 16-bit). */
const DECODE_SAMPLE_RATE = 8000;

export interface DecodedAudio {
  durationMs: number;
  sampleRate: number;
  channels: number;
}

/** How far the stated and the decoded length may differ (encoder delay and padding). */
const LENGTH_SLACK_MS = 150;

const CHANNEL_WORDS: Record<string, number> = { mono: 1, stereo: 2, '2.1': 3, quad: 4, '5.0': 5, '5.1': 6, '7.1': 8 };

/**
 * Runs ffmpeg over the file into mono 16-bit PCM at DECODE_SAMPLE_RATE, each chunk to `onChunk`;
 * answers how many samples came out, the input stream's rate and channels, and whether ffmpeg
 * reported an error while reading or decoding (a damaged frame, bytes that are no frame).
 */
export function decodeToPcm(file: string, onChunk: (chunk: Buffer) => void): Promise<{ samples: number; sampleRate: number; channels: number; errors: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      ['-hide_banner', '-nostdin', '-loglevel', 'level+info', '-i', file, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(DECODE_SAMPLE_RATE), '-f', 's16le', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      onChunk(chunk);
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 64_000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stderr.split('\n');
      const errors = lines.filter((line) => /\[(error|fatal|panic)\]/.test(line)).map((line) => line.trim());
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}: ${errors.slice(-2).join(' ').slice(0, 300)}`));
      // "Stream #0:0: Audio: opus, 48000 Hz, mono, fltp" (the input's; the output's says 8000 Hz).
      const input = /Input #0[\s\S]*?Audio: [^,]+, (\d+) Hz, ([^,\n]+)/.exec(stderr);
      const words = input?.[2].trim() ?? '';
      const channels = CHANNEL_WORDS[words] ?? (Number(/^(\d+) channels/.exec(words)?.[1]) || 0);
      resolve({ samples: Math.floor(bytes / 2), sampleRate: Number(input?.[1] ?? 0), channels, errors });
    });
  });
}

/** The container's own facts, by music-metadata; empty when it cannot read the file as `ext`. */
async function statedFacts(file: string, ext: string): Promise<{ durationMs?: number; sampleRate?: number; channels?: number }> {
  // music-metadata picks its parser by the file's extension; the upload's scratch name has none,
  // so it reads a hard link named for the format file-type found.
  const named = `${file}.${ext}`;
  try {
    await fs.promises.link(file, named);
    const { format } = await parseFile(named, { duration: true, skipCovers: true });
    const seconds = format.duration;
    return {
      durationMs: seconds && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined,
      sampleRate: format.sampleRate,
      channels: format.numberOfChannels,
    };
  } catch {
    return {};
  } finally {
    await fs.promises.rm(named, { force: true });
  }
}

/** True when the file ends where its RIFF chunk does (not before, nothing after). */
async function riffMatchesFile(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    const { size } = await handle.stat();
    // The chunk's 8-byte header and length, and the pad byte an odd length takes.
    const length = head.readUInt32LE(4);
    return size === 8 + length + (length % 2);
  } finally {
    await handle.close();
  }
}

/**
 * The decoded facts of a file whose format file-type named `ext` (wav, mp3, ogg, webm, m4a, …),
 * or undefined when it is not audio throughout (see above).
 */
export async function decodeAudio(file: string, ext: string): Promise<DecodedAudio | undefined> {
  if (ext === 'wav' && !(await riffMatchesFile(file))) return undefined;
  const decoded = await decodeToPcm(file, () => undefined).catch(() => undefined);
  if (!decoded || decoded.errors.length > 0 || decoded.samples <= 0) return undefined;
  const decodedMs = Math.round((decoded.samples / DECODE_SAMPLE_RATE) * 1000);
  const stated = await statedFacts(file, ext);
  if (stated.durationMs === undefined) {
    if (ext !== 'webm') return undefined;
  } else if (Math.abs(stated.durationMs - decodedMs) > Math.max(LENGTH_SLACK_MS, decodedMs * 0.05)) {
    return undefined;
  }
  return {
    durationMs: stated.durationMs ?? decodedMs,
    sampleRate: stated.sampleRate || decoded.sampleRate,
    channels: stated.channels || decoded.channels,
  };
}
