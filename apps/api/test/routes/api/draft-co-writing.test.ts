import type { FastifyInstance } from 'fastify';
import * as Y from 'yjs';
import type { Draft } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { COMPACT_AFTER } from '../../../src/services/drafts/doc';
import { b64, bytes, editorOf, openStream, type Stream } from './drafts-kit';

const onPostgres = Boolean(process.env.DATABASE_URL);
const NOT_FOUND = { message: 'This draft was not found.' };


async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe(`co-writing a draft (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let app: FastifyInstance;
  let base: string;
  let writer: TestUser;
  let other: TestUser;
  const open: Stream[] = [];
  const stream = async (user: TestUser, draftId: string) => {
    const s = await openStream(base, user, draftId);
    open.push(s);
    return s;
  };
  beforeAll(async () => {
    app = await build();
    base = await listen(app);
    [writer, other] = await Promise.all([createUser(app, { role: 'writer', name: 'Wren' }), createUser(app, { role: 'writer' })]);
  }, 30_000);
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) => app.inject({ method, url, headers: bearer(user), ...(payload && { payload }) });
  const create = async (body: string): Promise<Draft> => (await call('POST', '/api/drafts', writer, { title: 'Ferry', body })).json();
  const get = async (draftId: string, user = writer): Promise<Draft> => (await call('GET', `/api/drafts/${draftId}`, user)).json();

  it('turns a text-only draft into a document on first open; a change to it becomes the draft text, its revision and its counts', async () => {
    const draft = await create('INT. FERRY - NIGHT\n\nRain.');
    const opened = await get(draft.id);
    expect(typeof opened.doc).toBe('string');
    const editor = editorOf(opened.doc as string);
    expect(editor.text.toString()).toBe('INT. FERRY - NIGHT\n\nRain.');
    const saved = await call('POST', `/api/drafts/${draft.id}/doc`, writer, { update: editor.type(25, ' Wind.') });
    expect([saved.statusCode, saved.json()]).toEqual([200, { revision: 2 }]);
    const after = await get(draft.id);
    expect([after.body, after.revision, after.wordCount]).toEqual(['INT. FERRY - NIGHT\n\nRain. Wind.', 2, 5]);
    // Opening again does not convert the text a second time (the same document, the same text).
    expect(editorOf(after.doc as string).text.toString()).toBe('INT. FERRY - NIGHT\n\nRain. Wind.');
  });

  it('two editors who typed apart (one offline) merge without losing or joining lines', async () => {
    const draft = await create('A\nB\nC');
    const state = (await get(draft.id)).doc as string;
    const one = editorOf(state);
    const two = editorOf(state);
    const first = one.type(1, ' one');
    const second = two.type(3, ' two');
    expect((await call('POST', `/api/drafts/${draft.id}/doc`, writer, { update: first })).statusCode).toBe(200);
    expect((await call('POST', `/api/drafts/${draft.id}/doc`, writer, { update: second })).statusCode).toBe(200);
    expect((await get(draft.id)).body).toBe('A one\nB two\nC');
  });

  it('sends the document, then every change made by others, to the streams of the draft', async () => {
    const draft = await create('Hello.');
    const mine = await stream(writer, draft.id);
    const hello = await mine.waitFor('hello');
    const sync = await mine.waitFor('sync');
    const watcher = await stream(writer, draft.id);
    await watcher.waitFor('sync');
    const editor = editorOf(sync.update);
    const update = editor.type(6, ' Again.');
    const started = Date.now();
    expect((await call('POST', `/api/drafts/${draft.id}/doc`, writer, { update, connectionId: hello.connectionId })).statusCode).toBe(200);
    const heard = await watcher.waitFor('update');
    expect(Date.now() - started).toBeLessThan(500);
    const copy = editorOf(sync.update);
    Y.applyUpdate(copy.doc, bytes(heard.update));
    expect(copy.text.toString()).toBe('Hello. Again.');
    // Not sent back to the connection that made it.
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.events.filter((e) => e.type === 'update')).toEqual([]);
    // A REST write (PUT) reaches the editors too.
    expect((await call('PUT', `/api/drafts/${draft.id}`, writer, { baseRevision: 2, body: 'Hello. Again. Third.' })).statusCode).toBe(200);
    const rest = await mine.waitFor('update');
    Y.applyUpdate(copy.doc, bytes(rest.update));
    expect(copy.text.toString()).toBe('Hello. Again. Third.');
  });

  it(`merges the stored updates into one past ${COMPACT_AFTER}, keeping the text`, async () => {
    const draft = await create('');
    const editor = editorOf((await get(draft.id)).doc as string);
    for (let i = 0; i < COMPACT_AFTER + 5; i++) {
      const res = await call('POST', `/api/drafts/${draft.id}/doc`, writer, { update: editor.type(editor.text.length, `${i} `) });
      expect(res.statusCode).toBe(200);
    }
    const rows = await app.db.selectFrom('draft_doc_updates').select('id').where('draft_id', '=', draft.id).execute();
    expect(rows.length).toBeLessThanOrEqual(6);
    expect((await get(draft.id)).body).toBe(editor.text.toString());
  });

  it('refuses another member, an unknown id and a change that is no document update', async () => {
    const draft = await create('Mine.');
    const update = editorOf((await get(draft.id)).doc as string).type(0, 'x');
    for (const [method, url, payload] of [
      ['GET', `/api/drafts/${draft.id}`],
      ['POST', `/api/drafts/${draft.id}/doc`, { update }],
      ['POST', `/api/drafts/${draft.id}/awareness`, { update: 'AA==', connectionId: 'c' }],
      ['POST', '/api/drafts/nope/doc', { update }],
    ] as const) {
      const res = await call(method, url, other, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 404, NOT_FOUND]);
    }
    const refused = await stream(other, draft.id);
    expect([refused.status, refused.body]).toEqual([404, NOT_FOUND]);
    const bad = await call('POST', `/api/drafts/${draft.id}/doc`, writer, { update: b64(new Uint8Array([200, 1, 2, 3])) });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'This change could not be read as a change to the draft.' }]);
    expect((await get(draft.id)).body).toBe('Mine.');
  });

  describe('who writes in a draft', () => {
    let grace: TestUser;
    let noName: TestUser;
    let stranger: TestUser;
    let member: TestUser;
    const befriend = async (a: TestUser, b: TestUser) => {
      expect((await call('POST', '/api/friendships/requests', a, { userId: b.id })).statusCode).toBeLessThan(300);
      expect((await call('POST', `/api/friendships/requests/${a.id}/accept`, b)).statusCode).toBeLessThan(300);
    };
    beforeAll(async () => {
      // Co-writers need no membership of their own: these three have none.
      [grace, noName, stranger, member] = await Promise.all([
        createUser(app, { name: 'Grace' }),
        createUser(app, { handle: 'gh0st' }),
        createUser(app, { name: 'Sam' }),
        createUser(app, { name: 'Mo' }),
      ]);
      await befriend(writer, grace);
      await befriend(writer, noName);
    });
    const invite = (draftId: string, user: TestUser, role: 'editor' | 'commenter', by = writer) => call('POST', `/api/drafts/${draftId}/people`, by, { userId: user.id, role });
    const change = async (draftId: string, user: TestUser, insert: string) => {
      const opened = await call('GET', `/api/drafts/${draftId}`, user);
      if (opened.statusCode !== 200) return opened;
      const editor = editorOf(opened.json().doc);
      return call('POST', `/api/drafts/${draftId}/doc`, user, { update: editor.type(editor.text.length, insert) });
    };

    it('the owner invites a friend as editor: they read and write without a membership, and the owner lists them by name', async () => {
      const draft = await create('INT. ROOM - DAY');
      const invited = await invite(draft.id, grace, 'editor');
      expect(invited.statusCode).toBe(200);
      expect(invited.json().people.map((p: { name: string; role: string }) => [p.name, p.role])).toEqual([['Grace', 'editor']]);
      // The friend is told in Messages, with the draft to open; inviting again in the same part tells nothing new.
      const invites = async () =>
        (await call('GET', '/api/notifications?page=1&pageSize=20', grace)).json().items.filter((item: { type: string }) => item.type === 'draft_invite');
      expect(await invites()).toEqual([expect.objectContaining({ person: expect.objectContaining({ id: writer.id }), draftInvite: { draftId: draft.id, draftTitle: draft.title, role: 'editor' } })]);
      expect((await invite(draft.id, grace, 'editor')).statusCode).toBe(200);
      expect(await invites()).toHaveLength(1);
      const opened = await call('GET', `/api/drafts/${draft.id}`, grace);
      expect([opened.statusCode, opened.json().body, opened.json().access, opened.json().seat]).toEqual([200, 'INT. ROOM - DAY', 'editor', 1]);
      expect((await get(draft.id)).seat).toBe(0);
      expect((await change(draft.id, grace, '\n\nGrace was here.')).statusCode).toBe(200);
      expect((await get(draft.id)).body).toBe('INT. ROOM - DAY\n\nGrace was here.');
      // Someone with neither name nor handle... has a handle here: shown as @handle, never "Guest".
      const again = await invite(draft.id, noName, 'commenter');
      expect(again.json().people.map((p: { name: string }) => p.name)).toEqual(['Grace', '@gh0st']);
    });

    it('only friends are invited by name; only the owner invites, removes or makes links', async () => {
      const draft = await create('Mine.');
      const notFriend = await invite(draft.id, stranger, 'editor');
      expect([notFriend.statusCode, notFriend.json()]).toEqual([400, { message: 'Invite your friends here; send anyone else an invite link.' }]);
      expect((await invite(draft.id, grace, 'editor')).statusCode).toBe(200);
      const OWNER_ONLY = { message: 'Only the draft’s owner can do this.' };
      for (const [method, url, payload] of [
        ['GET', `/api/drafts/${draft.id}/people`],
        ['POST', `/api/drafts/${draft.id}/people`, { userId: noName.id, role: 'editor' }],
        ['POST', `/api/drafts/${draft.id}/invite-links`, { role: 'editor' }],
      ] as const) {
        const res = await call(method, url, grace, payload);
        expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 403, OWNER_ONLY]);
      }
      const removeOwner = await app.inject({ method: 'DELETE', url: `/api/drafts/${draft.id}/people/${grace.id}`, headers: bearer(grace) });
      expect([removeOwner.statusCode, removeOwner.json()]).toEqual([403, OWNER_ONLY]);
      // Publishing, deleting and renaming stay the owner's (the privileged drafts routes): a co-writer's draft is not theirs.
      for (const [method, url, payload] of [
        ['POST', `/api/drafts/${draft.id}/publish`, { baseRevision: 1 }],
        ['DELETE', `/api/drafts/${draft.id}`],
      ] as const) {
        const res = await app.inject({ method, url, headers: bearer(grace), ...(payload && { payload }) });
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
    });

    it('a commenter reads but cannot write; another member and an unknown id get the answers of someone else’s draft; a removed co-writer is cut off at once and refused', async () => {
      const draft = await create('Read me.');
      expect((await invite(draft.id, grace, 'commenter')).statusCode).toBe(200);
      const opened = await call('GET', `/api/drafts/${draft.id}`, grace);
      expect([opened.statusCode, opened.json().access]).toEqual([200, 'commenter']);
      const refused = await change(draft.id, grace, ' No.');
      expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'You can read and comment on this draft but not change it.' }]);
      expect((await get(draft.id)).body).toBe('Read me.');
      // Another member with the privilege (other) and one without (member): the same answers as for someone else's draft.
      expect([(await call('GET', `/api/drafts/${draft.id}`, other)).statusCode, (await call('GET', `/api/drafts/${draft.id}`, member)).statusCode]).toEqual([404, 403]);
      expect((await call('GET', '/api/drafts/unknown-id', grace)).statusCode).toBe(403);
      expect((await call('GET', '/api/drafts/unknown-id', writer)).json()).toEqual(NOT_FOUND);
      // Made an editor, then removed: their access ends at once.
      expect((await invite(draft.id, grace, 'editor')).statusCode).toBe(200);
      const stream = await openStream(base, grace, draft.id);
      open.push(stream);
      await stream.waitFor('sync');
      const removed = await app.inject({ method: 'DELETE', url: `/api/drafts/${draft.id}/people/${grace.id}`, headers: bearer(writer) });
      expect(removed.statusCode).toBe(204);
      expect(await stream.waitFor('revoked')).toEqual({ type: 'revoked', message: 'You no longer have access to this draft.' });
      await stream.ended;
      for (const [method, url] of [
        ['GET', `/api/drafts/${draft.id}`],
        ['POST', `/api/drafts/${draft.id}/awareness`],
      ] as const) {
        const res = await call(method, url, grace, method === 'POST' ? { update: 'AA==', connectionId: 'c' } : undefined);
        expect([method, url, res.statusCode]).toEqual([method, url, 403]);
      }
      const rejoin = await openStream(base, grace, draft.id);
      expect(rejoin.status).toBe(403);
      const again = await app.inject({ method: 'DELETE', url: `/api/drafts/${draft.id}/people/${grace.id}`, headers: bearer(writer) });
      expect([again.statusCode, again.json()]).toEqual([404, { message: 'This person does not write in this draft.' }]);
    });

    it('an invite link lets whoever opens it in, in its role; a deleted link lets nobody else in; the owner’s privilege covers the co-writers', async () => {
      const draft = await create('Linked.');
      const link = await call('POST', `/api/drafts/${draft.id}/invite-links`, writer, { role: 'commenter' });
      expect(link.statusCode).toBe(201);
      const { token } = link.json();
      const joined = await call('POST', `/api/draft-invites/${token}`, stranger);
      expect(joined.json()).toEqual({ draftId: draft.id, title: 'Ferry', role: 'commenter' });
      expect((await call('GET', `/api/drafts/${draft.id}/people`, writer)).json()).toMatchObject({ people: [{ name: 'Sam', role: 'commenter' }], links: [{ token, role: 'commenter' }] });
      expect((await app.inject({ method: 'DELETE', url: `/api/drafts/${draft.id}/invite-links/${token}`, headers: bearer(writer) })).statusCode).toBe(204);
      const late = await call('POST', `/api/draft-invites/${token}`, member);
      expect([late.statusCode, late.json()]).toEqual([404, { message: 'This invite link does not work any more. Ask the draft’s owner for a new one.' }]);
      // Sam stays until removed.
      expect((await call('GET', `/api/drafts/${draft.id}`, stranger)).statusCode).toBe(200);
    });
  });
});
