import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import { decodeAudio, decodeToPcm, type DecodedAudio } from '../../repositories/audio-decode';
import { createPeakFolder, PEAK_COUNT, PEAK_SAMPLE_RATE } from './peaks';

/**
 * What a sound file is, from its bytes: its type by file-type (the magic numbers, never the name
 * or the browser's word), then whether it is audio throughout and its duration, sample rate and
 * channels by decoding it (repositories/audio-decode.ts): a file whose header says audio but whose
 * body is not (an ID3 tag followed by an HTML page) is refused.
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

type SoundFacts = DecodedAudio;

/**
 * Duration, sample rate and channels of a file file-type named `ext`; undefined when it is not
 * audio throughout (decoded, not sniffed: ../../../repositories/audio-decode.ts).
 */
export function probeSound(file: string, ext: string): Promise<SoundFacts | undefined> {
  return decodeAudio(file, ext);
}

/** The waveform peaks of a file (the background job's work). */
export async function computeFilePeaks(file: string, durationMs: number, count = PEAK_COUNT): Promise<number[]> {
  await fs.promises.access(file);
  const folder = createPeakFolder(Math.round((durationMs / 1000) * PEAK_SAMPLE_RATE), count);
  await decodeToPcm(file, (chunk) => folder.push(chunk));
  return folder.finish();
}
