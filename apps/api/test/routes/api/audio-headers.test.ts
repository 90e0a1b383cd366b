import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { mp3 } from '../../fixtures/audio';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';
import { mpegFrameLength } from '../../../src/repositories/audio-headers';

/**
 * Issue 22, item 10: a take is audio only when its header frames decode. Real files encoded by
 * ffmpeg (MP3 with its ID3 tag, Ogg Opus, WebM Opus, M4A AAC, WAV) are taken; an ID3 tag
 * followed by an HTML page, or a RIFF/Ogg/MPEG start with nothing valid behind it, is refused.
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

describe('uploaded audio is checked by decoding its header frames', () => {
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
  ])('refuses %s with 415, storing nothing', async (_name, make) => {
    const before = await storedCount();
    const res = await upload(make(), 'audio/mpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UNSUPPORTED });
    expect(await storedCount()).toBe(before);
  });

  it('reads MPEG frame headers right', () => {
    // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, no padding: 417 bytes; with padding 418.
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x90, 0xc0]), 0)).toBe(417);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x92, 0xc0]), 0)).toBe(418);
    // MPEG-2 Layer III, 64 kbit/s, 22.05 kHz: 72 * 64000 / 22050 = 208.
    expect(mpegFrameLength(Buffer.from([0xff, 0xf3, 0x80, 0xc0]), 0)).toBe(208);
    // Reserved version, free or bad bit rate, reserved sample rate: no frame.
    expect(mpegFrameLength(Buffer.from([0xff, 0xeb, 0x90, 0xc0]), 0)).toBe(0);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x00, 0xc0]), 0)).toBe(0);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0xf0, 0xc0]), 0)).toBe(0);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x9c, 0xc0]), 0)).toBe(0);
    expect(mpegFrameLength(Buffer.from('<htm'), 0)).toBe(0);
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
