import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Take } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../helper';
import { wav } from '../fixtures/audio';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from '../routes/api/scripts-kit';
import { startS3Server, type S3TestServer } from './s3-server';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * What the take, audio and photo routes promise, on local disk and on an S3 bucket alike:
 * content-addressed keys, ranges (206/416), sniffing, the 20 MB limit, and a refused upload
 * that leaves no object and no row.
 */
describe.each(['local', 's3'] as const)('stored files through the routes: %s', (kind) => {
  let app: FastifyInstance;
  let s3: S3TestServer | undefined;
  let dataDir: string;
  let owner: TestUser;
  let sessionId: string;
  let lineIds: string[];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-stored-'));
    if (kind === 's3') s3 = await startS3Server();
    app = await build({ DATA_DIR: dataDir, ...s3?.env });
    owner = await createUser(app);
    const script = await postScript(app, owner, balcony());
    sessionId = (await openSession(app, owner, script.id)).id;
    await claim(app, owner, sessionId, 'Romeo');
    lineIds = script.lines.filter((l) => l.role === 'Romeo').map((l) => l.id);
  }, 30_000);
  afterAll(async () => {
    await app.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const objects = async (prefix: string) => {
    const keys: string[] = [];
    for await (const o of app.storage.list(prefix)) keys.push(o.key);
    return keys.sort();
  };
  const stored = async () => ({
    objects: await objects('audio/'),
    rows: (await app.db.selectFrom('audio_files').select('id').execute()).length,
    takes: (await app.db.selectFrom('takes').select('id').execute()).length,
    scratch: fs.existsSync(path.join(dataDir, 'tmp', 'uploads')) ? fs.readdirSync(path.join(dataDir, 'tmp', 'uploads')) : [],
  });

  it(`uses the ${kind} storage`, () => {
    expect(app.storage.kind).toBe(kind);
  });

  it('stores a take under audio/<sha256> and serves it whole, by range (206) and not past its end (416)', async () => {
    const bytes = wav(1500);
    const res = await uploadTake(app, owner, sessionId, { lineId: lineIds[0], clientId: newClientId(), audio: { data: bytes, type: 'audio/wav' } });
    expect(res.statusCode).toBe(201);
    const take: Take = res.json();
    expect(await objects('audio/')).toEqual([`audio/${take.audio}`]);
    expect((await stored()).scratch).toEqual([]);
    if (kind === 'local') expect(fs.readFileSync(path.join(dataDir, 'uploads', 'audio', take.audio)).equals(bytes)).toBe(true);

    const whole = await app.inject({ method: 'GET', url: `/api/audio/${take.audio}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/wav', 'content-length': String(bytes.length), 'accept-ranges': 'bytes' });
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    for (const [range, start, end] of [['bytes=0-0', 0, 0], ['bytes=100-1099', 100, 1099], ['bytes=-10', bytes.length - 10, bytes.length - 1]] as const) {
      const part = await app.inject({ method: 'GET', url: `/api/audio/${take.audio}`, headers: { range } });
      expect({ range, status: part.statusCode, contentRange: part.headers['content-range'] }).toEqual({ range, status: 206, contentRange: `bytes ${start}-${end}/${bytes.length}` });
      expect(part.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    const past = await app.inject({ method: 'GET', url: `/api/audio/${take.audio}`, headers: { range: `bytes=${bytes.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(past.json()).toEqual({ message: 'The requested range is outside this recording.' });

    // Deleting the take removes its object.
    await app.inject({ method: 'DELETE', url: `/api/sessions/${sessionId}/takes/${take.id}`, headers: bearer(owner) });
    expect(await objects('audio/')).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/audio/${take.audio}` })).statusCode).toBe(404);
  });

  it('refuses what is not audio (415) and over 20 MB (413): no object, no row, no scratch file', async () => {
    const before = await stored();
    const text = await uploadTake(app, owner, sessionId, { lineId: lineIds[1], clientId: newClientId(), audio: { data: Buffer.from('<!doctype html><p>not audio'), type: 'audio/webm', filename: 'x.webm' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'This file is not a supported recording. Upload WebM, Ogg, MP3, WAV or M4A audio.' });
    const big = Buffer.concat([wav(10), Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await uploadTake(app, owner, sessionId, { lineId: lineIds[1], clientId: newClientId(), audio: { data: big, type: 'audio/wav' } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'This recording is larger than 20 MB.' });
    expect(await stored()).toEqual(before);
    expect(before).toMatchObject({ objects: [], rows: 0, takes: 0, scratch: [] });
  }, 60_000);

  it('takes exactly 20 MB (a multipart upload on S3) and serves its last bytes by range', async () => {
    // A real WAV of exactly 20 MB (a 44-byte header and 16-bit samples): uploads are decoded.
    const exact = wav((20 * 1024 * 1024 - 44) / 2);
    expect(exact.length).toBe(20 * 1024 * 1024);
    const res = await uploadTake(app, owner, sessionId, { lineId: lineIds[1], clientId: newClientId(), audio: { data: exact, type: 'audio/wav' } });
    expect(res.statusCode).toBe(201);
    const take: Take = res.json();
    expect(await objects('audio/')).toEqual([`audio/${take.audio}`]);
    const tail = await app.inject({ method: 'GET', url: `/api/audio/${take.audio}`, headers: { range: `bytes=${exact.length - 4}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(exact.subarray(exact.length - 4))).toBe(true);
    await app.inject({ method: 'DELETE', url: `/api/sessions/${sessionId}/takes/${take.id}`, headers: bearer(owner) });
    expect(await objects('audio/')).toEqual([]);
  }, 180_000); // 20 MB through the parser, ffmpeg and a multipart S3 upload: slow on a busy machine

  it('stores a profile photo under photos/<sha256> and serves it', async () => {
    const boundary = 'vox-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/users/photo', headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(200);
    const [key] = await objects('photos/');
    expect(key).toMatch(/^photos\/[0-9a-f]{64}$/);
    const photo = await app.inject({ method: 'GET', url: `/api/users/photo/${key.slice('photos/'.length)}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});
