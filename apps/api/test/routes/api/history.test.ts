import type { FastifyInstance } from 'fastify';
import type { HistoryList, Script } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { wav } from '../../fixtures/audio';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('GET /api/history', () => {
  let app: FastifyInstance;
  let me: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await build();
    [me, other] = await Promise.all([createUser(app), createUser(app)]);
  }, 30_000);
  afterAll(async () => app.close());

  const history = async (user: TestUser, query: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: '/api/history', query, headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    return res.json() as HistoryList;
  };
  const record = async (user: TestUser, sessionId: string, lineId: string) => {
    const res = await uploadTake(app, user, sessionId, { lineId, clientId: newClientId(), audio: { data: wav(200), type: 'audio/wav' } });
    expect(res.statusCode).toBe(201);
  };

  it('asks anonymous callers to log in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/history' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in.' });
  });

  it('lists my sessions by latest activity (joining or any take), with my progress and the participant count', async () => {
    const first: Script = await postScript(app, me, balcony({ title: 'First read', visibility: 'public' }));
    const second: Script = await postScript(app, me, balcony({ title: 'Second read', visibility: 'public' }));
    const third: Script = await postScript(app, other, balcony({ title: 'Third read (someone else’s)', visibility: 'public' }));

    const s1 = await openSession(app, me, first.id);
    await claim(app, me, s1.id, 'Juliet');
    await pause();
    const s2 = await openSession(app, me, second.id);
    await pause();
    const s3 = await openSession(app, me, third.id);
    await claim(app, me, s3.id, 'Romeo');
    // Someone else joins my first session by link.
    const link = await app.inject({ method: 'POST', url: `/api/sessions/${s1.id}/sharelinks`, headers: bearer(me), payload: { role: 'Romeo' } });
    await app.inject({ method: 'GET', url: `/api/sharelinks/${link.json().id}/session`, headers: bearer(other) });

    // Joined in the order s1, s2, s3: newest first.
    let list = await history(me);
    expect(list.items.map((e) => e.script.title)).toEqual(['Third read (someone else’s)', 'Second read', 'First read']);
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20 });

    // A take in s1 (by anyone) makes it the most recent.
    await pause();
    await record(me, s1.id, first.lines[3].id); // Juliet: "Ay me!"
    list = await history(me);
    expect(list.items.map((e) => e.sessionId)).toEqual([s1.id, s3.id, s2.id]);
    const [e1, e3, e2] = list.items;
    expect(e1).toEqual({
      sessionId: s1.id,
      script: { id: first.id, title: 'First read', cover: null },
      role: 'Juliet',
      joinedAt: expect.any(String),
      lastActivityAt: expect.any(String),
      myLines: 2,
      recordedLines: 1,
      participantCount: 2,
    });
    expect(e1.lastActivityAt > e1.joinedAt).toBe(true);
    expect(e3).toMatchObject({ role: 'Romeo', myLines: 2, recordedLines: 0, participantCount: 1 });
    expect(e2).toMatchObject({ role: null, myLines: 0, recordedLines: 0, participantCount: 1 });
    expect(e2.lastActivityAt).toBe(e2.joinedAt);

    // Two takes of one line count once; the other Juliet line completes the part.
    await record(me, s1.id, first.lines[3].id);
    await record(me, s1.id, first.lines[5].id);
    expect((await history(me)).items[0]).toMatchObject({ sessionId: s1.id, myLines: 2, recordedLines: 2 });

    // Takes of the other reader move the session up for me too, but are not my progress.
    await pause();
    await record(other, s1.id, first.lines[2].id);
    await pause();
    await record(me, s3.id, third.lines[2].id);
    list = await history(me);
    expect(list.items.map((e) => e.sessionId)).toEqual([s3.id, s1.id, s2.id]);
    expect(list.items[1]).toMatchObject({ recordedLines: 2 });

    // The other reader's history holds only the session they joined.
    const theirs = await history(other);
    expect(theirs.items.map((e) => [e.sessionId, e.role, e.myLines, e.recordedLines])).toEqual([[s1.id, 'Romeo', 2, 1]]);
  });

  it('pages with page and pageSize; total counts all my sessions', async () => {
    const firstPage = await history(me, { pageSize: '2' });
    const secondPage = await history(me, { pageSize: '2', page: '2' });
    expect(firstPage).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(firstPage.items).toHaveLength(2);
    expect(secondPage.items).toHaveLength(1);
    expect(new Set([...firstPage.items, ...secondPage.items].map((e) => e.sessionId)).size).toBe(3);
  });

  it('a new member has an empty history', async () => {
    const fresh = await createUser(app);
    expect(await history(fresh)).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });
});
