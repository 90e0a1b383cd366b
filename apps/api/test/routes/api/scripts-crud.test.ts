import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Script, ScriptList } from '@vox/contract';
import { requestFriendship } from '../../../src/repositories/friendships';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { balcony, befriend, multipart, postScript } from './scripts-kit';

const NOT_FOUND = { message: 'This script was not found.' };
const NOT_OWNER = { message: 'Only the owner of this script can change it.' };

describe('scripts: create, read, replace, delete, cover', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: TestUser;
  let friend: TestUser;
  let pending: TestUser;
  let stranger: TestUser;
  let premium: TestUser;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-scripts-'));
    app = await build({ DATA_DIR: dataDir });
    [owner, friend, pending, stranger, premium] = await Promise.all([
      createUser(app),
      createUser(app),
      createUser(app),
      createUser(app),
      createUser(app, { role: 'premium' }),
    ]);
    await befriend(app, owner, friend);
    await requestFriendship(app.db, owner.id, pending.id);
  }, 30_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (id: string, user?: TestUser) => app.inject({ method: 'GET', url: `/api/scripts/${id}`, headers: user ? bearer(user) : {} });
  const put = (id: string, user: TestUser, payload: unknown) => app.inject({ method: 'PUT', url: `/api/scripts/${id}`, headers: bearer(user), payload: payload as object });
  const del = (id: string, user: TestUser) => app.inject({ method: 'DELETE', url: `/api/scripts/${id}`, headers: bearer(user) });
  const list = async (user: TestUser | null, query: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/api/scripts', query, headers: user ? bearer(user) : {} });
    return res;
  };
  const titles = (body: ScriptList) => body.items.map((s) => s.title);

  describe('create', () => {
    it('answers the whole script with server ids, in order, with canEdit for the owner', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/scripts', headers: bearer(owner), payload: balcony({ title: '  Balcony  ' }) });
      expect(res.statusCode).toBe(201);
      const script: Script = res.json();
      expect(script).toMatchObject({
        title: 'Balcony',
        synopsis: 'Juliet at her window; Romeo below in the orchard.',
        genre: 'Tragedy',
        language: 'en',
        cover: null,
        visibility: 'private',
        isFree: false,
        owner: { id: owner.id, handle: null, name: null, photo: null },
        roles: [
          { name: 'Romeo', description: 'A Montague, in love.' },
          { name: 'Juliet', description: 'A Capulet, at the window.' },
        ],
        canEdit: true,
      });
      expect(script.lines.map((l) => [l.kind, l.role, l.parenthetical, l.text])).toEqual([
        ['scene', null, null, "EXT. CAPULET'S ORCHARD - NIGHT"],
        ['action', null, null, 'Juliet appears above at a window.'],
        ['dialogue', 'Romeo', null, 'But, soft! what light through yonder window breaks?'],
        ['dialogue', 'Juliet', null, 'Ay me!'],
        ['dialogue', 'Romeo', '(aside)', 'She speaks.'],
        ['dialogue', 'Juliet', null, 'O Romeo, Romeo! wherefore art thou Romeo?'],
      ]);
      expect(new Set(script.lines.map((l) => l.id)).size).toBe(6);
      expect(script.createdAt).toBe(script.updatedAt);
      expect((await get(script.id, owner)).json()).toEqual(script);
    });

    it('asks anonymous callers to log in and writes nothing', async () => {
      const before = await app.db.selectFrom('scripts').select('id').execute();
      const res = await app.inject({ method: 'POST', url: '/api/scripts', payload: balcony() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please log in.' });
      expect(await app.db.selectFrom('scripts').select('id').execute()).toHaveLength(before.length);
    });

    it.each([
      ['a blank title', balcony({ title: '   ' }), 'Give the script a title.'],
      ['two roles with one name (any case)', balcony({ roles: [{ name: 'Romeo', description: '' }, { name: 'ROMEO ', description: '' }] }), 'Two roles have the same name. Give each role its own name.'],
      ['a blank role name', balcony({ roles: [{ name: '  ', description: '' }] }), 'Give every role a name.'],
      ['a dialogue line without a role', balcony({ lines: [{ kind: 'dialogue', role: null, text: 'Who speaks?' }] }), 'A dialogue line needs a role.'],
      ['a dialogue line with a blank role', balcony({ lines: [{ kind: 'dialogue', role: ' ', text: 'Who speaks?' }] }), 'A dialogue line needs a role.'],
      ['a line naming a role not in the script', balcony({ lines: [{ kind: 'dialogue', role: 'Mercutio', text: 'A plague!' }] }), 'A line names a role that is not in the script.'],
    ])('refuses %s with its text, and writes nothing', async (_name, input, message) => {
      const counts = async () => ({
        scripts: (await app.db.selectFrom('scripts').select('id').execute()).length,
        lines: (await app.db.selectFrom('script_lines').select('id').execute()).length,
        roles: (await app.db.selectFrom('script_roles').select('name').execute()).length,
      });
      const before = await counts();
      const res = await app.inject({ method: 'POST', url: '/api/scripts', headers: bearer(owner), payload: input });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await counts()).toEqual(before);
    });

    it('refuses input outside the contract with a readable text', async () => {
      const cases: Array<[unknown, string]> = [
        [{ ...balcony(), visibility: 'everyone' }, "Field 'visibility' has a value that is not allowed."],
        [{ ...balcony(), title: 'x'.repeat(201) }, "Field 'title' must be at most 200 characters long."],
        [{ ...balcony(), lines: [{ kind: 'song', role: null, text: 'la' }] }, "Field 'lines.0.kind' has a value that is not allowed."],
        [{ ...balcony(), isFree: 'yes' }, "Field 'isFree' must be true or false."],
      ];
      for (const [payload, message] of cases) {
        const res = await app.inject({ method: 'POST', url: '/api/scripts', headers: bearer(owner), payload: payload as object });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message } });
      }
    });

    it('stores narration without role or parenthetical, and matches a line’s role to the role list’s spelling', async () => {
      const script = await postScript(
        app,
        owner,
        balcony({
          lines: [
            { kind: 'action', role: 'Romeo', parenthetical: '(loud)', text: 'Thunder.' },
            { kind: 'dialogue', role: 'juliet', parenthetical: '  ', text: '  Ay me!  ' },
          ],
        }),
      );
      expect(script.lines.map((l) => [l.kind, l.role, l.parenthetical, l.text])).toEqual([
        ['action', null, null, 'Thunder.'],
        ['dialogue', 'Juliet', null, 'Ay me!'],
      ]);
    });
  });

  describe('who may read', () => {
    let priv: Script;
    let friends: Script;
    let pub: Script;
    let free: Script;
    beforeAll(async () => {
      priv = await postScript(app, owner, balcony({ title: 'Private read', visibility: 'private' }));
      friends = await postScript(app, owner, balcony({ title: 'Friends read', visibility: 'friends' }));
      pub = await postScript(app, owner, balcony({ title: 'Public read', visibility: 'public' }));
      free = await postScript(app, owner, balcony({ title: 'Free read', visibility: 'private', isFree: true }));
    });

    it('owner: reads every one of their scripts, with canEdit', async () => {
      for (const s of [priv, friends, pub, free]) {
        const res = await get(s.id, owner);
        expect(res.statusCode).toBe(200);
        expect(res.json().canEdit).toBe(true);
      }
    });

    it('friend: reads friends-only and public scripts (canEdit false), not private ones', async () => {
      expect((await get(friends.id, friend)).json()).toMatchObject({ title: 'Friends read', canEdit: false });
      expect((await get(pub.id, friend)).json()).toMatchObject({ title: 'Public read', canEdit: false });
      const res = await get(priv.id, friend);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });

    it('friends-only: a pending request is not a friendship', async () => {
      const res = await get(friends.id, pending);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });

    it('public: any signed-in stranger reads it', async () => {
      expect((await get(pub.id, stranger)).statusCode).toBe(200);
    });

    it('stranger: private and friends-only scripts answer like scripts that do not exist', async () => {
      for (const id of [priv.id, friends.id, free.id, 'NoSuchScript0000']) {
        const res = await get(id, stranger);
        expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: NOT_FOUND });
      }
    });

    it('free: read_free_script reads free scripts whatever their visibility; without it, not', async () => {
      expect((await get(free.id, premium)).json()).toMatchObject({ title: 'Free read', isFree: true, canEdit: false });
      expect((await get(priv.id, premium)).statusCode).toBe(404);
    });

    it('anonymous: asked to log in', async () => {
      const res = await get(pub.id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please log in.' });
    });
  });

  describe('list and search', () => {
    let other: TestUser;
    let lister: TestUser;
    let listerFriend: TestUser;
    beforeAll(async () => {
      [other, lister, listerFriend] = await Promise.all([createUser(app), createUser(app, { role: 'premium' }), createUser(app)]);
      await befriend(app, lister, listerFriend);
      // Created in this order, so "newest updated first" is the reverse.
      await postScript(app, lister, balcony({ title: 'Zeta mine private', visibility: 'private', genre: 'Comedy' }));
      await postScript(app, listerFriend, balcony({ title: 'Friend’s friends-only', visibility: 'friends', synopsis: 'A 100% true story_with underscores' }));
      await postScript(app, listerFriend, balcony({ title: 'Friend’s private', visibility: 'private' }));
      await postScript(app, other, balcony({ title: 'Stranger public', visibility: 'public', genre: 'Farce' }));
      await postScript(app, other, balcony({ title: 'Stranger private free', visibility: 'private', isFree: true }));
      await postScript(app, other, balcony({ title: 'Stranger private', visibility: 'private' }));
    }, 30_000);
    const mineOrNear = (names: string[]) => names.filter((t) => /mine|Friend’s|Stranger/.test(t));

    it('all: everything I may read, newest updated first, with counts and the full total', async () => {
      const res = await list(lister, { pageSize: '100' });
      expect(res.statusCode).toBe(200);
      const body: ScriptList = res.json();
      expect(mineOrNear(titles(body))).toEqual(['Stranger private free', 'Stranger public', 'Friend’s friends-only', 'Zeta mine private']);
      expect(body.items.find((s) => s.title === 'Stranger public')).toMatchObject({ roleCount: 2, lineCount: 6, owner: { id: other.id } });
      expect(body.items[0]).not.toHaveProperty('lines');
      expect(body).toMatchObject({ page: 1, pageSize: 100, total: body.items.length });
    });

    it('mine, friends, public and free scopes', async () => {
      expect(titles((await list(lister, { scope: 'mine' })).json())).toEqual(['Zeta mine private']);
      expect(titles((await list(lister, { scope: 'friends' })).json())).toEqual(['Friend’s friends-only']);
      expect(mineOrNear(titles((await list(lister, { scope: 'public', pageSize: '100' })).json()))).toEqual(['Stranger public']);
      expect(mineOrNear(titles((await list(lister, { scope: 'free', pageSize: '100' })).json()))).toEqual(['Stranger private free']);
    });

    it('free scope needs read_free_script: 403 with its text', async () => {
      const res = await list(stranger, { scope: 'free' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Free scripts are part of a membership that includes them.' });
    });

    it('owner filter: what I may read of one member’s scripts', async () => {
      expect(titles((await list(lister, { owner: listerFriend.id })).json())).toEqual(['Friend’s friends-only']);
      expect(titles((await list(stranger, { owner: other.id })).json())).toEqual(['Stranger public']);
    });

    it('search matches title, synopsis and genre, any case, with % and _ taken literally', async () => {
      expect(titles((await list(lister, { q: 'zeta' })).json())).toEqual(['Zeta mine private']);
      expect(titles((await list(lister, { q: 'FARCE' })).json())).toEqual(['Stranger public']);
      expect(titles((await list(lister, { q: '100% true' })).json())).toEqual(['Friend’s friends-only']);
      expect(titles((await list(lister, { q: 'story_with' })).json())).toEqual(['Friend’s friends-only']);
      expect(titles((await list(lister, { q: '%' })).json())).toEqual(['Friend’s friends-only']);
      expect(titles((await list(lister, { q: 'y_w' })).json())).toEqual(['Friend’s friends-only']);
      expect((await list(lister, { q: 'no such words anywhere' })).json()).toMatchObject({ items: [], total: 0 });
    });

    it('pages: page and pageSize, total counts every match', async () => {
      const first = (await list(lister, { scope: 'all', q: 'Stranger', pageSize: '1' })).json();
      const second = (await list(lister, { scope: 'all', q: 'Stranger', pageSize: '1', page: '2' })).json();
      expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(titles(first)).toEqual(['Stranger private free']);
      expect(titles(second)).toEqual(['Stranger public']);
      expect(titles((await list(lister, { q: 'Stranger', page: '3', pageSize: '1' })).json())).toEqual([]);
      expect((await list(lister)).json().pageSize).toBe(20);
    });

    it('anonymous visitors list public scripts only; their own scopes need a login', async () => {
      const res = await list(null, { q: 'Stranger' });
      expect(res.statusCode).toBe(200);
      expect(titles(res.json())).toEqual(['Stranger public']);
      for (const scope of ['mine', 'friends', 'free']) {
        const refused = await list(null, { scope });
        expect({ scope, status: refused.statusCode, body: refused.json() }).toEqual({ scope, status: 401, body: { message: 'Please log in.' } });
      }
    });

    it('refuses an unknown scope', async () => {
      const res = await list(lister, { scope: 'everything' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Query parameter 'scope' has a value that is not allowed." });
    });
  });

  describe('replace (PUT)', () => {
    it('keeps the ids (and so the takes) of lines sent back with their id, renumbers, adds and drops', async () => {
      const script = await postScript(app, owner, balcony({ visibility: 'public' }));
      const [scene, action, romeo1, juliet1, romeo2, juliet2] = script.lines;
      const before = script.updatedAt;
      await new Promise((r) => setTimeout(r, 5));
      const res = await put(script.id, owner, {
        ...balcony({ title: 'Balcony, revised', visibility: 'friends', isFree: true }),
        lines: [
          { id: juliet2.id, kind: 'dialogue', role: 'Juliet', text: juliet2.text },
          { kind: 'action', role: null, text: 'A new stage direction.' },
          { id: romeo1.id, kind: 'dialogue', role: 'Romeo', text: 'But soft!' },
          { id: 'NotALineOfThisScript', kind: 'dialogue', role: 'Juliet', text: 'Ay me!' },
          { id: scene.id, kind: 'scene', role: null, text: scene.text },
        ],
      });
      expect(res.statusCode).toBe(200);
      const saved: Script = res.json();
      expect(saved).toMatchObject({ title: 'Balcony, revised', visibility: 'friends', isFree: true, canEdit: true });
      expect(saved.updatedAt > before).toBe(true);
      expect(saved.createdAt).toBe(script.createdAt);
      expect(saved.lines.map((l) => l.text)).toEqual([juliet2.text, 'A new stage direction.', 'But soft!', 'Ay me!', scene.text]);
      expect(saved.lines[0].id).toBe(juliet2.id);
      expect(saved.lines[2].id).toBe(romeo1.id);
      expect(saved.lines[4].id).toBe(scene.id);
      for (const fresh of [saved.lines[1].id, saved.lines[3].id]) expect([action.id, juliet1.id, romeo2.id, 'NotALineOfThisScript']).not.toContain(fresh);
      const stored = await app.db.selectFrom('script_lines').select('id').where('script_id', '=', script.id).execute();
      expect(stored.map((r) => r.id).sort()).toEqual(saved.lines.map((l) => l.id).sort());
    });

    it('readable but not mine: 403 with its text, nothing changes', async () => {
      const script = await postScript(app, owner, balcony({ visibility: 'public', title: 'Untouchable' }));
      const res = await put(script.id, stranger, balcony({ title: 'Mine now' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NOT_OWNER);
      expect((await get(script.id, owner)).json().title).toBe('Untouchable');
    });

    it('not readable: 404 as if it did not exist', async () => {
      const script = await postScript(app, owner, balcony());
      const res = await put(script.id, stranger, balcony());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });

    it('a refused save leaves the script as it was', async () => {
      const script = await postScript(app, owner, balcony());
      const res = await put(script.id, owner, balcony({ title: 'Changed', roles: [], lines: [{ kind: 'dialogue', role: 'Romeo', text: 'x' }] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'A line names a role that is not in the script.' });
      expect((await get(script.id, owner)).json()).toEqual(script);
    });
  });

  describe('delete', () => {
    it('owner deletes with 204; the script, its lines and sessions are gone', async () => {
      const script = await postScript(app, owner, balcony({ visibility: 'public' }));
      await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/session`, headers: bearer(stranger) });
      const res = await del(script.id, owner);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await get(script.id, owner)).statusCode).toBe(404);
      expect(await app.db.selectFrom('script_lines').select('id').where('script_id', '=', script.id).execute()).toEqual([]);
      expect(await app.db.selectFrom('reading_sessions').select('id').where('script_id', '=', script.id).execute()).toEqual([]);
    });

    it('a friend who may read it gets 403; a stranger 404; nothing is deleted', async () => {
      const script = await postScript(app, owner, balcony({ visibility: 'friends' }));
      expect((await del(script.id, friend)).json()).toEqual(NOT_OWNER);
      expect((await del(script.id, stranger)).json()).toEqual(NOT_FOUND);
      expect((await get(script.id, owner)).statusCode).toBe(200);
    });
  });

  describe('cover', () => {
    const upload = async (id: string, user: TestUser, file?: { data: Buffer; type: string; field?: string }) => {
      const body = await multipart({}, file && { field: file.field ?? 'cover', data: file.data, type: file.type, filename: 'cover' });
      return app.inject({ method: 'POST', url: `/api/scripts/${id}/cover`, headers: { ...body.headers, ...bearer(user) }, payload: body.payload });
    };
    const photoFiles = () => {
      const dir = path.join(dataDir, 'uploads', 'photos');
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    };

    it('stores the picture as a WebP of at most 1200 px and answers the script with its cover', async () => {
      const script = await postScript(app, owner, balcony({ visibility: 'public' }));
      const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#BA58E9' } }).png().toBuffer();
      const res = await upload(script.id, owner, { data: png, type: 'image/png' });
      expect(res.statusCode).toBe(200);
      const cover = res.json().cover as string;
      expect(cover).toMatch(/^[0-9a-f]{64}$/);
      expect((await get(script.id, stranger)).json().cover).toBe(cover);
      const served = await app.inject({ method: 'GET', url: `/api/users/photo/${cover}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 600]);

      const removed = await app.inject({ method: 'DELETE', url: `/api/scripts/${script.id}/cover`, headers: bearer(owner) });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().cover).toBeNull();
    });

    it('refuses what is not a picture with 415 and its text, storing nothing', async () => {
      const script = await postScript(app, owner, balcony());
      const before = photoFiles();
      for (const [data, type] of [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
        [Buffer.from('just text'), 'image/png'],
        [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('broken')]), 'image/png'],
      ] as const) {
        const res = await upload(script.id, owner, { data, type });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ message: 'The cover must be a PNG, JPEG, GIF or WebP picture.' });
      }
      expect(photoFiles()).toEqual(before);
      expect((await get(script.id, owner)).json().cover).toBeNull();
    });

    it('refuses a picture over 10 MB with 413 and its text, storing nothing', async () => {
      const script = await postScript(app, owner, balcony());
      const before = photoFiles();
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } }).png().toBuffer();
      const res = await upload(script.id, owner, { data: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]), type: 'image/png' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The cover picture is larger than 10 MB.' });
      expect(photoFiles()).toEqual(before);
    });

    it('asks for the file field "cover", refuses non-owners', async () => {
      const script = await postScript(app, owner, balcony({ visibility: 'public' }));
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffffff' } }).png().toBuffer();
      const wrongField = await upload(script.id, owner, { data: png, type: 'image/png', field: 'picture' });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ message: 'Attach the picture as the file field "cover".' });
      expect((await upload(script.id, owner)).json()).toEqual({ message: 'Attach the picture as the file field "cover".' });
      expect((await upload(script.id, stranger, { data: png, type: 'image/png' })).json()).toEqual(NOT_OWNER);
      const json = await app.inject({ method: 'POST', url: `/api/scripts/${script.id}/cover`, headers: bearer(owner), payload: { cover: 'x' } });
      expect(json.statusCode).toBe(406);
      expect(json.json()).toEqual({ message: 'Send the file as multipart/form-data.' });
    });
  });
});
