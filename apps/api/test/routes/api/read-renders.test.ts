import type { FastifyInstance } from 'fastify';
import childProcess from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { parseFeed } from 'podcast-partytime';
import { READ_RENDER_MESSAGES } from '@vox/contract/schemas';
import type { ReadRender, SessionDetail } from '@vox/contract';
import { bearer, build, createUser, logSink, type TestUser } from '../../helper';
import { toneFile } from '../../fixtures/podcast-audio';
import { RENDER_JOB } from '../../../src/services/read-renders/context';
import { RENDER_TEXTS } from '../../../src/services/read-renders/render-types';
import { balcony, claim, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

/**
 * The finished read and "Publish as episode" through HTTP on
 * a real database and the real job queue: the render job with real ffmpeg (and eSpeak NG), the
 * download and its open link, single-take downloads, progress and failure texts, access rules,
 * and the episode's feed read by a podcast feed parser.
 */
/** music-metadata picks its parser by the file's extension: read the bytes as an .mp3 file. */
async function mp3Meta(bytes: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-read-'));
  try {
    fs.writeFileSync(path.join(dir, 'read.mp3'), bytes);
    return await parseFile(path.join(dir, 'read.mp3'), { duration: true });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the finished read', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let guest: TestUser;
  let stranger: TestUser;
  let session: SessionDetail;
  let channelId: string;
  const romeo = toneFile(1, 'wav', 440);
  const juliet = toneFile(1.5, 'mp3', 660);
  const takeIds: string[] = [];

  const post = (user: TestUser | null, url: string, payload: object = {}) => app.inject({ method: 'POST', url, headers: user ? bearer(user) : {}, payload });
  const get = (user: TestUser | null, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { ...(user ? bearer(user) : {}), ...headers } });
  async function finished(user: TestUser, id: string): Promise<ReadRender> {
    await app.jobs.idle();
    const res = await get(user, `/api/read-renders/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  beforeAll(async () => {
    app = await build({ PUBLIC_URL: 'https://voxclub.example' });
    owner = await createUser(app, { handle: 'romeo' });
    guest = await createUser(app, { handle: 'juliet' });
    stranger = await createUser(app, { handle: 'stranger' });
    const script = await postScript(app, owner);
    session = await openSession(app, owner, script.id);
    const link = await post(owner, `/api/sessions/${session.id}/sharelinks`, {});
    expect(link.statusCode).toBe(201);
    expect((await get(guest, `/api/sharelinks/${link.json().id}/session`)).statusCode).toBe(200);
    expect((await claim(app, owner, session.id, 'Romeo')).statusCode).toBe(200);
    expect((await claim(app, guest, session.id, 'Juliet')).statusCode).toBe(200);
    const lines = session.script.lines;
    for (const [user, line, data, type] of [
      [owner, lines[2], romeo, 'audio/wav'],
      [guest, lines[3], juliet, 'audio/mpeg'],
    ] as const) {
      const res = await uploadTake(app, user, session.id, { lineId: line.id, clientId: newClientId(), audio: { data, type, filename: 'take' } });
      expect(res.statusCode).toBe(201);
      takeIds.push(res.json().id);
    }
    const channel = await post(owner, '/api/podcast/channels', { title: 'Verona Nights', author: 'Verona Players', description: 'Table reads.', category: 'Fiction', language: 'en', explicit: false });
    expect(channel.statusCode).toBe(201);
    channelId = channel.json().id;
  });
  afterAll(async () => app.close());

  it('renders the picked takes in script order for any participant, with progress, to download', async () => {
    const res = await post(guest, `/api/sessions/${session.id}/renders`, { fill: 'skip' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'download', fill: 'skip', state: 'queued', requestedBy: guest.id, audioUrl: null, shareUrl: null, error: null });
    // One render of a kind at a time per member.
    const again = await post(guest, `/api/sessions/${session.id}/renders`, { fill: 'skip' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: READ_RENDER_MESSAGES.busy }]);
    const done = await finished(guest, res.json().id);
    // 300 ms lead, Romeo's 1 s, a 400 ms gap, Juliet's 1.5 s, 500 ms tail.
    expect(done).toMatchObject({ state: 'done', progress: 1, error: null, fileName: 'Romeo and Juliet, II.2 - table read.mp3', audioUrl: `/api/read-renders/${done.id}/audio` });
    expect(done.durationMs).toBeGreaterThanOrEqual(3690);
    expect(done.durationMs).toBeLessThanOrEqual(3710);
    const row = await app.db.selectFrom('read_renders').select('job_id').where('id', '=', done.id).executeTakeFirstOrThrow();
    expect((await app.jobs.status(RENDER_JOB, row.job_id as string))?.progress).toBe(1);

    // The owner (another participant) downloads it; its duration is the render's.
    const file = await get(owner, done.audioUrl as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Romeo and Juliet, II.2 - table read.mp3"; filename*=UTF-8''Romeo%20and%20Juliet%2C%20II.2%20-%20table%20read.mp3`);
    expect(file.rawPayload.length).toBe(done.byteSize);
    const meta = await mp3Meta(file.rawPayload);
    expect(Math.abs((meta.format.duration ?? 0) * 1000 - (done.durationMs as number))).toBeLessThan(80);
    const range = await get(owner, done.audioUrl as string, { range: 'bytes=0-99' });
    expect([range.statusCode, range.rawPayload.length, range.headers['content-range']]).toEqual([206, 100, `bytes 0-99/${done.byteSize}`]);
    // Listed for the session's participants, newest first.
    const list = await get(owner, `/api/sessions/${session.id}/renders`);
    expect(list.json().renders.map((r: ReadRender) => r.id)).toContain(done.id);
  });

  it('reports progress that moves while it renders: the member sees it climb, never fall, to 1', async () => {
    const res = await post(owner, `/api/sessions/${session.id}/renders`, { fill: 'speech' });
    expect(res.statusCode).toBe(202);
    const seen: number[] = [];
    for (;;) {
      const now = (await get(owner, `/api/read-renders/${res.json().id}`)).json() as ReadRender;
      if (now.progress !== null && seen.at(-1) !== now.progress) seen.push(now.progress);
      if (now.state === 'done' || now.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Steps along the way (each line, then the encoding), not a jump from nothing to done.
    expect(seen.filter((p) => p > 0 && p < 1).length).toBeGreaterThanOrEqual(3);
  });

  it('is for participants only: to anyone else the session and its renders do not exist', async () => {
    const { renders } = (await get(owner, `/api/sessions/${session.id}/renders`)).json();
    const id = renders[0].id;
    for (const res of [
      await post(stranger, `/api/sessions/${session.id}/renders`, { fill: 'skip' }),
      await get(stranger, `/api/sessions/${session.id}/renders`),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'This reading session was not found.' }]);
    }
    for (const res of [await get(stranger, `/api/read-renders/${id}`), await get(stranger, `/api/read-renders/${id}/audio`), await post(stranger, `/api/read-renders/${id}/link`)]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: READ_RENDER_MESSAGES.renderNotFound }]);
    }
    expect((await get(null, `/api/read-renders/${id}/audio`)).statusCode).toBe(401);
    expect((await post(null, `/api/sessions/${session.id}/renders`, { fill: 'skip' })).statusCode).toBe(401);
    const bad = await post(guest, `/api/sessions/${session.id}/renders`, { fill: 'loud' });
    expect(bad.statusCode).toBe(400);
  });

  it('shares a render by a link anyone can play until it is revoked', async () => {
    const { renders } = (await get(guest, `/api/sessions/${session.id}/renders`)).json();
    const mine = renders.find((r: ReadRender) => r.requestedBy === guest.id && r.state === 'done');
    const shared = await post(guest, `/api/read-renders/${mine.id}/link`);
    expect(shared.statusCode).toBe(200);
    const url = shared.json().shareUrl as string;
    expect(url).toMatch(/^https:\/\/voxclub\.example\/api\/read-links\/[A-Za-z0-9]{24}\.mp3$/);
    // The same link when asked again.
    expect((await post(guest, `/api/read-renders/${mine.id}/link`)).json().shareUrl).toBe(url);
    const linkPath = new URL(url).pathname;
    const open = await get(null, linkPath);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('audio/mpeg');
    expect(open.headers['content-disposition']).toMatch(/^inline; filename="Romeo and Juliet, II.2 - table read.mp3"/);
    expect(open.rawPayload.length).toBe(mine.byteSize);
    expect((await get(null, linkPath, { range: 'bytes=10-19' })).statusCode).toBe(206);
    // The session's owner may revoke it; a stranger cannot.
    expect((await app.inject({ method: 'DELETE', url: `/api/read-renders/${mine.id}/link`, headers: bearer(stranger) })).statusCode).toBe(404);
    const revoked = await app.inject({ method: 'DELETE', url: `/api/read-renders/${mine.id}/link`, headers: bearer(owner) });
    expect([revoked.statusCode, revoked.json().shareUrl]).toEqual([200, null]);
    const gone = await get(null, linkPath);
    expect([gone.statusCode, gone.json()]).toEqual([404, { message: READ_RENDER_MESSAGES.linkNotFound }]);
    expect((await get(null, '/api/read-links/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('lets only who rendered it, or the session’s owner, share a render', async () => {
    const res = await post(owner, `/api/sessions/${session.id}/renders`, { fill: 'skip' });
    const done = await finished(owner, res.json().id);
    const refused = await post(guest, `/api/read-renders/${done.id}/link`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: READ_RENDER_MESSAGES.onlyRequesterShares }]);
  });

  it('downloads a single take for participants, named for its line, role and reader', async () => {
    const res = await get(guest, `/api/sessions/${session.id}/takes/${takeIds[0]}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Romeo and Juliet, II.2 - line 3 - Romeo - @romeo.wav"/);
    expect(Buffer.compare(res.rawPayload, romeo)).toBe(0);
    const mp3 = await get(owner, `/api/sessions/${session.id}/takes/${takeIds[1]}/download`);
    expect(mp3.headers['content-disposition']).toMatch(/filename="Romeo and Juliet, II.2 - line 4 - Juliet - @juliet.mp3"/);
    const stranger404 = await get(stranger, `/api/sessions/${session.id}/takes/${takeIds[0]}/download`);
    expect(stranger404.statusCode).toBe(404);
    const unknown = await get(owner, `/api/sessions/${session.id}/takes/nosuchtake/download`);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'This take was not found.' }]);
  });

  it('publishes as an episode only for the session’s owner, to a channel of their own', async () => {
    const byGuest = await post(guest, `/api/sessions/${session.id}/episode`, { channelId, fill: 'skip' });
    expect([byGuest.statusCode, byGuest.json()]).toEqual([403, { message: READ_RENDER_MESSAGES.onlyOwnerPublishes }]);
    const guestChannel = await post(guest, '/api/podcast/channels', { title: 'Juliet’s', author: 'Juliet', description: '', category: 'Fiction', language: 'en', explicit: false });
    const notMine = await post(owner, `/api/sessions/${session.id}/episode`, { channelId: guestChannel.json().id, fill: 'skip' });
    expect([notMine.statusCode, notMine.json()]).toEqual([403, { message: READ_RENDER_MESSAGES.notYourChannel }]);
    const none = await post(owner, `/api/sessions/${session.id}/episode`, { channelId: 'nosuchchannel', fill: 'skip' });
    expect([none.statusCode, none.json()]).toEqual([404, { message: READ_RENDER_MESSAGES.channelNotFound }]);
    expect((await post(stranger, `/api/sessions/${session.id}/episode`, { channelId, fill: 'skip' })).statusCode).toBe(404);
  });

  it('publishes the read with synthesized fill: chapters from scenes, a speaker transcript, cast in the notes, in the feed', async () => {
    const res = await post(owner, `/api/sessions/${session.id}/episode`, { channelId, fill: 'speech', title: 'Balcony, a table read' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'episode', fill: 'speech', state: 'queued', channelId, episodeId: null });
    const done = await finished(owner, res.json().id);
    expect(done).toMatchObject({ state: 'done', progress: 1, error: null, fileName: 'Balcony, a table read - table read.mp3' });
    expect(done.episodeId).toEqual(expect.any(String));
    const { episode, transcript } = (await get(null, `/api/podcast/episodes/${done.episodeId}`)).json();
    expect(episode).toMatchObject({ title: 'Balcony, a table read', status: 'published', durationMs: done.durationMs, byteSize: done.byteSize, contentType: 'audio/mpeg' });
    // Six lines: the heading and action synthesized, two takes, two Romeo/Juliet lines synthesized.
    expect(episode.chapters).toEqual([{ startTime: 0, title: "EXT. CAPULET'S ORCHARD - NIGHT" }]);
    expect(transcript.startsWith('WEBVTT\n\n1\n00:00:00.300 --> ')).toBe(true);
    expect(transcript).toContain("<v Narrator (synthesized voice)>EXT. CAPULET'S ORCHARD - NIGHT</v>");
    expect(transcript).toContain('<v Romeo (@romeo)>But, soft! what light through yonder window breaks?</v>');
    expect(transcript).toContain('<v Juliet (@juliet)>Ay me!</v>');
    expect(transcript).toContain('<v Romeo (synthesized voice)>She speaks.</v>');
    expect(episode.notes).toBe(
      'A table read of "Romeo and Juliet, II.2", recorded on VoxClub.\n\nCast:\n- Romeo: @romeo\n- Juliet: @juliet\n\n4 lines without a take read by a synthesized voice (eSpeak NG).',
    );
    // The audio's length is the episode's.
    const audio = await get(null, episode.audioUrl);
    const meta = await mp3Meta(audio.rawPayload);
    expect(Math.abs((meta.format.duration ?? 0) * 1000 - episode.durationMs)).toBeLessThan(80);
    // The feed lists it with chapters and transcript.
    const feed = parseFeed((await get(null, `/api/podcast/channels/${channelId}/feed.xml`)).body);
    const item = feed?.items.find((i) => i.guid === done.episodeId);
    expect(item?.enclosure).toEqual({ url: `https://voxclub.example${episode.audioUrl}`, length: done.byteSize, type: 'audio/mpeg' });
    expect(item?.podcastChapters?.url).toBe(`https://voxclub.example/api/podcast/episodes/${done.episodeId}/chapters.json`);
    expect(item?.podcastTranscripts?.[0]).toMatchObject({ url: `https://voxclub.example/api/podcast/episodes/${done.episodeId}/transcript.vtt`, type: 'text/vtt' });
    const chapters = await get(null, `/api/podcast/episodes/${done.episodeId}/chapters.json`);
    expect(chapters.json()).toEqual({ version: '1.2.0', chapters: [{ startTime: 0, title: "EXT. CAPULET'S ORCHARD - NIGHT" }] });
  }, 60_000);

  it('fails with a clear text when there is nothing to render, or a take’s recording is gone', async () => {
    const script = await postScript(app, owner, balcony({ title: 'Empty read' }));
    const empty = await openSession(app, owner, script.id);
    const res = await post(owner, `/api/sessions/${empty.id}/renders`, { fill: 'skip' });
    const failed = await finished(owner, res.json().id);
    expect(failed).toMatchObject({ state: 'failed', error: RENDER_TEXTS.nothingToRender, audioUrl: null });
    const download = await get(owner, `/api/read-renders/${failed.id}/audio`);
    expect([download.statusCode, download.json()]).toEqual([409, { message: READ_RENDER_MESSAGES.notReady }]);

    // A recording missing from the storage: named by its line, not retried.
    const line = empty.script.lines[2];
    expect((await claim(app, owner, empty.id, 'Romeo')).statusCode).toBe(200);
    const take = await uploadTake(app, owner, empty.id, { lineId: line.id, clientId: newClientId(), audio: { data: romeo, type: 'audio/wav', filename: 'take' } });
    expect(take.statusCode).toBe(201);
    await app.storage.delete(`audio/${take.json().audio}`);
    const second = await post(owner, `/api/sessions/${empty.id}/renders`, { fill: 'skip' });
    const missing = await finished(owner, second.json().id);
    expect(missing).toMatchObject({ state: 'failed', error: RENDER_TEXTS.takeMissing(3) });
  });
});

