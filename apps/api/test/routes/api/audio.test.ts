import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Take } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { wav } from '../../fixtures/audio';
import { balcony, claim, getSession, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

describe('GET /api/audio/{audioId}', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: TestUser;
  let stranger: TestUser;
  let bytes: Buffer;
  let take: Take;
  let sessionId: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-audio-'));
    app = await build({ DATA_DIR: dataDir });
    [owner, stranger] = await Promise.all([createUser(app), createUser(app)]);
    const script = await postScript(app, owner, balcony());
    const session = await openSession(app, owner, script.id);
    sessionId = session.id;
    await claim(app, owner, session.id, 'Romeo');
    bytes = wav(1000);
    const res = await uploadTake(app, owner, session.id, { lineId: script.lines[2].id, clientId: newClientId(), audio: { data: bytes, type: 'audio/wav' } });
    take = res.json();
  }, 30_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (id: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/audio/${id}`, headers });

  it('serves the bytes without sign-in (an <audio src> sends no token), with the sniffed type and a long, private, immutable cache', async () => {
    const res = await get(take.audio);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/wav',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${take.audio}"`,
      // A take is for a session's participants: no shared cache keeps it (item 10).
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  it('the id reaches participants only: in the session detail, which strangers cannot fetch', async () => {
    expect((await getSession(app, owner, sessionId)).takes.map((t) => t.audio)).toEqual([take.audio]);
    const res = await app.inject({ method: 'GET', url: `/api/sessions/${sessionId}`, headers: bearer(stranger) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(take.audio);
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=0-9', 0, 9],
      ['bytes=100-199', 100, 199],
      ['bytes=-16', bytes.length - 16, bytes.length - 1],
      [`bytes=${bytes.length - 5}-`, bytes.length - 5, bytes.length - 1],
      [`bytes=10-${bytes.length + 500}`, 10, bytes.length - 1],
    ];
    for (const [range, start, end] of cases) {
      // As browsers send it: the answer must stay the raw bytes, never compressed.
      const res = await get(take.audio, { range, 'accept-encoding': 'gzip, deflate, br' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect({ range, status: res.statusCode }).toEqual({ range, status: 206 });
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers an unsatisfiable range with 416, the size and a text', async () => {
    for (const range of [`bytes=${bytes.length}-`, `bytes=${bytes.length + 10}-${bytes.length + 20}`]) {
      const res = await get(take.audio, { range });
      expect({ range, status: res.statusCode }).toEqual({ range, status: 416 });
      expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect([res.headers['accept-ranges'], res.headers['content-type']]).toEqual(['bytes', 'application/json; charset=utf-8']);
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(res.json()).toEqual({ message: 'The requested range is outside this recording.' });
    }
  });

  it('answers a recording that goes between the look-up and the read with a JSON 404, none of the file\'s headers kept', async () => {
    const read = jest.spyOn(app.storage, 'get').mockResolvedValueOnce(undefined);
    try {
      const res = await get(take.audio, { range: 'bytes=0-9' });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'This recording was not found.' }]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
      expect(res.headers['content-range']).toBeUndefined();
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });

  it('answers 304 when the browser has it, and HEAD with the size and no body', async () => {
    const cached = await get(take.audio, { 'if-none-match': `"${take.audio}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: `/api/audio/${take.audio}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.body).toBe('');
  });

  it('unknown recordings: 404 with its text; anything but a hash: 400; no path outside the folder', async () => {
    const unknown = await get('0'.repeat(64));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'This recording was not found.' });
    expect(unknown.headers['cache-control']).toBeUndefined();
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'top secret');
    for (const id of ['..%2F..%2Fsecret.txt', take.audio.toUpperCase(), `${take.audio}.wav`]) {
      const res = await get(id);
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
      expect(res.body).not.toContain('top secret');
    }
  });

  it('a file without a metadata row (left from a crash) is not served', async () => {
    const id = 'a'.repeat(64);
    fs.writeFileSync(path.join(dataDir, 'uploads', 'audio', id), '<html><script>alert(1)</script></html>');
    expect((await get(id)).statusCode).toBe(404);
  });

  it('works beside the web apps’ static files (two @fastify/static registrations, one per context)', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-web-'));
    fs.mkdirSync(path.join(webDir, 'shell'));
    fs.writeFileSync(path.join(webDir, 'shell', 'index.html'), '<!doctype html><title>VoxClub</title>');
    const full = await build({ WEB_DIR: webDir });
    try {
      const reader = await createUser(full);
      const script = await postScript(full, reader, balcony());
      const session = await openSession(full, reader, script.id);
      await claim(full, reader, session.id, 'Juliet');
      const upload = await uploadTake(full, reader, session.id, { lineId: script.lines[3].id, clientId: newClientId(), audio: { data: bytes, type: 'audio/wav' } });
      const audio = await full.inject({ method: 'GET', url: `/api/audio/${upload.json().audio}`, headers: { range: 'bytes=0-3' } });
      expect(audio.statusCode).toBe(206);
      expect(audio.rawPayload.toString('latin1')).toBe('RIFF');
      const page = await full.inject({ method: 'GET', url: '/scripts', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      // The shell's page, with the path's own title (services/public-pages).
      expect(page.body).toContain('<title>Scripts · VoxClub</title>');
    } finally {
      await full.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  }, 30_000);
});
