import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { CueList, FreesoundResults, Sound, SoundInUse, SoundList, SoundPeaks } from '@vox/contract/schemas';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { id3ThenHtml, MIME, tone, type SoundFormat } from '../../fixtures/sounds';
import { pngHeader } from '../../fixtures/audio';
import { balcony, multipart, postScript } from './scripts-kit';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MISSING_PRIVILEGE = 'Your membership does not include this feature.';

async function upload(app: FastifyInstance, user: TestUser | null, fields: Record<string, string>, data: Buffer, filename = 'sound.wav', url = '/api/sounds', method: 'POST' | 'PUT' = 'POST') {
  const body = await multipart(fields, { data, filename, type: 'application/octet-stream' });
  return app.inject({ method, url, headers: { ...body.headers, ...(user ? bearer(user) : {}) }, payload: body.payload });
}


describe('audio library API', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let other: TestUser;
  let premium: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    app = await build({ SOUND_QUOTAS_MB: 'premium=0.25', SOUND_MAX_FILE_MB: '0.5' });
    [owner, other, premium, member] = await Promise.all([
      createUser(app, { role: 'staff' }),
      createUser(app, { role: 'staff' }),
      createUser(app, { role: 'premium' }),
      createUser(app, { role: 'member' }),
    ]);
  }, 60_000);
  afterAll(() => app.close());

  const rowCount = async () => (await app.db.selectFrom('sounds').select('id').execute()).length;
  const objects = async () => {
    const keys: string[] = [];
    for await (const o of app.storage.list('sounds/')) keys.push(o.key);
    return keys.sort();
  };

  describe('access', () => {
    it.each([
      ['GET', '/api/sounds'],
      ['GET', '/api/sounds/abc'],
      ['PATCH', '/api/sounds/abc'],
      ['DELETE', '/api/sounds/abc'],
      ['GET', '/api/sounds/abc/peaks'],
      ['GET', '/api/freesound/search?q=rain'],
      ['PUT', '/api/scripts/abc/cues'],
    ] as const)('%s %s: 401 anonymous, 403 with a clear text without audio_library', async (method, url) => {
      const payload = method === 'PATCH' ? { title: 'x' } : method === 'PUT' ? { cues: [] } : undefined;
      const anon = await app.inject({ method, url, payload });
      expect(anon.statusCode).toBe(401);
      const res = await app.inject({ method, url, headers: bearer(member), payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MISSING_PRIVILEGE });
    });

    it('refuses an upload without the privilege and stores nothing', async () => {
      const res = await upload(app, member, { type: 'sfx' }, tone('wav'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MISSING_PRIVILEGE);
      expect(await rowCount()).toBe(0);
      expect(await objects()).toEqual([]);
    });
  });

  describe('upload: formats from the bytes, facts from the file, peaks in the background', () => {
    it.each([
      ['wav', 44100, 1],
      ['mp3', 44100, 1],
      ['ogg', 48000, 1],
      ['webm', 48000, 1],
      // Stereo: an MP4 sample entry always says 2 channels (ISO's template value), which is what a parser reads.
      ['m4a', 44100, 2],
      ['flac', 44100, 2],
    ] as const)('takes %s: type, duration, sample rate and channels from the file', async (format, rate, channels) => {
      const bytes = tone(format as SoundFormat, { seconds: 1, channels });
      const res = await upload(app, owner, { type: 'sfx', title: `Tone ${format}` }, bytes, `tone.${format}`);
      expect(res.statusCode).toBe(201);
      const sound: Sound = res.json();
      expect(sound).toMatchObject({
        mine: true,
        title: `Tone ${format}`,
        type: 'sfx',
        tags: [],
        licence: 'all-rights-reserved',
        isPublic: false,
        contentType: MIME[format as SoundFormat] === 'audio/mp4' ? 'audio/mp4' : MIME[format as SoundFormat],
        byteSize: bytes.length,
        sampleRate: rate,
        channels,
        trimStartMs: 0,
        trimEndMs: null,
        peaksState: 'pending',
        // Private: the link is signed and expires (see 'a private sound's bytes' below).
        fileUrl: expect.stringMatching(new RegExp(`^/api/sound-files/${sha256(bytes)}\\?expires=\\d+&sig=[\\w-]{43}$`)),
      });
      expect(Math.abs(sound.durationMs - 1000)).toBeLessThan(80);
      await app.jobs.idle();
      const peaks = await app.inject({ method: 'GET', url: `/api/sounds/${sound.id}/peaks`, headers: bearer(owner) });
      expect(peaks.statusCode).toBe(200);
      const body: SoundPeaks = peaks.json();
      expect(body.state).toBe('ready');
      expect(body.peaks!.length).toBeGreaterThan(700);
      // A 440 Hz sine at ffmpeg's default amplitude (1/8 of full scale) peaks near 0.125.
      const loudest = Math.max(...body.peaks!);
      expect(loudest).toBeGreaterThan(0.08);
      expect(loudest).toBeLessThan(0.2);
    });

    it('names a sound after its file when no title is sent', async () => {
      const res = await upload(app, owner, { type: 'voice' }, tone('mp3', { seconds: 2 }), 'door_slam_close.mp3');
      expect(res.statusCode).toBe(201);
      expect(res.json().title).toBe('door slam close');
    });

    it('refuses an ID3 header followed by HTML with a clear text, and keeps nothing', async () => {
      const before = { rows: await rowCount(), objects: await objects() };
      const res = await upload(app, owner, { type: 'sfx' }, id3ThenHtml(), 'song.mp3');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'This file could not be read as audio: it may be damaged or not really the format its name says. Nothing was stored.' });
      expect(await rowCount()).toBe(before.rows);
      expect(await objects()).toEqual(before.objects);
    });

    it('refuses a file that is not audio at all', async () => {
      const res = await upload(app, owner, { type: 'sfx' }, pngHeader(), 'picture.wav');
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('This file is not audio we can use. Upload WAV, MP3, Ogg/Opus, WebM, M4A/AAC or FLAC.');
    });

    it('refuses a file over the size cap (413) and an unknown type (400)', async () => {
      const big = tone('wav', { seconds: 4, channels: 2 });
      expect(big.length).toBeGreaterThan(512 * 1024);
      const res = await upload(app, owner, { type: 'sfx' }, big);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('This file is larger than 512 KB, the largest sound you can upload.');
      const badType = await upload(app, owner, { type: 'music' }, tone('wav'));
      expect(badType.statusCode).toBe(400);
      expect(badType.json().message).toBe('Choose music (bgm), an effect (sfx) or a voice (voice).');
      const fieldsOnly = await multipart({ type: 'sfx' });
      const noFile = await app.inject({ method: 'POST', url: '/api/sounds', headers: { ...bearer(owner), ...fieldsOnly.headers }, payload: fieldsOnly.payload });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().message).toBe('Choose an audio file to upload.');
    });

    it('keeps a member within their role’s quota and says why it refuses', async () => {
      const first = await upload(app, premium, { type: 'bgm' }, tone('wav', { seconds: 2, frequency: 300 }));
      expect(first.statusCode).toBe(201);
      const second = await upload(app, premium, { type: 'bgm' }, tone('wav', { seconds: 2, frequency: 350 }));
      expect(second.statusCode).toBe(413);
      expect(second.json().message).toBe('This upload does not fit in your storage: you use 172 KB of 256 KB. Delete sounds you no longer need to make room.');
      const list: SoundList = (await app.inject({ method: 'GET', url: '/api/sounds', headers: bearer(premium) })).json();
      expect(list.usage).toEqual({ usedBytes: first.json().byteSize, quotaBytes: 256 * 1024, maxFileBytes: 512 * 1024 });
      expect(list.items).toHaveLength(1);
    });

    it('two uploads at the same moment cannot both pass the quota: one is kept, the other refused and its bytes gone', async () => {
      const racer = await createUser(app, { role: 'premium' });
      const [a, b] = [tone('wav', { seconds: 2, frequency: 420 }), tone('wav', { seconds: 2, frequency: 470 })];
      const answers = await Promise.all([upload(app, racer, { type: 'bgm' }, a), upload(app, racer, { type: 'bgm' }, b)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 413]);
      const refused = answers.find((r) => r.statusCode === 413)!;
      expect(refused.json().message).toMatch(/^This upload does not fit in your storage: you use 172 KB of 256 KB\./);
      const list: SoundList = (await app.inject({ method: 'GET', url: '/api/sounds', headers: bearer(racer) })).json();
      expect(list.items).toHaveLength(1);
      expect(list.usage.usedBytes).toBe(list.items[0].byteSize);
      const keptBytes = answers[0].statusCode === 201 ? a : b;
      const refusedBytes = answers[0].statusCode === 201 ? b : a;
      expect(await objects()).toContain(`sounds/${sha256(keptBytes)}`);
      expect(await objects()).not.toContain(`sounds/${sha256(refusedBytes)}`);
    });
  });

  describe('the file: ranges and caching as for takes', () => {
    it('serves the bytes with 200, 206, 304 and 416', async () => {
      const bytes = tone('ogg', { seconds: 1, frequency: 600 });
      const sound: Sound = (await upload(app, owner, { type: 'sfx' }, bytes, 'x.ogg')).json();
      const whole = await app.inject({ method: 'GET', url: sound.fileUrl });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/ogg');
      // A private sound: kept by the browser, never by a shared cache.
      expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      const part = await app.inject({ method: 'GET', url: sound.fileUrl, headers: { range: 'bytes=10-19' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
      const cached = await app.inject({ method: 'GET', url: sound.fileUrl, headers: { 'if-none-match': `"${sha256(bytes)}"` } });
      expect(cached.statusCode).toBe(304);
      const past = await app.inject({ method: 'GET', url: sound.fileUrl, headers: { range: `bytes=${bytes.length + 5}-` } });
      expect(past.statusCode).toBe(416);
      expect(past.json().message).toBe('The requested range is outside this sound.');
      const unknown = await app.inject({ method: 'GET', url: `/api/sound-files/${'0'.repeat(64)}` });
      expect(unknown.statusCode).toBe(404);
    });

    it('a private sound’s bytes open only by the signed link its answers carry, until it expires; a public one’s for anyone', async () => {
      const bytes = tone('ogg', { seconds: 1, frequency: 720 });
      const sound: Sound = (await upload(app, owner, { type: 'sfx' }, bytes, 'secret.ogg')).json();
      const path = `/api/sound-files/${sha256(bytes)}`;
      const notFound = { message: 'This sound was not found.' };
      const open = async (url: string) => {
        const res = await app.inject({ method: 'GET', url });
        return [res.statusCode, res.statusCode === 200 ? res.headers['cache-control'] : res.json()];
      };
      // Knowing the bytes' id is not enough, nor a link signed for other bytes, altered or expired.
      expect(await open(path)).toEqual([404, notFound]);
      const query = sound.fileUrl.slice(path.length);
      expect(await open(`/api/sound-files/${'1'.repeat(64)}${query}`)).toEqual([404, notFound]);
      expect(await open(sound.fileUrl.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')))).toEqual([404, notFound]);
      expect(await open(app.fileLinks.sign(path, Date.now() - 2 * 24 * 3600_000))).toEqual([404, notFound]);
      expect(await open(sound.fileUrl)).toEqual([200, 'private, max-age=31536000, immutable']);
      // Another member is shown no link to it: the sound itself is not found for them.
      const theirs = await app.inject({ method: 'GET', url: `/api/sounds/${sound.id}`, headers: bearer(other) });
      expect(theirs.statusCode).toBe(404);
      // Made public: the plain link opens for anyone and any cache may keep it.
      const shared = await app.inject({ method: 'PATCH', url: `/api/sounds/${sound.id}`, headers: bearer(owner), payload: { isPublic: true, licence: 'cc0' } });
      expect(shared.json()).toMatchObject({ isPublic: true, fileUrl: path });
      expect(await open(path)).toEqual([200, 'public, max-age=31536000, immutable']);
    });
  });

  describe('list, edit, share, replace', () => {
    let rain: Sound;
    let thunder: Sound;
    beforeAll(async () => {
      rain = (await upload(app, other, { type: 'bgm', title: 'Rain on a roof' }, tone('mp3', { seconds: 3, frequency: 200 }))).json();
      thunder = (await upload(app, other, { type: 'sfx', title: 'Thunder' }, tone('mp3', { seconds: 1, frequency: 90 }))).json();
      await app.inject({ method: 'PATCH', url: `/api/sounds/${thunder.id}`, headers: bearer(other), payload: { tags: [' Storm ', 'storm', 'LOUD'] } });
    });

    const list = async (user: TestUser, query: string) => (await app.inject({ method: 'GET', url: `/api/sounds?${query}`, headers: bearer(user) })).json() as SoundList;

    it('lists by type, searches title and tags, sorts', async () => {
      expect((await list(other, 'type=bgm')).items.map((s) => s.title)).toEqual(['Rain on a roof']);
      expect((await list(other, 'q=storm')).items.map((s) => s.title)).toEqual(['Thunder']);
      expect((await list(other, 'q=ROOF')).items.map((s) => s.title)).toEqual(['Rain on a roof']);
      expect((await list(other, 'sort=title')).items.map((s) => s.title)).toEqual(['Rain on a roof', 'Thunder']);
      expect((await list(other, 'sort=duration')).items.map((s) => s.title)).toEqual(['Thunder', 'Rain on a roof']);
      expect((await list(other, 'sort=newest')).items.map((s) => s.title)).toEqual(['Thunder', 'Rain on a roof']);
      expect((await list(other, 'sort=oldest')).items.map((s) => s.title)).toEqual(['Rain on a roof', 'Thunder']);
      const thunderNow = (await list(other, 'q=thunder')).items[0];
      expect(thunderNow.tags).toEqual(['storm', 'loud']);
    });

    it('keeps another member’s private sound a 404 everywhere, and shares it once public', async () => {
      for (const url of [`/api/sounds/${rain.id}`, `/api/sounds/${rain.id}/peaks`]) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(owner) });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('This sound was not found.');
      }
      expect((await app.inject({ method: 'PATCH', url: `/api/sounds/${rain.id}`, headers: bearer(owner), payload: { title: 'Mine now' } })).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/sounds/${rain.id}`, headers: bearer(owner) })).statusCode).toBe(404);
      expect((await list(owner, 'scope=public')).items.map((s) => s.id)).not.toContain(rain.id);

      const noAttribution = await app.inject({ method: 'PATCH', url: `/api/sounds/${rain.id}`, headers: bearer(other), payload: { isPublic: true, licence: 'cc-by' } });
      expect(noAttribution.statusCode).toBe(400);
      expect(noAttribution.json().message).toBe('A CC BY sound needs its attribution: say who made it.');
      const shared = await app.inject({ method: 'PATCH', url: `/api/sounds/${rain.id}`, headers: bearer(other), payload: { isPublic: true, licence: 'cc-by', attribution: 'Rain by Ada (VoxClub)' } });
      expect(shared.statusCode).toBe(200);
      expect(shared.json()).toMatchObject({ isPublic: true, licence: 'cc-by', attribution: 'Rain by Ada (VoxClub)' });

      const seen = await app.inject({ method: 'GET', url: `/api/sounds/${rain.id}`, headers: bearer(owner) });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().mine).toBe(false);
      expect((await list(owner, 'scope=public')).items.map((s) => s.id)).toContain(rain.id);
      const change = await app.inject({ method: 'PATCH', url: `/api/sounds/${rain.id}`, headers: bearer(owner), payload: { title: 'Mine now' } });
      expect(change.statusCode).toBe(403);
      expect(change.json().message).toBe('Only the owner can change this sound.');
    });

    it('edits title, type, trim and fades, and checks them against the sound', async () => {
      const patch = (payload: object) => app.inject({ method: 'PATCH', url: `/api/sounds/${thunder.id}`, headers: bearer(other), payload });
      const ok = await patch({ title: 'Far thunder', type: 'bgm', trimStartMs: 100, trimEndMs: 900, fadeInMs: 200, fadeOutMs: 300 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ title: 'Far thunder', type: 'bgm', trimStartMs: 100, trimEndMs: 900, fadeInMs: 200, fadeOutMs: 300 });
      expect((await patch({ trimEndMs: 50 })).json().message).toBe('The trim end must come after the trim start.');
      expect((await patch({ trimEndMs: 5000 })).json().message).toBe('The trim cannot go past the end of the sound.');
      expect((await patch({ fadeInMs: 600 })).json().message).toBe('The fades are longer than the part of the sound that plays.');
      const bad = await patch({ type: 'music' });
      expect(bad.statusCode).toBe(400);
      expect((await patch({ trimEndMs: null, fadeInMs: 0, fadeOutMs: 0, trimStartMs: 0 })).json()).toMatchObject({ trimEndMs: null, trimStartMs: 0 });
    });

    it('replaces the file: new facts and peaks, old bytes gone, fields kept', async () => {
      const before = (await app.inject({ method: 'GET', url: `/api/sounds/${thunder.id}`, headers: bearer(other) })).json() as Sound;
      const bytes = tone('flac', { seconds: 2, frequency: 120 });
      const res = await upload(app, other, {}, bytes, 'thunder.flac', `/api/sounds/${thunder.id}/file`, 'PUT');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: thunder.id, title: before.title, contentType: 'audio/flac', byteSize: bytes.length, peaksState: 'pending' });
      expect(res.json().fileUrl).toMatch(new RegExp(`^/api/sound-files/${sha256(bytes)}\\?expires=\\d+&sig=[\\w-]{43}$`));
      expect((await app.inject({ method: 'GET', url: before.fileUrl })).statusCode).toBe(404);
      await app.jobs.idle();
      expect(((await app.inject({ method: 'GET', url: `/api/sounds/${thunder.id}/peaks`, headers: bearer(other) })).json() as SoundPeaks).state).toBe('ready');
      const corrupt = await upload(app, other, {}, id3ThenHtml(), 'x.mp3', `/api/sounds/${thunder.id}/file`, 'PUT');
      expect(corrupt.statusCode).toBe(415);
      expect((await app.inject({ method: 'GET', url: `/api/sounds/${thunder.id}`, headers: bearer(other) })).json().byteSize).toBe(bytes.length);
    });
  });

  describe('cues on script lines', () => {
    let script: Awaited<ReturnType<typeof postScript>>;
    let bed: Sound;
    let sting: Sound;
    let strangers: Sound;
    beforeAll(async () => {
      script = await postScript(app, owner, balcony());
      bed = (await upload(app, owner, { type: 'bgm', title: 'Night garden' }, tone('ogg', { seconds: 3, frequency: 250 }), 'bed.ogg')).json();
      sting = (await upload(app, owner, { type: 'sfx', title: 'Window creak' }, tone('wav', { seconds: 1, frequency: 700 }))).json();
      strangers = (await upload(app, other, { type: 'sfx', title: 'Private knock' }, tone('wav', { seconds: 1, frequency: 800 }))).json();
    });
    const put = (user: TestUser, cues: object[]) => app.inject({ method: 'PUT', url: `/api/scripts/${script.id}/cues`, headers: bearer(user), payload: { cues } });

    it('stores cues by line id and answers them with what they play', async () => {
      const [, action, romeo1, , romeo2] = script.lines.map((l) => l.id);
      const res = await put(owner, [
        { lineId: action, soundId: bed.id, at: 'bed', untilLineId: romeo2, volume: 40 },
        { lineId: romeo1, soundId: sting.id, at: 'end', volume: 90 },
      ]);
      expect(res.statusCode).toBe(200);
      const cues: CueList = res.json();
      expect(cues.cues).toEqual([
        { id: expect.any(String), lineId: action, at: 'bed', untilLineId: romeo2, volume: 40, sound: expect.objectContaining({ id: bed.id, title: 'Night garden', fileUrl: bed.fileUrl, type: 'bgm' }) },
        { id: expect.any(String), lineId: romeo1, at: 'end', untilLineId: null, volume: 90, sound: expect.objectContaining({ id: sting.id, fileUrl: sting.fileUrl }) },
      ]);
      const read = await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/cues`, headers: bearer(owner) });
      expect(read.json()).toEqual(cues);
    });

    it('survives an edit of the script: cues stay on their lines by id', async () => {
      const before: CueList = (await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/cues`, headers: bearer(owner) })).json();
      const edited = {
        ...balcony(),
        lines: script.lines.map((l) => ({ id: l.id, kind: l.kind, role: l.role, parenthetical: l.parenthetical ?? undefined, text: l.text })).concat([{ kind: 'action', role: null, text: 'A nurse calls within.' } as never]),
      };
      const res = await app.inject({ method: 'PUT', url: `/api/scripts/${script.id}`, headers: bearer(owner), payload: edited });
      expect(res.statusCode).toBe(200);
      const after: CueList = (await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/cues`, headers: bearer(owner) })).json();
      expect(after.cues.map((c) => [c.lineId, c.untilLineId])).toEqual(before.cues.map((c) => [c.lineId, c.untilLineId]));
    });

    it('refuses cues on unknown lines, beds ending before they start, others’ private sounds', async () => {
      const [, action, romeo1] = script.lines.map((l) => l.id);
      expect((await put(owner, [{ lineId: 'nope', soundId: sting.id, at: 'start', volume: 50 }])).json().message).toBe('A cue names a line that is not in this script.');
      expect((await put(owner, [{ lineId: romeo1, soundId: bed.id, at: 'bed', untilLineId: action, volume: 50 }])).json().message).toBe('A bed must end on a later line than the one it starts on.');
      expect((await put(owner, [{ lineId: romeo1, soundId: sting.id, at: 'start', untilLineId: action, volume: 50 }])).json().message).toBe('Only a bed plays until a later line.');
      const foreign = await put(owner, [{ lineId: romeo1, soundId: strangers.id, at: 'start', volume: 50 }]);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe('A cue names a sound that is not in your library or the public library.');
      expect((await put(other, [])).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/cues`, headers: bearer(other) })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/cues`, headers: bearer(owner) })).json().cues).toHaveLength(2);
    });

    it('asks before deleting a sound used as a cue and says where, then deletes with the cue', async () => {
      const first = await app.inject({ method: 'DELETE', url: `/api/sounds/${sting.id}`, headers: bearer(owner) });
      expect(first.statusCode).toBe(409);
      const body: SoundInUse = first.json();
      expect(body).toEqual({
        message: 'This sound is used as a cue on one script line. Deleting it removes that cue too.',
        uses: [{ scriptId: script.id, scriptTitle: 'Romeo and Juliet, II.2', lineId: script.lines[2].id, lineText: 'But, soft! what light through yonder window breaks?' }],
      });
      expect((await app.inject({ method: 'GET', url: `/api/sounds/${sting.id}`, headers: bearer(owner) })).statusCode).toBe(200);
      const confirmed = await app.inject({ method: 'DELETE', url: `/api/sounds/${sting.id}?confirm=true`, headers: bearer(owner) });
      expect(confirmed.statusCode).toBe(204);
      expect((await app.inject({ method: 'GET', url: `/api/sounds/${sting.id}`, headers: bearer(owner) })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: sting.fileUrl })).statusCode).toBe(404);
      const cues: CueList = (await app.inject({ method: 'GET', url: `/api/scripts/${script.id}/cues`, headers: bearer(owner) })).json();
      expect(cues.cues.map((c) => c.sound.id)).toEqual([bed.id]);
    });
  });

  describe('finding sounds without Freesound: the public library', () => {
    it('searches public sounds and copies one with its licence and attribution', async () => {
      const mine = (await upload(app, other, { type: 'sfx', title: 'Owl hoot' }, tone('mp3', { seconds: 1, frequency: 500 }))).json() as Sound;
      await app.inject({ method: 'PATCH', url: `/api/sounds/${mine.id}`, headers: bearer(other), payload: { isPublic: true, licence: 'cc0' } });
      const search = await app.inject({ method: 'GET', url: '/api/freesound/search?q=owl', headers: bearer(owner) });
      expect(search.statusCode).toBe(200);
      const results: FreesoundResults = search.json();
      expect(results.source).toBe('library');
      // Public now: its plain link, which anyone may open.
      const path = mine.fileUrl.split('?')[0];
      expect(results.items).toEqual([expect.objectContaining({ id: mine.id, title: 'Owl hoot', licence: 'cc0', previewUrl: path })]);
      const added = await app.inject({ method: 'POST', url: '/api/freesound/import', headers: bearer(owner), payload: { source: 'library', id: mine.id } });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ mine: true, title: 'Owl hoot', licence: 'cc0', isPublic: false });
      // The copy is private: its link is signed (the same bytes stay open to all while the original is public).
      expect(added.json().fileUrl).toMatch(new RegExp(`^${path}\\?expires=\\d+&sig=[\\w-]{43}$`));
      expect(added.json().attribution).toMatch(/^“Owl hoot” by /);
    });
  });
});

