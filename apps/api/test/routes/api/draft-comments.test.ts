import type { FastifyInstance } from 'fastify';
import type { Draft, DraftCommentResult, DraftCommentThreads } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';

const NOT_FOUND = { message: 'This draft was not found.' };
const NO_THREAD = { message: 'This comment was not found.' };
const MISSING_PRIVILEGE = { message: 'Your membership does not include this feature.' };

const SCENE = 'INT. FERRY - NIGHT\n\nRain on the deck.\n\nNORA\nOne way, please.\n\nTOM\nThere is only one way.';

describe('comments on lines of a draft', () => {
  let app: FastifyInstance;
  let writer: TestUser;
  let other: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    app = await build();
    [writer, other, member] = await Promise.all([
      createUser(app, { role: 'writer', name: 'Nora Vale', handle: 'noravale' }),
      createUser(app, { role: 'premium' }),
      createUser(app),
    ]);
  }, 30_000);
  afterAll(async () => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload && { payload }) });
  const draftOf = async (user: TestUser): Promise<Draft> => (await call('POST', '/api/drafts', user, { body: SCENE })).json();
  const start = (user: TestUser, draftId: string, fromLine: number, toLine: number, body: string) =>
    call('POST', `/api/drafts/${draftId}/comments`, user, { fromLine, toLine, quote: SCENE.split('\n').slice(fromLine - 1, toLine).join('\n'), body });

  it('starts a thread on a range of lines, with the lines it quotes and its author named', async () => {
    const draft = await draftOf(writer);
    const res = await start(writer, draft.id, 5, 6, '  Should Nora sound tired here?  ');
    expect(res.statusCode).toBe(201);
    const { thread, message }: DraftCommentResult = res.json();
    expect(message).toBe('Comment added.');
    expect(thread).toMatchObject({ fromLine: 5, toLine: 6, quote: 'NORA\nOne way, please.', resolvedAt: null, resolvedBy: null });
    expect(thread.comments).toEqual([
      { id: expect.any(String), author: { id: writer.id, name: 'Nora Vale', handle: 'noravale', photo: null }, body: 'Should Nora sound tired here?', createdAt: expect.any(String) },
    ]);
  });

  it('lists open threads first, each group by its first line; replies join their thread in order', async () => {
    const draft = await draftOf(writer);
    const late: DraftCommentResult = (await start(writer, draft.id, 8, 9, 'Tom is too sure.')).json();
    const early: DraftCommentResult = (await start(writer, draft.id, 1, 1, 'Which ferry?')).json();
    const resolved: DraftCommentResult = (await start(writer, draft.id, 3, 3, 'Rain again?')).json();
    expect((await call('PUT', `/api/drafts/${draft.id}/comments/${resolved.thread.id}/resolution`, writer, { resolved: true })).json()).toMatchObject({
      message: 'Thread resolved.',
      thread: { resolvedAt: expect.any(String), resolvedBy: { id: writer.id, name: 'Nora Vale' } },
    });
    const reply = await call('POST', `/api/drafts/${draft.id}/comments/${late.thread.id}/replies`, writer, { body: 'Or is he?' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ message: 'Reply added.', thread: { comments: [{ body: 'Tom is too sure.' }, { body: 'Or is he?' }] } });

    const list: DraftCommentThreads = (await call('GET', `/api/drafts/${draft.id}/comments`, writer)).json();
    expect(list.threads.map((t) => [t.id, t.fromLine, t.resolvedAt !== null, t.comments.map((c) => c.body)])).toEqual([
      [early.thread.id, 1, false, ['Which ferry?']],
      [late.thread.id, 8, false, ['Tom is too sure.', 'Or is he?']],
      [resolved.thread.id, 3, true, ['Rain again?']],
    ]);

    // Reopening clears who resolved it; resolving twice changes nothing.
    const reopened = (await call('PUT', `/api/drafts/${draft.id}/comments/${resolved.thread.id}/resolution`, writer, { resolved: false })).json();
    expect(reopened).toMatchObject({ message: 'Thread reopened.', thread: { resolvedAt: null, resolvedBy: null } });
    const again = (await call('PUT', `/api/drafts/${draft.id}/comments/${early.thread.id}/resolution`, writer, { resolved: false })).json();
    expect(again).toMatchObject({ message: 'Thread reopened.', thread: { resolvedAt: null } });
  });

  it('refuses an empty or too long comment and lines in the wrong order, with clear texts, keeping nothing', async () => {
    const draft = await draftOf(writer);
    const cases: [number, number, string, string][] = [
      [1, 1, '   ', 'Write a comment first.'],
      [1, 1, 'x'.repeat(2001), 'A comment can be at most 2,000 characters.'],
      [4, 2, 'Backwards', 'Choose lines of the draft to comment on.'],
    ];
    for (const [from, to, body, text] of cases) {
      const res = await start(writer, draft.id, from, to, body);
      expect([res.statusCode, res.json()]).toEqual([400, { message: text }]);
    }
    expect((await start(writer, draft.id, 1, 1, 'x'.repeat(2000))).statusCode).toBe(201);
    const thread = (await call('GET', `/api/drafts/${draft.id}/comments`, writer)).json().threads[0];
    const empty = await call('POST', `/api/drafts/${draft.id}/comments/${thread.id}/replies`, writer, { body: '' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Write a comment first.' }]);
    expect((await call('GET', `/api/drafts/${draft.id}/comments`, writer)).json().threads).toHaveLength(1);
  });

  it("answers another writer the drafts' own 404 and a member without drafts their 403 on every call, and a thread of another draft 404, changing nothing", async () => {
    const draft = await draftOf(writer);
    const { thread }: DraftCommentResult = (await start(writer, draft.id, 1, 1, 'Mine.')).json();
    const calls: ['GET' | 'POST' | 'PUT', string, object?][] = [
      ['GET', `/api/drafts/${draft.id}/comments`],
      ['POST', `/api/drafts/${draft.id}/comments`, { fromLine: 1, toLine: 1, quote: '', body: 'Hi' }],
      ['POST', `/api/drafts/${draft.id}/comments/${thread.id}/replies`, { body: 'Hi' }],
      ['PUT', `/api/drafts/${draft.id}/comments/${thread.id}/resolution`, { resolved: true }],
    ];
    for (const [user, status, answer] of [
      [other, 404, NOT_FOUND],
      [member, 403, MISSING_PRIVILEGE],
    ] as const) {
      for (const [method, url, payload] of calls) {
        const res = await call(method, url, user, payload);
        expect([user.id, method, url, res.statusCode, res.json()]).toEqual([user.id, method, url, status, answer]);
      }
    }
    // Signed out: 401 before anything is looked up.
    expect((await call('GET', `/api/drafts/${draft.id}/comments`, null)).statusCode).toBe(401);

    // A thread id of the writer's other draft is not a thread of this one.
    const second = await draftOf(writer);
    for (const [method, url, payload] of [
      ['POST', `/api/drafts/${second.id}/comments/${thread.id}/replies`, { body: 'Hi' }],
      ['PUT', `/api/drafts/${second.id}/comments/${thread.id}/resolution`, { resolved: true }],
    ] as const) {
      const res = await call(method, url, writer, payload);
      expect([res.statusCode, res.json()]).toEqual([404, NO_THREAD]);
    }
    const list: DraftCommentThreads = (await call('GET', `/api/drafts/${draft.id}/comments`, writer)).json();
    expect(list.threads.map((t) => [t.resolvedAt, t.comments.map((c) => c.body)])).toEqual([[null, ['Mine.']]]);
  });

  it("closes with the owner's draft privilege: a lapsed writer's comments answer 403", async () => {
    const lapsed = await createUser(app, { role: 'member' });
    const now = Date.now();
    await app.db
      .insertInto('subscriptions')
      .values({ id: `s${lapsed.id}`, user_id: lapsed.id, role: 'writer', created_at: new Date(now).toISOString(), expires_at: new Date(now + 86_400_000).toISOString(), source: 'admin' })
      .execute();
    const draft = await draftOf(lapsed);
    expect((await start(lapsed, draft.id, 1, 1, 'Before it ends.')).statusCode).toBe(201);
    await app.db.updateTable('subscriptions').set({ expires_at: new Date(now - 1000).toISOString() }).where('user_id', '=', lapsed.id).execute();
    const res = await call('GET', `/api/drafts/${draft.id}/comments`, lapsed);
    expect([res.statusCode, res.json()]).toEqual([403, MISSING_PRIVILEGE]);
  });

  it('is open to co-writers (editor and commenter, no membership of their own) and closes when one is removed; the writer and the thread are told in Messages', async () => {
    const befriend = async (a: TestUser, b: TestUser) => {
      expect((await call('POST', '/api/friendships/requests', a, { userId: b.id })).statusCode).toBeLessThan(300);
      expect((await call('POST', `/api/friendships/requests/${a.id}/accept`, b)).statusCode).toBeLessThan(300);
    };
    const owner = await createUser(app, { role: 'writer', name: 'Nora Vale', handle: `nora${Date.now().toString(36)}` });
    const [grace, tom] = await Promise.all([createUser(app, { name: 'Grace' }), createUser(app, { handle: `tom${Date.now().toString(36)}` })]);
    await befriend(owner, grace);
    await befriend(owner, tom);
    const draft = await draftOf(owner);
    expect((await call('POST', `/api/drafts/${draft.id}/people`, owner, { userId: grace.id, role: 'editor' })).statusCode).toBe(200);
    expect((await call('POST', `/api/drafts/${draft.id}/people`, owner, { userId: tom.id, role: 'commenter' })).statusCode).toBe(200);
    const messages = async (user: TestUser) =>
      (await call('GET', '/api/notifications?page=1&pageSize=20', user)).json().items.filter((item: { type: string }) => item.type === 'draft_comment');

    // An editor comments: the writer is told, with the lines and the draft.
    const started = await start(grace, draft.id, 5, 6, 'Should Nora sound tired here?');
    expect(started.statusCode).toBe(201);
    const { thread }: DraftCommentResult = started.json();
    const toOwner = await messages(owner);
    expect(toOwner).toEqual([
      expect.objectContaining({
        person: expect.objectContaining({ id: grace.id, name: 'Grace' }),
        text: 'Should Nora sound tired here?',
        draftComment: { draftId: draft.id, draftTitle: draft.title, threadId: thread.id, fromLine: 5, toLine: 6, reply: false },
      }),
    ]);
    // A commenter replies: the writer and the editor who started the thread are told, not the commenter.
    expect((await call('POST', `/api/drafts/${draft.id}/comments/${thread.id}/replies`, tom, { body: 'Tired, and cold.' })).statusCode).toBe(201);
    expect((await messages(owner)).map((m: { text: string }) => m.text)).toEqual(['Tired, and cold.', 'Should Nora sound tired here?']);
    expect(await messages(grace)).toEqual([expect.objectContaining({ text: 'Tired, and cold.', draftComment: expect.objectContaining({ reply: true }) })]);
    expect(await messages(tom)).toEqual([]);
    // The commenter sees the thread; once removed, the answer of any member without drafts of their own (403) on every call.
    expect((await call('GET', `/api/drafts/${draft.id}/comments`, tom)).json().threads).toHaveLength(1);
    expect((await call('DELETE', `/api/drafts/${draft.id}/people/${tom.id}`, owner)).statusCode).toBeLessThan(300);
    for (const [method, url, payload] of [
      ['GET', `/api/drafts/${draft.id}/comments`],
      ['POST', `/api/drafts/${draft.id}/comments/${thread.id}/replies`, { body: 'Still here?' }],
      ['PUT', `/api/drafts/${draft.id}/comments/${thread.id}/resolution`, { resolved: true }],
    ] as const) {
      const res = await call(method, url, tom, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 403, MISSING_PRIVILEGE]);
    }
  });

  it('sends no message for comments on my own draft, and goes with the draft when it is deleted', async () => {
    const draft = await draftOf(writer);
    await start(writer, draft.id, 1, 1, 'A note to myself.');
    const mine = await app.db.selectFrom('notifications').select('id').where('user_id', '=', writer.id).where('type', '=', 'draft_comment').execute();
    expect(mine).toEqual([]);
    expect((await call('DELETE', `/api/drafts/${draft.id}`, writer)).statusCode).toBe(204);
    const left = await app.db.selectFrom('draft_comment_threads').select('id').where('draft_id', '=', draft.id).execute();
    expect(left).toEqual([]);
  });
});
