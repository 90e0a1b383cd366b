import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPhotoStore, type PhotoStore } from '../../../src/repositories/photos';
import { rgbPng } from '../../fixtures/png';
import { build } from '../../helper';

/** A real 2x2 RGB PNG; each row: filter byte 0, then two RGB pixels (VoxClub purple and white). */
const tinyPng = () => rgbPng(2, 2, Buffer.from([0, 0xba, 0x58, 0xe9, 0xff, 0xff, 0xff, 0, 0xff, 0xff, 0xff, 0xba, 0x58, 0xe9]));

describe('GET /api/users/photo/{photo}', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let store: PhotoStore;
  let png: Buffer;
  let photoId: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-photos-'));
    app = await build({ DATA_DIR: dataDir });
    store = createPhotoStore(app.db, dataDir);
    png = tinyPng();
    photoId = await store.savePhoto(png, 'image/png');
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (photo: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/users/photo/${photo}`, headers });

  it('stores a photo under the SHA-256 of its bytes, once', async () => {
    expect(photoId).toBe(createHash('sha256').update(png).digest('hex'));
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'photos', photoId)).equals(png)).toBe(true);
    expect(await store.savePhoto(png, 'image/png')).toBe(photoId);
    const rows = await app.db.selectFrom('photos').selectAll().where('id', '=', photoId).execute();
    expect(rows).toEqual([expect.objectContaining({ content_type: 'image/png', byte_size: png.length })]);
  });

  it('serves it to anyone, with its type, ETag and a long immutable cache', async () => {
    const res = await get(photoId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers.etag).toBe(`"${photoId}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('answers 304 without a body when the browser already has it', async () => {
    for (const tag of [`"${photoId}"`, `W/"${photoId}"`, `"other", "${photoId}"`, '*']) {
      const res = await get(photoId, { 'if-none-match': tag });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(`"${photoId}"`);
    }
    expect((await get(photoId, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('answers an unknown photo with 404 and no caching', async () => {
    const res = await get('0'.repeat(64));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This photo was not found.' });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('never reads outside the photos folder: anything but a lower-case hash is a 400', async () => {
    fs.writeFileSync(path.join(dataDir, 'secrets-copy.txt'), 'top secret');
    for (const photo of ['..%2F..%2Fsecrets-copy.txt', '..%2Fsecrets.json', photoId.toUpperCase(), `${photoId}.png`, `${photoId.slice(1)}%00`]) {
      const res = await get(photo);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('top secret');
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await get('..%2F..%2Fsecrets-copy.txt')).statusCode).toBe(400);
  });

  it('sniffs the type of a stored file that has no metadata row', async () => {
    const jpegish = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('rest of a jpeg')]);
    const id = createHash('sha256').update(jpegish).digest('hex');
    fs.writeFileSync(path.join(dataDir, 'uploads', 'photos', id), jpegish);
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('does not serve a stored file that is not an image', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const id = createHash('sha256').update(html).digest('hex');
    fs.writeFileSync(path.join(dataDir, 'uploads', 'photos', id), html);
    expect((await get(id)).statusCode).toBe(404);
  });

  it('refuses to store anything but a real image of the declared type', async () => {
    await expect(store.savePhoto(Buffer.from('<svg onload="alert(1)"/>'), 'image/png')).rejects.toThrow(/not a supported image/);
    await expect(store.savePhoto(png, 'image/jpeg')).rejects.toThrow(/not a supported image/);
    await expect(store.savePhoto(png, 'text/html')).rejects.toThrow(/not a supported image/);
  });
});