describe('Freesound search through a local stand-in (FREESOUND_API_KEY set)', () => {
  let app: FastifyInstance;
  let server: http.Server;
  let base: string;
  let user: TestUser;
  const seen: { url: string; auth: string | undefined }[] = [];
  const preview = tone('mp3', { seconds: 1, frequency: 330 });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/previews/1234-hq.mp3') {
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(preview);
        return;
      }
      if (req.headers.authorization !== 'Token fs-secret-key') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Authentication credentials were not provided.' }));
        return;
      }
      const sound = (id: number, license: string) => ({
        id,
        name: id === 1234 ? 'Heavy rain.wav' : 'Rain (NC)',
        username: 'fieldrecordist',
        duration: 1.02,
        tags: ['rain', 'weather'],
        license,
        url: `https://freesound.org/people/fieldrecordist/sounds/${id}/`,
        previews: { 'preview-hq-mp3': `${base}/previews/${id}-hq.mp3`, 'preview-lq-mp3': `${base}/previews/${id}-lq.mp3` },
      });
      if (url.pathname === '/apiv2/search/text/') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ count: 2, next: null, previous: null, results: [sound(1234, 'http://creativecommons.org/licenses/by/4.0/'), sound(99, 'http://creativecommons.org/licenses/by-nc/4.0/')] }),
        );
        return;
      }
      if (url.pathname === '/apiv2/sounds/1234/') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sound(1234, 'http://creativecommons.org/licenses/by/4.0/')));
      if (url.pathname === '/apiv2/sounds/99/') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sound(99, 'http://creativecommons.org/licenses/by-nc/4.0/')));
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: 'Not found.' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = await build({ FREESOUND_API_KEY: 'fs-secret-key', FREESOUND_API_BASE: `${base}/apiv2` });
    user = await createUser(app, { role: 'premium' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('searches server-side with the key, and the key never reaches the answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/freesound/search?q=heavy%20rain', headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('fs-secret-key');
    const body: FreesoundResults = res.json();
    expect(body.source).toBe('freesound');
    expect(body.items).toEqual([
      {
        id: '1234',
        title: 'Heavy rain.wav',
        author: 'fieldrecordist',
        durationMs: 1020,
        tags: ['rain', 'weather'],
        previewUrl: `${base}/previews/1234-hq.mp3`,
        licence: 'cc-by',
        licenceName: 'CC BY 4.0',
        attribution: '“Heavy rain.wav” by fieldrecordist (Freesound), CC BY 4.0: https://freesound.org/people/fieldrecordist/sounds/1234/',
        sourceUrl: 'https://freesound.org/people/fieldrecordist/sounds/1234/',
      },
      expect.objectContaining({ id: '99', licence: null, licenceName: 'CC BY-NC 4.0' }),
    ]);
    const search = seen.find((s) => s.url.startsWith('/apiv2/search/text/'));
    expect(search?.auth).toBe('Token fs-secret-key');
    expect(search?.url).toContain('query=heavy%20rain');
  });

  it('adds a Freesound sound to my library with its licence and attribution', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/freesound/import', headers: bearer(user), payload: { source: 'freesound', id: '1234', type: 'bgm' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      mine: true,
      title: 'Heavy rain.wav',
      type: 'bgm',
      licence: 'cc-by',
      attribution: '“Heavy rain.wav” by fieldrecordist (Freesound), CC BY 4.0: https://freesound.org/people/fieldrecordist/sounds/1234/',
      sourceUrl: 'https://freesound.org/people/fieldrecordist/sounds/1234/',
      contentType: 'audio/mpeg',
      byteSize: preview.length,
      tags: ['rain', 'weather'],
    });
    const nc = await app.inject({ method: 'POST', url: '/api/freesound/import', headers: bearer(user), payload: { source: 'freesound', id: '99' } });
    expect(nc.statusCode).toBe(400);
    expect(nc.json().message).toBe('This sound’s licence does not let it be copied into a library (only CC0 and CC BY are taken).');
    const missing = await app.inject({ method: 'POST', url: '/api/freesound/import', headers: bearer(user), payload: { source: 'freesound', id: '5' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This Freesound sound was not found.');
  });
});

