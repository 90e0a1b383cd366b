import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { mp3 } from '../../fixtures/audio';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

/**
 * A take is audio only when it decodes throughout (repositories/audio-decode.ts). Real files
 * encoded by ffmpeg (MP3 with its ID3 tag, Ogg Opus, WebM Opus also as MediaRecorder writes it,
 * M4A AAC, WAV) are taken; an ID3 tag followed by an HTML page, a RIFF/Ogg/MPEG start with
 * nothing valid behind it, a WAV header followed by HTML, a bare MP4 `ftyp` box and a WAV with a
 * zip archive appended (a polyglot) are refused.
 */
const UNSUPPORTED = 'This file is not a supported recording. Upload WebM, Ogg, MP3, WAV or M4A audio.';

function encode(dir: string, name: string, args: string[]): Buffer {
  const out = path.join(dir, name);
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.6', ...args, '-y', out]);
  return fs.readFileSync(out);
}

/** An ID3v2.4 tag (a title) of `size` bytes of frames, syncsafe size. */
function id3(title = 'A take'): Buffer {
  const text = Buffer.from(`\x03${title}`, 'latin1');
  const frame = Buffer.concat([Buffer.from('TIT2', 'latin1'), Buffer.from([0, 0, 0, text.length, 0, 0]), text]);
  const size = frame.length;
  const head = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([head, frame]);
}

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(20);

/** A 44-byte PCM WAV header (22.05 kHz, mono, 16-bit) whose data chunk says `dataBytes`. */
function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(22050, 24);
  h.writeUInt32LE(44100, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** A zip archive holding one stored (uncompressed) file, as `unzip` reads it. */
function zipOf(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const fileName = Buffer.from(name);
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralAt = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

describe('uploaded audio is checked by decoding it', () => {
  let app: FastifyInstance;
  let reader: TestUser;
  let sessionId: string;
  let lineId: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-audio-headers-'));
  const real: Record<string, Buffer> = {};

  beforeAll(async () => {
    real.mp3 = encode(dir, 'a.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k']);
    real.ogg = encode(dir, 'a.ogg', ['-c:a', 'libopus']);
    real.webm = encode(dir, 'a.webm', ['-c:a', 'libopus']);
    // As MediaRecorder writes it: a live stream, no duration and no cues.
    real.recorded = encode(dir, 'r.webm', ['-c:a', 'libopus', '-f', 'webm', '-live', '1']);
    // Recorded by Chromium's MediaRecorder (an oscillator, 1.5 s, audio/webm;codecs=opus): the
    // segment's size is unknown, so music-metadata reads no length; ffmpeg decodes it.
    real.chromium = fs.readFileSync(path.join(__dirname, '../../fixtures/mediarecorder-chromium.webm'));
    real.m4a = encode(dir, 'a.m4a', ['-c:a', 'aac']);
    real.wav = encode(dir, 'a.wav', ['-c:a', 'pcm_s16le']);
    app = await build();
    reader = await createUser(app);
    const script = await postScript(app, reader, balcony());
    const session = await openSession(app, reader, script.id);
    await claim(app, reader, session.id, 'Romeo');
    sessionId = session.id;
    lineId = script.lines[2].id;
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = (data: Buffer, type: string) => uploadTake(app, reader, sessionId, { lineId, clientId: newClientId(), audio: { data, type } });
  const storedCount = async () => Number((await app.db.selectFrom('audio_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    ['MP3 from ffmpeg (LAME, with its ID3 tag)', 'mp3', 'audio/mpeg', 'audio/mpeg'],
    ['Ogg Opus from ffmpeg', 'ogg', 'audio/ogg', 'audio/ogg'],
    ['WebM Opus from ffmpeg', 'webm', 'audio/webm', 'audio/webm'],
    ['WebM Opus as a browser records it (no duration)', 'recorded', 'audio/webm', 'audio/webm'],
    ['WebM Opus recorded by Chromium’s MediaRecorder', 'chromium', 'audio/webm;codecs=opus', 'audio/webm'],
    ['M4A AAC from ffmpeg', 'm4a', 'audio/mp4', 'audio/mp4'],
    ['WAV from ffmpeg', 'wav', 'audio/wav', 'audio/wav'],
  ])('takes %s', async (_name, key, declared, expected) => {
    expect(real[key].length).toBeGreaterThan(100);
    const res = await upload(real[key], declared);
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe(expected);
  });

  it('the ffmpeg MP3 starts with an ID3 tag (the case the check must get right)', () => {
    expect(real.mp3.toString('latin1', 0, 3)).toBe('ID3');
  });

  it('takes frames behind an ID3 tag', async () => {
    const res = await upload(Buffer.concat([id3(), mp3(6)]), 'audio/mpeg');
    expect(res.statusCode).toBe(201);
    expect(res.json().contentType).toBe('audio/mpeg');
  });

  it.each([
    ['an ID3 tag followed by an HTML page', () => Buffer.concat([id3(), Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n'.repeat(20))])],
    ['an ID3 tag followed by nothing', () => id3()],
    ['an ID3 tag, one frame header, then HTML', () => Buffer.concat([id3(), mp3(1).subarray(0, 4), Buffer.from('<html><script>alert(1)</script></html>'.repeat(30))])],
    ['a RIFF/WAVE start with no fmt chunk', () => Buffer.concat([Buffer.from('RIFF\x00\x10\x00\x00WAVE', 'latin1'), Buffer.from('<html>'.repeat(100))])],
    ['an OggS page whose packet is HTML', () => {
      const real = Buffer.from(fs.readFileSync(path.join(dir, 'a.ogg')));
      const start = 27 + real[26];
      Buffer.from('<html><b', 'latin1').copy(real, start);
      return real;
    }],
    ['a WAV header with an empty data chunk, then HTML', () => Buffer.concat([wavHeader(0), Buffer.from(HTML)])],
    ['a WAV header declaring a second of sound, then HTML', () => Buffer.concat([wavHeader(44100), Buffer.from(HTML)])],
    ['a bare MP4 ftyp box', () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypM4A \0\0\0\0M4A isom', 'latin1')])],
    ['a WAV with a zip archive appended (a polyglot)', () => Buffer.concat([real.wav, zipOf('index.html', HTML)])],
  ])('refuses %s with 415, storing nothing', async (_name, make) => {
    const before = await storedCount();
    const res = await upload(make(), 'audio/mpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UNSUPPORTED });
    expect(await storedCount()).toBe(before);
  });

  it('serves a take with a private cache header (no shared cache keeps it)', async () => {
    const res = await upload(real.wav, 'audio/wav');
    const audio = res.json().audio ?? (await app.db.selectFrom('takes').select('audio_id').executeTakeFirstOrThrow()).audio_id;
    const served = await app.inject({ method: 'GET', url: `/api/audio/${audio}`, headers: bearer(reader) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const ranged = await app.inject({ method: 'GET', url: `/api/audio/${audio}`, headers: { range: 'bytes=0-3' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });
});
