import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Script, ScriptList } from '@vox/contract';
import { parseFile } from 'music-metadata';
import { main } from '../../src/admin/commands';
import { findScenesDir, readScene, seedDemo } from '../../src/admin/seed-demo';
import { espeakSynthesizer } from '../../src/services/read-renders/speech';
import type { Synthesizer } from '../../src/services/read-renders/render-types';
import { bearer, build, createUser, type TestUser } from '../helper';

describe('npm run seed:demo (admin seed-demo)', () => {
  let app: FastifyInstance;
  let reader: TestUser;
  // The command writes the demo read's takes to the server's storage: the app's own DATA_DIR.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-seed-'));
  beforeAll(async () => {
    app = await build({ DATA_DIR: dataDir });
    reader = await createUser(app);
  }, 30_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function seed(env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['seed-demo'], { db: app.db, env: { DATA_DIR: dataDir, ...env }, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err: err.join('\n') };
  }
  const demoScripts = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/scripts', query: { owner: voxclubId(), pageSize: '100' }, headers: bearer(reader) });
    return (res.json() as ScriptList).items;
  };
  let voxclub: string | undefined;
  const voxclubId = () => voxclub as string;

  it('every scene file parses into a script within the contract’s limits, with its roles used', () => {
    const dir = findScenesDir();
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.fountain'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.length).toBeLessThanOrEqual(6);
    for (const file of files) {
      const scene = readScene(path.join(dir, file));
      expect({ file, title: Boolean(scene.title), synopsis: scene.synopsis.length > 80, language: scene.language }).toEqual({ file, title: true, synopsis: true, language: 'en' });
      expect({ file, genre: ['Tragedy', 'Comedy'].includes(scene.genre) }).toEqual({ file, genre: true });
      // Every role is described and reads at least one line; every dialogue line has a listed role.
      for (const role of scene.roles) {
        expect({ file, role: role.name, described: role.description.length > 0 }).toEqual({ file, role: role.name, described: true });
        expect({ file, role: role.name, speaks: scene.lines.some((l) => l.role === role.name) }).toEqual({ file, role: role.name, speaks: true });
      }
      expect(scene.lines[0].kind).toBe('scene');
      expect(scene.lines.filter((l) => l.kind === 'dialogue').length).toBeGreaterThanOrEqual(10);
    }
  });

  it('adds the system account and the scenes: public, free, readable by any member', async () => {
    const first = await seed();
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out[0]).toBe('Created the system account VoxClub (@voxclub).');
    expect(first.out.filter((l) => l.startsWith('Added: '))).toHaveLength(5);
    expect(first.out.at(-2)).toBe('Made the demo read of Macbeth, Act I, Scene 1: 10 lines read by eSpeak NG, a voice per role.');
    expect(first.out.at(-1)).toBe('5 public, free demo scenes by VoxClub (@voxclub) are ready to read.');

    const account = await app.db.selectFrom('users').selectAll().where('handle', '=', 'voxclub').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: 'VoxClub', email: null, password_hash: null, ms_oid: null, login_id: null, role: 'member' });
    voxclub = account.id;

    const scripts = await demoScripts();
    expect(scripts.map((s) => s.title).sort()).toEqual([
      "A Midsummer Night's Dream, Act I, Scene 2",
      'Hamlet, Act I, Scene 1',
      'Macbeth, Act I, Scene 1',
      'Romeo and Juliet, Act II, Scene 2',
      'The Importance of Being Earnest, Act I (opening)',
    ]);
    expect(scripts.every((s) => s.visibility === 'public' && s.isFree && s.owner.handle === 'voxclub' && s.owner.name === 'VoxClub')).toBe(true);

    const balcony = scripts.find((s) => s.title.startsWith('Romeo')) as (typeof scripts)[number];
    const full: Script = (await app.inject({ method: 'GET', url: `/api/scripts/${balcony.id}`, headers: bearer(reader) })).json();
    expect(full.roles).toEqual([
      { name: 'Romeo', description: 'Son of Montague, in love since the feast a few hours ago.' },
      { name: 'Juliet', description: 'Daughter of Capulet, not yet fourteen, at her window.' },
    ]);
    expect(full.lines.slice(0, 3)).toEqual([
      { id: expect.any(String), kind: 'scene', role: null, parenthetical: null, text: "EXT. CAPULET'S ORCHARD - NIGHT" },
      { id: expect.any(String), kind: 'action', role: null, parenthetical: null, text: 'Enter Romeo.' },
      { id: expect.any(String), kind: 'dialogue', role: 'Romeo', parenthetical: null, text: 'He jests at scars that never felt a wound.' },
    ]);
    expect(full.lines.find((l) => l.parenthetical === '(aside)')?.text).toBe('Shall I hear more, or shall I speak at this?');
    expect(full.lines.some((l) => l.role === 'Juliet' && l.text.includes("What's in a name? that which we call a rose\nBy any other name would smell as sweet;"))).toBe(true);

    // A member can start reading one right away.
    const session = await app.inject({ method: 'GET', url: `/api/scripts/${balcony.id}/session`, headers: bearer(reader) });
    expect(session.statusCode).toBe(200);
  });

  it('running it again duplicates nothing and changes nothing (same ids, same times)', async () => {
    const before = await demoScripts();
    const lineIds = await app.db.selectFrom('script_lines').select('id').where('script_id', 'in', before.map((s) => s.id)).orderBy('id').execute();
    const again = await seed();
    expect(again.code).toBe(0);
    expect(again.out.filter((l) => l.startsWith('Up to date: '))).toEqual([...before.map(() => expect.any(String)), 'Up to date: the demo read of Macbeth, Act I, Scene 1']);
    expect(again.out.some((l) => l.startsWith('Created') || l.startsWith('Added') || l.startsWith('Updated'))).toBe(false);
    expect(await demoScripts()).toEqual(before);
    expect(await app.db.selectFrom('script_lines').select('id').where('script_id', 'in', before.map((s) => s.id)).orderBy('id').execute()).toEqual(lineIds);
    expect(await app.db.selectFrom('users').select('id').where('handle', '=', 'voxclub').execute()).toHaveLength(1);
  });

  type ShowcaseRead = { readers: string[]; lines: Array<{ role: string | null; text: string; audioId: string | null; durationMs: number | null }> };
  const showcase = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/showcase' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { scenes: Array<{ title: string; read: ShowcaseRead | null }> }).scenes;
  };

  it('makes a finished read of the shortest scene that a logged-out visitor plays at once: an MP3 per spoken line', async () => {
    const scenes = await showcase();
    // The scene a visitor can listen to comes first, the rest by title.
    expect(scenes.map((s) => [s.title, s.read !== null])).toEqual([
      ['Macbeth, Act I, Scene 1', true],
      ["A Midsummer Night's Dream, Act I, Scene 2", false],
      ['Hamlet, Act I, Scene 1', false],
      ['Romeo and Juliet, Act II, Scene 2', false],
      ['The Importance of Being Earnest, Act I (opening)', false],
    ]);
    const read = scenes[0].read as ShowcaseRead;
    expect(read.readers).toEqual(['computer voices (eSpeak NG)']);
    expect(read.lines.map((l) => [l.role, Boolean(l.audioId)])).toEqual([
      [null, false],
      [null, false],
      ...[1, 2, 3].flatMap(() => [['First Witch', true], ['Second Witch', true], ['Third Witch', true]]),
      ['All', true],
      [null, false],
    ]);
    const spoken = read.lines.filter((l) => l.audioId);
    expect(new Set(spoken.map((l) => l.audioId)).size).toBe(10);
    for (const line of spoken) {
      // No sign-in: the player's <audio src> fetches it as it is.
      const res = await app.inject({ method: 'GET', url: `/api/audio/${line.audioId}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      const file = path.join(dataDir, 'played.mp3');
      fs.writeFileSync(file, res.rawPayload);
      const { format } = await parseFile(file, { duration: true });
      expect(format.codec).toBe('MPEG 1 Layer 3');
      // Real speech: "Anon." alone lasts about half a second; the stored length is the file's.
      expect((format.duration ?? 0) * 1000).toBeGreaterThan(300);
      expect(Math.abs((format.duration ?? 0) * 1000 - (line.durationMs ?? 0))).toBeLessThan(150);
    }
  }, 60_000);

  it('reads each role in a voice of its own; a synthesizer that fails leaves the front door as it was', async () => {
    const macbeth = (await demoScripts()).find((s) => s.title.startsWith('Macbeth')) as Script | undefined;
    const featured = await app.db.selectFrom('featured_reads').select('session_id').where('script_id', '=', macbeth?.id as string).executeTakeFirstOrThrow();
    // A take goes: the read is no longer finished, so the next run makes it again.
    const take = await app.db.selectFrom('takes').select(['id', 'audio_id']).where('session_id', '=', featured.session_id).orderBy('created_at').executeTakeFirstOrThrow();
    await app.db.deleteFrom('takes').where('id', '=', take.id).execute();
    const sessionsBefore = await app.db.selectFrom('reading_sessions').select('id').where('script_id', '=', macbeth?.id as string).execute();

    const failing: Synthesizer = async () => {
      throw new Error('speech synthesizer exited with 1: out of memory');
    };
    const out: string[] = [];
    await expect(seedDemo(app.db, (l) => out.push(l), { DATA_DIR: dataDir }, { synthesize: failing })).rejects.toThrow('speech synthesizer exited with 1: out of memory');
    expect(await app.db.selectFrom('reading_sessions').select('id').where('script_id', '=', macbeth?.id as string).execute()).toEqual(sessionsBefore);
    expect(await app.db.selectFrom('featured_reads').select('session_id').where('script_id', '=', macbeth?.id as string).executeTakeFirst()).toEqual(featured);

    const voices: Array<[string, string]> = [];
    const listening: Synthesizer = (items, done) => {
      voices.push(...items.map((i): [string, string] => [i.text.split('\n')[0], i.voice]));
      return espeakSynthesizer(items, done);
    };
    const again: string[] = [];
    expect(await seedDemo(app.db, (l) => again.push(l), { DATA_DIR: dataDir }, { synthesize: listening })).toBe(0);
    expect(again).toContain('Made the demo read of Macbeth, Act I, Scene 1: 10 lines read by eSpeak NG, a voice per role.');
    expect(voices).toEqual([
      ['When shall we three meet again', 'en+m3'],
      ["When the hurlyburly's done,", 'en+f2'],
      ['That will be ere the set of sun.', 'en+m1'],
      ['Where the place?', 'en+m3'],
      ['Upon the heath.', 'en+f2'],
      ['There to meet with Macbeth.', 'en+m1'],
      ['I come, Graymalkin!', 'en+m3'],
      ['Paddock calls.', 'en+f2'],
      ['Anon.', 'en+m1'],
      ['Fair is foul, and foul is fair:', 'en+f4'],
    ]);
    // The new read is featured; the old one of the system account went, with the recording only it used.
    const now = await app.db.selectFrom('featured_reads').select('session_id').where('script_id', '=', macbeth?.id as string).executeTakeFirstOrThrow();
    expect(now.session_id).not.toBe(featured.session_id);
    expect(await app.db.selectFrom('reading_sessions').select('id').where('script_id', '=', macbeth?.id as string).execute()).toEqual([{ id: now.session_id }]);
    const read = (await showcase()).find((s) => s.title.startsWith('Macbeth'))?.read;
    expect(read?.lines.filter((l) => l.audioId)).toHaveLength(10);
  }, 60_000);

  it('brings a scene up to date with its file, keeping the ids of lines in place', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-scenes-'));
    try {
      for (const file of fs.readdirSync(findScenesDir())) fs.copyFileSync(path.join(findScenesDir(), file), path.join(dir, file));
      const macbeth = path.join(dir, 'macbeth-the-witches.fountain');
      fs.writeFileSync(macbeth, fs.readFileSync(macbeth, 'utf8').replace('Exeunt.', 'Exeunt. The fog closes over the heath.'));
      const before = (await demoScripts()).find((s) => s.title.startsWith('Macbeth')) as Script | undefined;
      const oldLines = (await app.inject({ method: 'GET', url: `/api/scripts/${before?.id}`, headers: bearer(reader) })).json().lines as Script['lines'];
      const run = await seed({ DEMO_SCENES_DIR: dir });
      expect(run.out).toContain('Updated: Macbeth, Act I, Scene 1 (4 roles, 13 lines)');
      const after: Script = (await app.inject({ method: 'GET', url: `/api/scripts/${before?.id}`, headers: bearer(reader) })).json();
      expect(after.lines.map((l) => l.id)).toEqual(oldLines.map((l) => l.id));
      expect(after.lines.at(-1)?.text).toBe('Exeunt. The fog closes over the heath.');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to take over a member’s account that holds the handle', async () => {
    const other = await build();
    try {
      const member = await createUser(other, { handle: 'VoxClub' });
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(['seed-demo'], { db: other.db, env: {}, out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code).toBe(1);
      expect(err.join('\n')).toBe('Failed: The handle "voxclub" belongs to a member\'s account; the demo scenes need it for the VoxClub system account.');
      expect(await other.db.selectFrom('scripts').select('id').where('owner_id', '=', member.id).execute()).toEqual([]);
    } finally {
      await other.close();
    }
  }, 30_000);
});
