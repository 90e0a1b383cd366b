import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { rgbPng } from '../../fixtures/png';
import { bearer, build, createUser, type TestUser } from '../../helper';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----voxclub' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG whose header claims width x height; its pixel data is a stub (never decoded). */
const pngHeaderOnly = (width: number, height: number) => rgbPng(width, height, Buffer.alloc(16));

/** A 400x200 JPEG, red on the left and blue on the right, that its EXIF says to turn 90° clockwise. */
async function sidewaysJpeg(): Promise<Buffer> {
  const half = (background: string) => sharp({ create: { width: 200, height: 200, channels: 3, background } }).png().toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: 'white' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 200, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'Where I live' } })
    .toBuffer();
}

describe('profiles', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => app.close());

  let n = 0;
  const member = async (fields: { name?: string; bio?: string } = {}) => {
    const handle = `p${Date.now().toString(36)}x${++n}`;
    const user = await createUser(app, { handle });
    if (Object.keys(fields).length) await app.db.updateTable('users').set(fields).where('id', '=', user.id).execute();
    return Object.assign(user, { handle });
  };
  const profile = (url: string, user?: TestUser) => app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
  const edit = (user: TestUser, payload: Record<string, unknown>) => app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(user), payload });
  const upload = (user: TestUser, bytes: Buffer, type = 'image/jpeg', field = 'photo') => {
    const { payload, headers } = multipart(field, 'me.jpg', type, bytes);
    return app.inject({ method: 'POST', url: '/api/users/photo', headers: { ...headers, ...bearer(user) }, payload });
  };

  describe('GET /api/users/profile/{userId} and /api/users/by-handle/{handle}', () => {
    it('shows anyone the name, handle, photo and bio; by handle in any case', async () => {
      const ada = await member({ name: 'Ada Lovelace', bio: 'Reads Byron aloud.' });
      const expected = { id: ada.id, handle: ada.handle, name: 'Ada Lovelace', photo: null, bio: 'Reads Byron aloud.', relationship: 'none' };
      const byId = await profile(`/api/users/profile/${ada.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(expected);
      expect((await profile(`/api/users/by-handle/${ada.handle.toUpperCase()}`)).json()).toEqual(expected);
      expect((await profile(`/api/users/by-handle/@${ada.handle}`)).json()).toEqual(expected);
    });

    it('answers 404 with a clear text for unknown members', async () => {
      for (const url of ['/api/users/profile/NoSuchUser000001', '/api/users/by-handle/nobody-here']) {
        const res = await profile(url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { message: 'This member was not found.' } });
      }
    });

    it('tells how I stand to the member: self, none, outgoing, incoming, friends', async () => {
      const me = await member();
      const you = await member();
      const url = `/api/users/profile/${you.id}`;
      const rel = async (viewer: TestUser, u = url) => (await profile(u, viewer)).json().relationship;
      expect(await rel(me, `/api/users/profile/${me.id}`)).toBe('self');
      expect(await rel(me)).toBe('none');
      await app.inject({ method: 'POST', url: '/api/friendships/requests', headers: bearer(me), payload: { to: you.handle } });
      expect(await rel(me)).toBe('outgoing');
      expect(await rel(you, `/api/users/profile/${me.id}`)).toBe('incoming');
      await app.inject({ method: 'POST', url: `/api/friendships/requests/${me.id}/accept`, headers: bearer(you) });
      expect(await rel(me)).toBe('friends');
    });
  });

  describe('PATCH /api/users/me', () => {
    it('saves name, handle and bio and answers the User for the header and my profile', async () => {
      const me = await member();
      const res = await edit(me, { name: '  Grace   Hopper ', handle: '@Grace.H-1', bio: '  Line one.\nLine two.  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: { id: me.id, handle: 'Grace.H-1', name: 'Grace Hopper', photo: null, role: { name: 'member', privileges: [] }, classes: [] },
        profile: { id: me.id, handle: 'Grace.H-1', name: 'Grace Hopper', photo: null, bio: 'Line one.\nLine two.', relationship: 'self' },
        message: 'Your profile is saved.',
      });
      // Only the fields sent change; blank clears (a missing name shows as Guest).
      const cleared = await edit(me, { name: ' ', bio: null });
      expect(cleared.json().user).toMatchObject({ name: null, handle: 'Grace.H-1' });
      expect(cleared.json().profile.bio).toBeNull();
      expect((await edit(me, { handle: '' })).json().user.handle).toBeNull();
    });

    it('checks the handle: length, characters, reserved words, and taken in any case', async () => {
      const me = await member();
      const other = await member();
      const cases: Array<[string, number, string]> = [
        ['ab', 400, 'A handle needs 3 to 30 characters.'],
        ['a'.repeat(31), 400, 'A handle needs 3 to 30 characters.'],
        ['no spaces', 400, 'A handle may use letters, digits, dots, dashes and underscores, and must start and end with a letter or digit.'],
        ['.dotfirst', 400, 'A handle may use letters, digits, dots, dashes and underscores, and must start and end with a letter or digit.'],
        ['émile', 400, 'A handle may use letters, digits, dots, dashes and underscores, and must start and end with a letter or digit.'],
        ['Admin', 400, 'This handle is reserved. Choose another one.'],
        ['VoxClub', 400, 'This handle is reserved. Choose another one.'],
        [other.handle.toUpperCase(), 409, 'This handle is already taken. Choose another one.'],
      ];
      for (const [handle, status, message] of cases) {
        const res = await edit(me, { handle, name: 'Not saved' });
        expect({ handle, status: res.statusCode, body: res.json() }).toEqual({ handle, status, body: { message } });
      }
      // A refused edit saves nothing, not even the other fields.
      expect((await profile(`/api/users/profile/${me.id}`)).json()).toMatchObject({ handle: me.handle, name: null });
      // My own handle in another case is mine to take.
      expect((await edit(me, { handle: me.handle.toUpperCase() })).statusCode).toBe(200);
    });

    it('refuses over-long names and bios with clear texts', async () => {
      const me = await member();
      expect((await edit(me, { name: 'x'.repeat(81) })).json()).toEqual({ message: 'A name can be at most 80 characters long.' });
      expect((await edit(me, { bio: 'x'.repeat(1001) })).json()).toEqual({ message: 'A bio can be at most 1000 characters long.' });
      expect((await edit(me, { name: 'x'.repeat(80), bio: 'y'.repeat(1000) })).statusCode).toBe(200);
    });

    it('is for signed-in members only', async () => {
      const res = await app.inject({ method: 'PATCH', url: '/api/users/me', payload: { name: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please log in.' });
    });
  });

  describe('POST /api/users/photo', () => {
    it('turns the picture upright, crops it to a 256 px WebP square without metadata, and serves it cached', async () => {
      const me = await member();
      const res = await upload(me, await sidewaysJpeg());
      expect(res.statusCode).toBe(200);
      const photo = res.json().user.photo as string;
      expect(photo).toMatch(/^[0-9a-f]{64}$/);
      expect(res.json().profile.photo).toBe(photo);
      expect((await profile(`/api/users/profile/${me.id}`)).json().photo).toBe(photo);

      const served = await app.inject({ method: 'GET', url: `/api/users/photo/${photo}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, orientation: meta.orientation }).toEqual({
        format: 'webp',
        width: 256,
        height: 256,
        exif: undefined,
        orientation: undefined,
      });
      // Turned upright: the red half (left in the file) is now on top.
      const { data, info } = await sharp(served.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      const [r1, , b1] = at(128, 30);
      const [r2, , b2] = at(128, 226);
      expect(r1).toBeGreaterThan(200);
      expect(b1).toBeLessThan(60);
      expect(b2).toBeGreaterThan(200);
      expect(r2).toBeLessThan(60);
    });

    it('refuses what is not a still picture of sane size, and keeps the photo I had', async () => {
      const me = await member();
      const first = (await upload(me, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ba58e9' } }).png().toBuffer(), 'image/png')).json().user.photo;
      const frame = (background: string) => sharp({ create: { width: 16, height: 16, channels: 3, background } }).png().toBuffer();
      const animated = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } }).gif().toBuffer();
      const cases: Array<[string, Buffer, string, number, string]> = [
        ['text', Buffer.from('<svg onload=alert(1)>'), 'image/png', 415, 'This file is not a supported image. Upload a PNG, JPEG, GIF or WebP picture.'],
        ['wrong type', await sidewaysJpeg(), 'image/png', 415, 'This file is not a supported image. Upload a PNG, JPEG, GIF or WebP picture.'],
        ['animated GIF', animated, 'image/gif', 422, 'Animated pictures cannot be profile photos. Upload a still picture.'],
        ['decompression bomb', pngHeaderOnly(30000, 30000), 'image/png', 422, 'This picture is too large. Upload one of at most 40 megapixels.'],
        ['damaged', Buffer.concat([(await sidewaysJpeg()).subarray(0, 400)]), 'image/jpeg', 422, 'This picture could not be read. It may be damaged; try another file.'],
      ];
      for (const [name, bytes, type, status, message] of cases) {
        const res = await upload(me, bytes, type);
        expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status, body: { message } });
      }
      const noFile = await upload(me, await sidewaysJpeg(), 'image/jpeg', 'avatar');
      expect(noFile.json()).toEqual({ message: 'Attach the picture as the file field "photo".' });
      const json = await app.inject({ method: 'POST', url: '/api/users/photo', headers: bearer(me), payload: { photo: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ message: 'Attach the picture as the file field "photo".' });
      expect((await profile(`/api/users/profile/${me.id}`)).json().photo).toBe(first);
    });

    it('removes my photo with DELETE', async () => {
      const me = await member();
      await upload(me, await sidewaysJpeg());
      const res = await app.inject({ method: 'DELETE', url: '/api/users/photo', headers: bearer(me) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { photo: null }, message: 'Your photo is removed.' });
    });

    it('is for signed-in members only', async () => {
      const { payload, headers } = multipart('photo', 'me.jpg', 'image/jpeg', await sidewaysJpeg());
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await app.inject({ method, url: '/api/users/photo', headers, payload });
        expect(res.statusCode).toBe(401);
      }
    });
  });
});
