import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SessionDetail, Take } from '@vox/contract';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { m4a, mp3, ogg, pngHeader, wav, webm } from '../../fixtures/audio';
import { audioFiles, balcony, claim, getSession, multipart, newClientId, openSession, postScript, uploadTake } from './scripts-kit';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('takes: upload, exactly once, limits, sniffing, picks', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let owner: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let session: SessionDetail;
  /** Line ids of the balcony scene by name: narration, Romeo's and Juliet's lines. */
  let lines: { scene: string; action: string; romeo1: string; juliet1: string; romeo2: string; juliet2: string };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-takes-'));
    app = await build({ DATA_DIR: dataDir });
    [owner, reader, stranger] = await Promise.all([createUser(app), createUser(app), createUser(app)]);
    const script = await postScript(app, owner, balcony({ visibility: 'private' }));
    session = await openSession(app, owner, script.id);
    const [scene, action, romeo1, juliet1, romeo2, juliet2] = script.lines.map((l) => l.id);
    lines = { scene, action, romeo1, juliet1, romeo2, juliet2 };
    // The reader joins through a link for Juliet; the owner reads Romeo.
    const link = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: { role: 'Juliet' } });
    await app.inject({ method: 'GET', url: `/api/sharelinks/${link.json().id}/session`, headers: bearer(reader) });
    await claim(app, owner, session.id, 'Romeo');
  }, 30_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const takesOf = async (lineId?: string): Promise<Take[]> => {
    const all = (await getSession(app, owner, session.id)).takes;
    return lineId ? all.filter((t) => t.lineId === lineId) : all;
  };
  const takeRows = () => app.db.selectFrom('takes').select('id').execute();
  const audioRows = () => app.db.selectFrom('audio_files').select('id').execute();
  /** What is stored: the uploads folder, the takes and the audio metadata. */
  const stored = async () => ({ files: audioFiles(dataDir), takes: (await takeRows()).length, audio: (await audioRows()).length });

  describe('upload', () => {
    it('stores a WAV take (201): content-addressed file, metadata, the take as the line’s pick', async () => {
      const bytes = wav();
      const clientId = newClientId();
      const res = await uploadTake(app, owner, session.id, { lineId: lines.romeo1, clientId, durationMs: '100', audio: { data: bytes, type: 'audio/wav', filename: 'take.wav' } });
      expect(res.statusCode).toBe(201);
      const take: Take = res.json();
      expect(take).toEqual({
        id: expect.any(String),
        lineId: lines.romeo1,
        userId: owner.id,
        clientId,
        audio: sha256(bytes),
        contentType: 'audio/wav',
        byteSize: bytes.length,
        durationMs: 100,
        picked: true,
        createdAt: expect.any(String),
      });
      expect(fs.readFileSync(path.join(dataDir, 'uploads', 'audio', take.audio)).equals(bytes)).toBe(true);
      expect(audioFiles(dataDir)).toContain(take.audio);
      expect(audioFiles(dataDir).filter((f) => !/^[0-9a-f]{64}$/.test(f))).toEqual([]);
      expect(await takesOf(lines.romeo1)).toEqual([take]);
    });

    it.each([
      ['WebM (Chrome, Edge)', webm(), 'audio/webm;codecs=opus', 'audio/webm'],
      ['Ogg Opus (Firefox)', ogg(), 'audio/ogg;codecs=opus', 'audio/ogg'],
      ['MP3', mp3(), 'audio/mpeg', 'audio/mpeg'],
      ['M4A (Safari records MP4 audio)', m4a(), 'audio/mp4', 'audio/mp4'],
      ['WebM sent with no useful type', webm(30), 'application/octet-stream', 'audio/webm'],
    ])('recognises %s from the bytes', async (_name, data, declared, expected) => {
      const res = await uploadTake(app, reader, session.id, { lineId: lines.juliet1, clientId: newClientId(), audio: { data, type: declared } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ contentType: expected, byteSize: data.length, durationMs: null, userId: reader.id });
    });

    it.each([
      ['a text file named .webm', Buffer.from('This is not a recording, only text pretending to be one.\n'), 'audio/webm', 'notes.webm'],
      ['a picture', pngHeader(), 'audio/webm', 'take.webm'],
      ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'audio/ogg', 'take.ogg'],
      ['an empty file', Buffer.alloc(0), 'audio/webm', 'take.webm'],
    ])('refuses %s with 415 and its text, storing nothing, leaving no temporary file', async (_name, data, type, filename) => {
      const before = await stored();
      const res = await uploadTake(app, reader, session.id, { lineId: lines.juliet2, clientId: newClientId(), audio: { data, type, filename } });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'This file is not a supported recording. Upload WebM, Ogg, MP3, WAV or M4A audio.' });
      expect(await stored()).toEqual(before);
    });

    it('refuses a recording over 20 MB with 413 and its text; nothing is stored', async () => {
      const before = await stored();
      // A valid WAV header followed by more than 20 MB of samples.
      const big = Buffer.concat([wav(10), Buffer.alloc(20 * 1024 * 1024)]);
      const res = await uploadTake(app, reader, session.id, { lineId: lines.juliet2, clientId: newClientId(), audio: { data: big, type: 'audio/wav' } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'This recording is larger than 20 MB.' });
      expect(await stored()).toEqual(before);
    }, 30_000);

    it('takes a recording of exactly 20 MB', async () => {
      // A real WAV of exactly 20 MB (a 44-byte header and 16-bit samples): uploads are decoded
      // throughout, so padding a short one with zeros would be a file with junk behind its audio.
      const exact = wav((20 * 1024 * 1024 - 44) / 2);
      expect(exact.length).toBe(20 * 1024 * 1024);
      const res = await uploadTake(app, owner, session.id, { lineId: lines.romeo2, clientId: newClientId(), audio: { data: exact, type: 'audio/wav' } });
      expect(res.statusCode).toBe(201);
      expect(res.json().byteSize).toBe(exact.length);
      // Not needed for the other tests: delete it again (and with it the 20 MB file).
      await app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/takes/${res.json().id}`, headers: bearer(owner) });
      expect(audioFiles(dataDir)).not.toContain(res.json().audio);
    }, 120_000); // 20 MB through the multipart parser, hashing and ffmpeg: slow on a busy machine
  });

  describe('exactly once', () => {
    it('the same recording (clientId) again answers the first take with 200 and stores nothing new', async () => {
      const clientId = newClientId();
      const first = await uploadTake(app, reader, session.id, { lineId: lines.juliet2, clientId, audio: { data: webm(11), type: 'audio/webm' } });
      expect(first.statusCode).toBe(201);
      const after = await stored();
      // A retry after a network failure: the same recording. And a confused retry with other bytes.
      for (const data of [webm(11), ogg(12)]) {
        const again = await uploadTake(app, reader, session.id, { lineId: lines.juliet2, clientId, audio: { data, type: 'audio/webm' } });
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
      }
      expect(await stored()).toEqual(after);
    });

    it('retries racing each other still make one take', async () => {
      const clientId = newClientId();
      const data = ogg(13);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => uploadTake(app, reader, session.id, { lineId: lines.juliet2, clientId, audio: { data, type: 'audio/ogg' } })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      const rows = await app.db.selectFrom('takes').select('id').where('client_id', '=', clientId).execute();
      expect(rows).toHaveLength(1);
      expect(audioFiles(dataDir).filter((f) => f.endsWith('.upload'))).toEqual([]);
    });

    it('the same clientId of another reader is another recording', async () => {
      const clientId = newClientId();
      const mine = await uploadTake(app, reader, session.id, { lineId: lines.juliet1, clientId, audio: { data: webm(14), type: 'audio/webm' } });
      const theirs = await uploadTake(app, owner, session.id, { lineId: lines.romeo1, clientId, audio: { data: webm(15), type: 'audio/webm' } });
      expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    });
  });

  describe('who may record what', () => {
    it('non-participants: 404 as if the session did not exist; nothing stored', async () => {
      const before = await stored();
      for (const user of [stranger]) {
        const res = await uploadTake(app, user, session.id, { lineId: lines.juliet1, clientId: newClientId(), audio: { data: wav(), type: 'audio/wav' } });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'This reading session was not found.' } });
      }
      const anonymous = await uploadTake(app, null, session.id, { lineId: lines.juliet1, clientId: newClientId(), audio: { data: wav(), type: 'audio/wav' } });
      expect(anonymous.statusCode).toBe(401);
      expect(await stored()).toEqual(before);
    });

    it('only dialogue lines of the role I claimed: 403 with its text', async () => {
      const before = await stored();
      for (const lineId of [lines.romeo1, lines.scene, lines.action]) {
        const res = await uploadTake(app, reader, session.id, { lineId, clientId: newClientId(), audio: { data: wav(), type: 'audio/wav' } });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message: 'Claim the role of this line before you record it.' } });
      }
      expect(await stored()).toEqual(before);
    });

    it('a reader without a role records nothing', async () => {
      const seatless = await createUser(app);
      const link = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/sharelinks`, headers: bearer(owner), payload: {} });
      await app.inject({ method: 'GET', url: `/api/sharelinks/${link.json().id}/session`, headers: bearer(seatless) });
      const res = await uploadTake(app, seatless, session.id, { lineId: lines.juliet1, clientId: newClientId(), audio: { data: wav(), type: 'audio/wav' } });
      expect(res.statusCode).toBe(403);
    });

    it('a line of another script, or no line: 404 with its text', async () => {
      const other = await postScript(app, owner, balcony());
      for (const lineId of [other.lines[2].id, 'NoSuchLine000000']) {
        const res = await uploadTake(app, reader, session.id, { lineId, clientId: newClientId(), audio: { data: wav(), type: 'audio/wav' } });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'This line is not in the script.' } });
      }
    });

    it('explains missing or malformed fields and a missing file', async () => {
      const cases: Array<[Parameters<typeof uploadTake>[3], number, string]> = [
        [{ lineId: lines.juliet1, clientId: 'short', audio: { data: wav() } }, 400, "Field 'clientId' is not in the expected format."],
        [{ lineId: lines.juliet1, clientId: newClientId(), durationMs: 'long', audio: { data: wav() } }, 400, "Field 'durationMs' must be a whole number."],
        [{ lineId: lines.juliet1, clientId: newClientId(), durationMs: '-5', audio: { data: wav() } }, 400, "Field 'durationMs' must be a whole number."],
        [{ lineId: "x' OR 1=1", clientId: newClientId(), audio: { data: wav() } }, 400, "Field 'lineId' is not in the expected format."],
        [{ lineId: lines.juliet1, clientId: newClientId() }, 400, 'Attach the recording as the file field "audio".'],
        [{ lineId: lines.juliet1, clientId: newClientId(), audio: { data: wav(), field: 'recording' } }, 400, 'Attach the recording as the file field "audio".'],
      ];
      const before = await stored();
      for (const [take, status, message] of cases) {
        const res = await uploadTake(app, reader, session.id, take);
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
      }
      const { lineId: _l, ...noLine } = { lineId: '', clientId: newClientId(), audio: { data: wav() } };
      const missing = await uploadTake(app, reader, session.id, noLine as never);
      expect(missing.json()).toEqual({ message: "Field 'lineId' is required." });
      const json = await app.inject({ method: 'POST', url: `/api/sessions/${session.id}/takes`, headers: bearer(reader), payload: { lineId: lines.juliet1 } });
      expect({ status: json.statusCode, body: json.json() }).toEqual({ status: 406, body: { message: 'Send the file as multipart/form-data.' } });
      const broken = await multipart({ lineId: lines.juliet1, clientId: newClientId() }, { data: wav() });
      const cut = await app.inject({
        method: 'POST',
        url: `/api/sessions/${session.id}/takes`,
        headers: { ...broken.headers, ...bearer(reader) },
        payload: broken.payload.subarray(0, broken.payload.length - 200),
      });
      expect({ status: cut.statusCode, body: cut.json() }).toEqual({ status: 400, body: { message: 'The upload could not be read. Please try again.' } });
      expect(await stored()).toEqual(before);
    });
  });

  describe('picks', () => {
    const pick = (user: TestUser, takeId: string) => app.inject({ method: 'PUT', url: `/api/sessions/${session.id}/takes/${takeId}/pick`, headers: bearer(user) });
    const remove = (user: TestUser, takeId: string) => app.inject({ method: 'DELETE', url: `/api/sessions/${session.id}/takes/${takeId}`, headers: bearer(user) });
    const record = async (user: TestUser, lineId: string, frames: number) => {
      const res = await uploadTake(app, user, session.id, { lineId, clientId: newClientId(), audio: { data: webm(frames), type: 'audio/webm' } });
      expect(res.statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 3)); // distinct recording times
      return res.json() as Take;
    };
    const picks = async (lineId: string) => (await takesOf(lineId)).filter((t) => t.picked).map((t) => t.id);

    it('the newest take is the pick; I can pick another of mine; deleting the pick hands it to the newest left', async () => {
      const a = await record(owner, lines.romeo2, 40);
      const b = await record(owner, lines.romeo2, 41);
      const c = await record(owner, lines.romeo2, 42);
      expect(await picks(lines.romeo2)).toEqual([c.id]);

      const picked = await pick(owner, a.id);
      expect(picked.statusCode).toBe(200);
      expect(picked.json()).toMatchObject({ id: a.id, picked: true });
      expect(await picks(lines.romeo2)).toEqual([a.id]);

      // Deleting a take that is not the pick leaves the pick alone.
      expect((await remove(owner, c.id)).statusCode).toBe(204);
      expect(await picks(lines.romeo2)).toEqual([a.id]);
      // Deleting the pick: the newest remaining take (b) becomes the pick.
      expect((await remove(owner, a.id)).statusCode).toBe(204);
      expect(await picks(lines.romeo2)).toEqual([b.id]);
      expect((await remove(owner, b.id)).statusCode).toBe(204);
      expect(await takesOf(lines.romeo2)).toEqual([]);
    });

    it('deleting a take removes its recording from the server when no take uses it', async () => {
      const t = await record(owner, lines.romeo2, 50);
      expect(audioFiles(dataDir)).toContain(t.audio);
      await remove(owner, t.id);
      expect(audioFiles(dataDir)).not.toContain(t.audio);
      expect((await app.db.selectFrom('audio_files').select('id').where('id', '=', t.audio).execute()).length).toBe(0);
      expect((await app.inject({ method: 'GET', url: `/api/audio/${t.audio}` })).statusCode).toBe(404);
    });

    it('only the reader who recorded a take may pick or delete it; others get 403, strangers 404', async () => {
      const mine = await record(reader, lines.juliet2, 60);
      for (const res of [await pick(owner, mine.id), await remove(owner, mine.id)]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message: 'Only the reader who recorded a take can change it.' } });
      }
      for (const res of [await pick(stranger, mine.id), await remove(stranger, mine.id)]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'This reading session was not found.' } });
      }
      for (const res of [await pick(reader, 'NoSuchTake000000'), await remove(reader, 'NoSuchTake000000')]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: 'This take was not found.' } });
      }
      expect((await takesOf(lines.juliet2)).some((t) => t.id === mine.id)).toBe(true);
    });

    it('removing a recorded line from the script keeps its takes and recordings, listed with the retired line', async () => {
      const t = await record(reader, lines.juliet2, 70);
      const script = (await getSession(app, owner, session.id)).script;
      const removed = script.lines.find((l) => l.id === lines.juliet2);
      const kept = script.lines.filter((l) => l.id !== lines.juliet2).map((l) => ({ id: l.id, kind: l.kind, role: l.role, parenthetical: l.parenthetical, text: l.text }));
      const res = await app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: { ...balcony(), lines: kept } });
      expect(res.statusCode).toBe(200);
      expect(res.json().lines.some((l: { id: string }) => l.id === lines.juliet2)).toBe(false);
      expect(res.json().retiredLines).toEqual([removed]);
      expect((await takesOf()).find((x) => x.id === t.id)).toEqual(t);
      expect(audioFiles(dataDir)).toContain(t.audio);
      // Takes of kept lines stay.
      expect((await takesOf(lines.juliet1)).length).toBeGreaterThan(0);
    });
  });
});
