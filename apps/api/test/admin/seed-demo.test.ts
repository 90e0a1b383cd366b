import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Script, ScriptList } from '@vox/contract';
import { main } from '../../src/admin/commands';
import { findScenesDir, readScene } from '../../src/admin/seed-demo';
import { bearer, build, createUser, type TestUser } from '../helper';

describe('npm run seed:demo (admin seed-demo)', () => {
  let app: FastifyInstance;
  let reader: TestUser;
  beforeAll(async () => {
    app = await build();
    reader = await createUser(app);
  }, 30_000);
  afterAll(async () => app.close());

  async function seed(env: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['seed-demo'], { db: app.db, env, out: (l) => out.push(l), err: (l) => err.push(l) });
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
    expect(again.out.filter((l) => l.startsWith('Up to date: '))).toHaveLength(5);
    expect(again.out.some((l) => l.startsWith('Created') || l.startsWith('Added') || l.startsWith('Updated'))).toBe(false);
    expect(await demoScripts()).toEqual(before);
    expect(await app.db.selectFrom('script_lines').select('id').where('script_id', 'in', before.map((s) => s.id)).orderBy('id').execute()).toEqual(lineIds);
    expect(await app.db.selectFrom('users').select('id').where('handle', '=', 'voxclub').execute()).toHaveLength(1);
  });

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
