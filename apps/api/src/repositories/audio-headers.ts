import fs from 'node:fs';
import type { AudioContentType } from '@vox/contract/schemas';

/**
 * Issue 22, item 10: an upload is taken as audio only when its header frames decode, not when
 * its first bytes merely look right (file-type). An ID3 tag followed by an HTML page starts like
 * an MP3 file; it is no MP3 file: MP3 needs MPEG audio frame headers (two in a row, each at the
 * offset the one before gives), WAV a sane `fmt ` chunk and a `data` chunk, Ogg a first packet
 * of a known audio codec. WebM and MP4 are checked by file-type's own parsing of their
 * containers (the EBML DocType, the ftyp brand).
 */
const HEAD_BYTES = 64 * 1024;

export async function audioHeadersDecode(file: string, type: AudioContentType): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    const head = buf.subarray(0, bytesRead);
    switch (type) {
      case 'audio/mpeg':
        return mpegFramesDecode(head, bytesRead < HEAD_BYTES);
      case 'audio/wav':
        return wavHeaderDecodes(head);
      case 'audio/ogg':
        return oggHeaderDecodes(head);
      default:
        return true;
    }
  } finally {
    await handle.close();
  }
}

// Bit rates in kbit/s by [version: 1 | 2 (2 and 2.5)][layer: 1..3][index].
const BITRATES: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The length in bytes of the MPEG audio frame whose header is at `at`; 0 when no valid header is there. */
export function mpegFrameLength(b: Buffer, at: number): number {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return 0;
  const versionBits = (b[at + 1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layerBits = (b[at + 1] >> 1) & 3; // 3: Layer I, 2: II, 1: III, 0: reserved
  const bitrateIndex = b[at + 2] >> 4;
  const rateIndex = (b[at + 2] >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const layer = 4 - layerBits;
  const bitrate = BITRATES[`${versionBits === 3 ? 1 : 2}-${layer}`][bitrateIndex] * 1000;
  const sampleRate = SAMPLE_RATES[versionBits][rateIndex];
  const padding = (b[at + 2] >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const perFrame = layer === 3 && versionBits !== 3 ? 72 : 144;
  return Math.floor((perFrame * bitrate) / sampleRate) + padding;
}

/** Skips ID3v2 tags, then wants an MPEG frame header followed by another (or by the end of a short file). */
function mpegFramesDecode(b: Buffer, wholeFile: boolean): boolean {
  let at = 0;
  while (at + 10 <= b.length && b.toString('latin1', at, at + 3) === 'ID3') {
    const size = ((b[at + 6] & 0x7f) << 21) | ((b[at + 7] & 0x7f) << 14) | ((b[at + 8] & 0x7f) << 7) | (b[at + 9] & 0x7f);
    at += 10 + size + (b[at + 5] & 0x10 ? 10 : 0);
  }
  // Encoders may pad between the tag and the first frame; a little slack, no more.
  const end = Math.min(b.length, at + 4096);
  for (let i = at; i < end; i++) {
    const first = mpegFrameLength(b, i);
    if (!first) continue;
    const next = i + first;
    if (mpegFrameLength(b, next)) return true;
    // The whole file is this one frame (a very short take).
    if (wholeFile && next === b.length) return true;
  }
  return false;
}

function wavHeaderDecodes(b: Buffer): boolean {
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') return false;
  let at = 12;
  let fmtOk = false;
  while (at + 8 <= b.length) {
    const id = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      if (size < 16 || at + 24 > b.length) return false;
      const channels = b.readUInt16LE(at + 10);
      const sampleRate = b.readUInt32LE(at + 12);
      const bits = b.readUInt16LE(at + 22);
      fmtOk = channels >= 1 && channels <= 32 && sampleRate >= 1000 && sampleRate <= 768_000 && bits >= 1 && bits <= 64;
      if (!fmtOk) return false;
    } else if (id === 'data') {
      return fmtOk;
    }
    at += 8 + size + (size & 1);
  }
  return false;
}

function oggHeaderDecodes(b: Buffer): boolean {
  if (b.length < 27 || b.toString('latin1', 0, 4) !== 'OggS') return false;
  const segments = b[26];
  const start = 27 + segments;
  if (start + 8 > b.length) return false;
  const packet = b.subarray(start, start + 8);
  return (
    packet.toString('latin1', 0, 8) === 'OpusHead' ||
    (packet[0] === 0x01 && packet.toString('latin1', 1, 7) === 'vorbis') ||
    packet.toString('latin1', 0, 8) === 'Speex   ' ||
    (packet[0] === 0x7f && packet.toString('latin1', 1, 5) === 'FLAC')
  );
}
