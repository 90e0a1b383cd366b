import type { FastifyInstance } from 'fastify';
import { newId } from '../../../src/db/ids';
import { saveScript } from '../../../src/repositories/scripts';
import { createSession } from '../../../src/repositories/sessions';
import { createShareLink, revokeShareLink } from '../../../src/repositories/share-links';
import { featureRead } from '../../../src/repositories/first-hour';
import { handleFromEmail } from '../../../src/services/first-hour';
import { main } from '../../../src/admin/commands';
import { bearer, build, createUser, type TestUser } from '../../helper';

/** A share link's public preview, the demo scenes, the handle suggestion. */
describe('the first hour', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  beforeAll(async () => {
    app = await build();
    owner = await createUser(app);
  });
  afterAll(async () => app.close());

  const scene = (title: string, visibility: 'public' | 'private' = 'public') => ({
    title,
    synopsis: `${title}: a synopsis`,
    genre: '',
    language: 'en',
    visibility,
    isFree: true,
    roles: [
      { name: 'Hamlet', description: 'the prince, secret-description' },
      { name: 'Ophelia', description: '' },
    ],
    lines: [
      { kind: 'action' as const, role: null, parenthetical: null, text: 'A room in the castle.' },
      { kind: 'dialogue' as const, role: 'Hamlet', parenthetical: null, text: 'To be, or not to be.' },
      { kind: 'dialogue' as const, role: 'Ophelia', parenthetical: null, text: 'Good my lord.' },
    ],
  });

  describe('GET /api/sharelinks/{linkId}/preview', () => {
    let sessionId: string;
    beforeAll(async () => {
      await app.db.updateTable('users').set({ name: 'Ada Lovelace' }).where('id', '=', owner.id).execute();
      const { id } = await saveScript(app.db, owner.id, { ...scene('Hamlet, III.1', 'private') });
      sessionId = await createSession(app.db, id, owner.id);
    });

    it('answers a logged-out visitor only the title, the inviter by the person-name rule and the role', async () => {
      const linkId = await createShareLink(app.db, { sessionId, createdBy: owner.id, roleName: 'Ophelia' });
      const res = await app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/preview` });
      expect(res.statusCode).toBe(200);
      // Exactly these keys: no session id, script id, synopsis, lines or participants leak.
      expect(res.json()).toEqual({ title: 'Hamlet, III.1', inviter: 'Ada Lovelace', role: 'Ophelia' });
    });

    it('names an inviter without a name by @handle, and a link for any role has role null', async () => {
      const other = await createUser(app, { handle: 'grace' });
      const { id } = await saveScript(app.db, other.id, { ...scene('Ophelia alone', 'private') });
      const otherSession = await createSession(app.db, id, other.id);
      const linkId = await createShareLink(app.db, { sessionId: otherSession, createdBy: other.id });
      const res = await app.inject({ method: 'GET', url: `/api/sharelinks/${linkId}/preview` });
      expect(res.json()).toEqual({ title: 'Ophelia alone', inviter: '@grace', role: null });
      const nameless = await createUser(app);
      const guestLink = await createShareLink(app.db, { sessionId: otherSession, createdBy: nameless.id });
      expect((await app.inject({ method: 'GET', url: `/api/sharelinks/${guestLink}/preview` })).json().inviter).toBe('Guest');
    });

    it('answers 404 with the seed text for a revoked or unknown link', async () => {
      const linkId = await createShareLink(app.db, { sessionId, createdBy: owner.id });
      await revokeShareLink(app.db, linkId);
      for (const id of [linkId, 'no-such-link']) {
        const res = await app.inject({ method: 'GET', url: `/api/sharelinks/${id}/preview` });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'This link is invalid.' });
      }
    });
  });

  describe('GET /api/showcase', () => {
    let demo: TestUser;
    let hamletId: string;
    beforeAll(async () => {
      // The demo scenes' owner is the VoxClub system account (@voxclub), as `npm run seed:demo` makes it.
      demo = await createUser(app);
      await app.db.updateTable('users').set({ handle: 'voxclub', name: 'VoxClub', email: null }).where('id', '=', demo.id).execute();
      ({ id: hamletId } = await saveScript(app.db, demo.id, scene('A Hamlet scene')));
      await saveScript(app.db, demo.id, scene('A private draft', 'private'));
      // Someone else's public script is not a demo scene.
      await saveScript(app.db, owner.id, scene('A member scene'));
    });

    const showcase = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/showcase' });
      expect(res.statusCode).toBe(200);
      return res.json() as { scenes: Array<{ scriptId: string; title: string; read: null | { readers: string[]; lines: Array<{ role: string | null; text: string; audioId: string | null }> } }> };
    };

    it('lists the public demo scenes to anyone, without a read until staff feature a finished one', async () => {
      const { scenes } = await showcase();
      expect(scenes).toEqual([
        { scriptId: hamletId, title: 'A Hamlet scene', synopsis: 'A Hamlet scene: a synopsis', roles: ['Hamlet', 'Ophelia'], lineCount: 3, read: null },
      ]);
    });

    it('offers a featured read only while every spoken line has its picked take', async () => {
      const reader = await createUser(app, { handle: 'ophelia_reads' });
      const sessionId = await createSession(app.db, hamletId, reader.id);
      const lines = await app.db.selectFrom('script_lines').select(['id', 'role_name']).where('script_id', '=', hamletId).orderBy('position').execute();
      const spoken = lines.filter((l) => l.role_name);
      const addTake = async (lineId: string) => {
        const audioId = newId(64).toLowerCase().replace(/[^0-9a-f]/g, 'a').slice(0, 64).padEnd(64, 'a');
        await app.db.insertInto('audio_files').values({ id: audioId, content_type: 'audio/webm', byte_size: 10, created_at: new Date().toISOString() }).onConflict((oc) => oc.doNothing()).execute();
        await app.db
          .insertInto('takes')
          .values({ id: newId(), session_id: sessionId, line_id: lineId, user_id: reader.id, client_id: newId(), audio_id: audioId, content_type: 'audio/webm', byte_size: 10, duration_ms: 1200, picked: 1, created_at: new Date().toISOString(), recorded_text: null })
          .execute();
        return audioId;
      };
      const admin = async (...args: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await main(args, { db: app.db, out: (l) => out.push(l), err: (l) => err.push(l) });
        return { code, out: out.join('\n'), err: err.join('\n') };
      };
      const first = await addTake(spoken[0].id);
      // Staff feature reads with the admin CLI, which refuses an unfinished read and a member's script.
      expect(await admin('feature-read', '--session', sessionId)).toEqual({ code: 1, out: '', err: 'Failed: This read is not finished: 1 spoken line has no picked take.' });
      const { id: memberScript } = await saveScript(app.db, owner.id, scene('Not a demo'));
      const memberSession = await createSession(app.db, memberScript, owner.id);
      expect((await admin('feature-read', '--session', memberSession)).err).toBe('Failed: "Not a demo" is not a public demo scene (npm run admin -- seed-demo makes them).');
      await featureRead(app.db, hamletId, sessionId);
      // One spoken line still lacks a take: not finished, not offered.
      expect((await showcase()).scenes[0].read).toBeNull();
      const second = await addTake(spoken[1].id);
      expect(await admin('feature-read', '--session', sessionId)).toEqual({ code: 0, out: 'The front door now plays this read of "A Hamlet scene".', err: '' });
      const { read } = (await showcase()).scenes[0];
      expect(read).toEqual({
        readers: ['@ophelia_reads'],
        lines: [
          { role: null, text: 'A room in the castle.', audioId: null, durationMs: null },
          { role: 'Hamlet', text: 'To be, or not to be.', audioId: first, durationMs: 1200 },
          { role: 'Ophelia', text: 'Good my lord.', audioId: second, durationMs: 1200 },
        ],
      });
      // The takes play through the public audio path (an unguessable content id).
      expect(read?.lines[1].audioId).toMatch(/^[0-9a-f]{64}$/);
    });

    it("names the VoxClub account's own takes (the synthesized demo read) as computer voices", async () => {
      const { id: scriptId } = await saveScript(app.db, demo.id, scene('B synthesized scene'));
      const sessionId = await createSession(app.db, scriptId, demo.id);
      const lines = await app.db.selectFrom('script_lines').select(['id', 'role_name']).where('script_id', '=', scriptId).orderBy('position').execute();
      for (const [i, line] of lines.filter((l) => l.role_name).entries()) {
        const audioId = String(i + 1).repeat(64).slice(0, 64);
        await app.db.insertInto('audio_files').values({ id: audioId, content_type: 'audio/mpeg', byte_size: 10, created_at: new Date().toISOString() }).onConflict((oc) => oc.doNothing()).execute();
        await app.db
          .insertInto('takes')
          .values({ id: newId(), session_id: sessionId, line_id: line.id, user_id: demo.id, client_id: newId(), audio_id: audioId, content_type: 'audio/mpeg', byte_size: 10, duration_ms: 800, picked: 1, created_at: new Date().toISOString(), recorded_text: null })
          .execute();
      }
      const before = (await showcase()).scenes;
      expect(before.map((s) => [s.title, s.read?.readers ?? null])).toEqual([
        ['A Hamlet scene', ['@ophelia_reads']],
        ['B synthesized scene', null],
      ]);
      await featureRead(app.db, scriptId, sessionId);
      const { scenes } = await showcase();
      expect(scenes.map((s) => [s.title, s.read?.readers ?? null])).toEqual([
        ['A Hamlet scene', ['@ophelia_reads']],
        ['B synthesized scene', ['computer voices (eSpeak NG)']],
      ]);
      // A scene to listen to comes before one without: its read gone, Hamlet goes after B.
      await app.db.deleteFrom('featured_reads').where('script_id', '=', hamletId).execute();
      expect((await showcase()).scenes.map((s) => s.title)).toEqual(['B synthesized scene', 'A Hamlet scene']);
    });
  });

  describe('GET /api/showcase/{scriptId}', () => {
    it("answers anyone a demo scene's text, in order, and nothing more", async () => {
      const { id } = await saveScript(app.db, owner.id, scene('Placeholder'));
      const demoAccount = await app.db.selectFrom('users').select('id').where('handle', '=', 'voxclub').executeTakeFirstOrThrow();
      const { id: sceneId } = await saveScript(app.db, demoAccount.id, { ...scene('C text scene'), lines: [...scene('x').lines, { kind: 'dialogue' as const, role: 'Ophelia', parenthetical: '(aside)', text: 'O, what a noble mind is here o’erthrown!' }] });
      const res = await app.inject({ method: 'GET', url: `/api/showcase/${sceneId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        scriptId: sceneId,
        title: 'C text scene',
        lines: [
          { kind: 'action', role: null, parenthetical: null, text: 'A room in the castle.' },
          { kind: 'dialogue', role: 'Hamlet', parenthetical: null, text: 'To be, or not to be.' },
          { kind: 'dialogue', role: 'Ophelia', parenthetical: null, text: 'Good my lord.' },
          { kind: 'dialogue', role: 'Ophelia', parenthetical: '(aside)', text: 'O, what a noble mind is here o’erthrown!' },
        ],
      });
      // A member's public script, a private script of the VoxClub account, an unknown id: none is a demo scene.
      const { id: privateDemo } = await saveScript(app.db, demoAccount.id, scene('D private draft', 'private'));
      for (const other of [id, privateDemo, 'no-such-script']) {
        const answer = await app.inject({ method: 'GET', url: `/api/showcase/${other}` });
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'This demo scene was not found.' });
      }
    });
  });

  describe('GET /api/users/me/handle-suggestion', () => {
    it('makes a handle from the email, free in any case, and none for a member who has one', async () => {
      const taker = await createUser(app, { handle: 'Ada.Lovelace' });
      const ada = await createUser(app, { email: `ada.lovelace+news@example.com` });
      const res = await app.inject({ method: 'GET', url: '/api/users/me/handle-suggestion', headers: bearer(ada) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ handle: 'ada.lovelace2' });
      expect((await app.inject({ method: 'GET', url: '/api/users/me/handle-suggestion', headers: bearer(taker) })).json()).toEqual({ handle: null });
      expect((await app.inject({ method: 'GET', url: '/api/users/me/handle-suggestion' })).statusCode).toBe(401);
    });

    it('keeps only handle characters and never suggests a reserved handle', () => {
      expect(handleFromEmail('  Émile..Zola__@x.org')).toBe('mile.zola');
      expect(handleFromEmail('-x-@x.org')).toBe('x');
      expect(handleFromEmail('admin@x.org')).toBe('admin');
    });

    it('suggests past a reserved or short local part', async () => {
      const admin = await createUser(app, { email: `admin${''}@x${newId(6).toLowerCase()}.org` });
      expect((await app.inject({ method: 'GET', url: '/api/users/me/handle-suggestion', headers: bearer(admin) })).json().handle).toBe('admin2');
      const short = await createUser(app, { email: `q@y${newId(6).toLowerCase()}.org` });
      expect((await app.inject({ method: 'GET', url: '/api/users/me/handle-suggestion', headers: bearer(short) })).json().handle).toMatch(/^q000\d*$/);
    });
  });
});