describe('a render the server fails', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  const { lines: logged, stream: log } = logSink();

  beforeAll(async () => {
    app = await build({}, { logger: { level: 'info', stream: log } });
    owner = await createUser(app, { handle: 'romeo' });
  });
  afterAll(async () => app.close());

  it('logs the real cause with its stack at error level, and tells the member what works instead of to retry', async () => {
    // What the built server did: the synthesizer threw a TypeError before it started its child.
    const realSpawn = childProcess.spawn;
    const spawn = jest.spyOn(childProcess, 'spawn').mockImplementation(((command: string, ...rest: never[]) => {
      if (command === process.execPath) throw new TypeError('The "path" argument must be of type string. Received undefined');
      return (realSpawn as (...args: unknown[]) => childProcess.ChildProcess)(command, ...rest);
    }) as typeof childProcess.spawn);
    try {
      const script = await postScript(app, owner);
      const session = await openSession(app, owner, script.id);
      const res = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/renders`, headers: bearer(owner), payload: { fill: 'speech' } });
      expect(res.statusCode).toBe(202);
      await app.jobs.idle();
      const render = await app.inject({ method: 'GET', url: `/api/read-renders/${res.json().id}`, headers: bearer(owner) });
      expect(render.json()).toMatchObject({
        state: 'failed',
        error: 'The speech synthesizer failed on our side, so the lines without a take could not be read. Choose "Leave them out" to render the takes alone; the error is logged for the site’s team.',
      });
      const entries = logged.filter((entry) => entry.render === res.json().id);
      expect(entries).toEqual([
        expect.objectContaining({
          level: 50,
          msg: 'read render failed',
          reason: RENDER_TEXTS.speechFailed,
          err: expect.objectContaining({ type: 'TypeError', message: 'The "path" argument must be of type string. Received undefined', stack: expect.stringContaining('read-renderer.ts') }),
        }),
      ]);
    } finally {
      spawn.mockRestore();
    }
  });
});
