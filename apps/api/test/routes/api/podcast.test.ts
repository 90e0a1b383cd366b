import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { XMLValidator } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import Parser from 'rss-parser';
import { bearer, build, createUser, type TestUser } from '../../helper';
import { pngHeader } from '../../fixtures/audio';
import { toneFile } from '../../fixtures/podcast-audio';
import { PUBLISH_DUE_JOB } from '../../../src/services/podcast/podcast';
import { buildFeed } from '../../../src/services/podcast/podcast-feed';

/**
 * The podcast variant through HTTP against a real database: channels, episodes with
 * real ffmpeg-made audio, publishing (now, scheduled by the job, unpublished), ranges, the feed
 * parsed by a podcast feed parser, share links, follows, favourites, positions, playlists, plays.
 */

/** multipart/form-data: text fields first, then one file part, as the upload form sends it. */
function form(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = '----voxpodcast' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An audio file's id: the SHA-256 of its bytes. */
const toneFileId = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The text as HTML shows it: what content:encoded carries. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CHANNEL = { title: 'Night Shift Radio', description: 'Audio drama from the late shift.', category: 'Fiction', language: 'en', explicit: false };

describe('podcast variant', () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let listener: TestUser;
  let channelId: string;
  const mp3 = toneFile(3, 'mp3');

  beforeAll(async () => {
    process.env.PODCAST_MAX_AUDIO_BYTES = String(400 * 1024);
    app = await build({ PUBLIC_URL: 'https://voxclub.example' });
    delete process.env.PODCAST_MAX_AUDIO_BYTES;
    owner = await createUser(app, { handle: 'nightshift' });
    await app.db.updateTable('users').set({ name: 'Nina Night' }).where('id', '=', owner.id).execute();
    listener = await createUser(app, { handle: 'listener' });
    const res = await app.inject({ method: 'POST', url: '/api/podcast/channels', headers: bearer(owner), payload: CHANNEL });
    expect(res.statusCode).toBe(201);
    channelId = res.json().id;
  });
  afterAll(async () => app.close());

  async function upload(fields: Record<string, string>, bytes = mp3, user = owner, type = 'audio/mpeg') {
    const { payload, headers } = form(fields, { field: 'audio', name: 'episode.mp3', type, bytes });
    return app.inject({ method: 'POST', url: `/api/podcast/channels/${channelId}/episodes`, headers: { ...headers, ...bearer(user) }, payload });
  }

  describe('channels', () => {
    it('creates a channel with its feed URL and owner', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}` });
      expect(res.statusCode).toBe(200);
      const { channel, isOwner, following } = res.json();
      // No author given: the owner's name.
      expect(channel).toMatchObject({ ...CHANNEL, author: 'Nina Night', cover: null, episodeCount: 0, owner: { id: owner.id, handle: 'nightshift' } });
      expect(channel.feedUrl).toMatch(new RegExp(`/api/podcast/channels/${channelId}/feed\\.xml$`));
      expect([isOwner, following]).toEqual([false, false]);
    });

    it('refuses a blank title, an unknown category and a malformed language with readable texts', async () => {
      for (const [change, message] of [
        [{ title: '   ' }, 'Please give it a title.'],
        [{ category: 'Cooking' }, 'Please choose one of the listed categories.'],
        [{ language: 'English' }, 'Please give the language as a code such as en or en-GB.'],
      ] as const) {
        const res = await app.inject({ method: 'POST', url: '/api/podcast/channels', headers: bearer(owner), payload: { ...CHANNEL, ...change } });
        expect([res.statusCode, res.json()]).toEqual([400, { message }]);
      }
      const anonymous = await app.inject({ method: 'POST', url: '/api/podcast/channels', payload: CHANNEL });
      expect(anonymous.statusCode).toBe(401);
    });

    it('lets only the owner edit it', async () => {
      const other = await app.inject({ method: 'PATCH', url: `/api/podcast/channels/${channelId}`, headers: bearer(listener), payload: { title: 'Mine now' } });
      expect([other.statusCode, other.json()]).toEqual([403, { message: 'Only the channel’s owner can do this.' }]);
      const res = await app.inject({ method: 'PATCH', url: `/api/podcast/channels/${channelId}`, headers: bearer(owner), payload: { description: 'Stories for the small hours.', explicit: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Night Shift Radio', description: 'Stories for the small hours.', explicit: true });
      await app.inject({ method: 'PATCH', url: `/api/podcast/channels/${channelId}`, headers: bearer(owner), payload: { explicit: false } });
    });

    it('lists channels logged out, with search and categories', async () => {
      const second = await app.inject({ method: 'POST', url: '/api/podcast/channels', headers: bearer(listener), payload: { ...CHANNEL, title: 'Garden Talk', author: 'Rosa Gardener', description: 'Weeds & roses', category: 'Leisure' } });
      expect(second.statusCode).toBe(201);
      const all = (await app.inject({ method: 'GET', url: '/api/podcast/channels' })).json();
      expect(all.channels.map((c: { title: string }) => c.title)).toEqual(['Garden Talk', 'Night Shift Radio']);
      expect(all.categories).toEqual(['Fiction', 'Leisure']);
      const found = (await app.inject({ method: 'GET', url: '/api/podcast/channels?q=SMALL%20HOURS' })).json();
      expect(found.channels.map((c: { title: string }) => c.title)).toEqual(['Night Shift Radio']);
      const byCategory = (await app.inject({ method: 'GET', url: '/api/podcast/channels?category=Leisure' })).json();
      expect(byCategory.channels.map((c: { title: string }) => c.title)).toEqual(['Garden Talk']);
      // A % in the search is a character, not a wildcard.
      const literal = (await app.inject({ method: 'GET', url: '/api/podcast/channels?q=%25' })).json();
      expect(literal.channels).toEqual([]);
    });

    it('names its author: the owner’s name unless given; a member without a name must give one, and it never goes blank', async () => {
      const nameless = await createUser(app, { handle: 'nameless' });
      const refused = await app.inject({ method: 'POST', url: '/api/podcast/channels', headers: bearer(nameless), payload: CHANNEL });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'Please name the author: podcast apps show it with every episode.' }]);
      expect(await app.db.selectFrom('podcast_channels').select('id').where('owner_id', '=', nameless.id).execute()).toEqual([]);
      const created = await app.inject({ method: 'POST', url: '/api/podcast/channels', headers: bearer(nameless), payload: { ...CHANNEL, title: 'Late Readers Hour', author: '  The Late Readers ' } });
      expect([created.statusCode, created.json().author]).toEqual([201, 'The Late Readers']);
      const id = created.json().id as string;
      const blank = await app.inject({ method: 'PATCH', url: `/api/podcast/channels/${id}`, headers: bearer(nameless), payload: { author: ' ' } });
      expect([blank.statusCode, blank.json()]).toEqual([400, { message: 'Please name the author: podcast apps show it with every episode.' }]);
      const renamed = await app.inject({ method: 'PATCH', url: `/api/podcast/channels/${id}`, headers: bearer(nameless), payload: { author: 'Late Readers Co.' } });
      expect([renamed.statusCode, renamed.json().author]).toEqual([200, 'Late Readers Co.']);
      const feed = await app.inject({ method: 'GET', url: `/api/podcast/channels/${id}/feed.xml` });
      const rss = await new Parser({ customFields: { feed: ['itunes:author' as never] } }).parseString(feed.body);
      expect(rss.itunes?.author).toBe('Late Readers Co.');
      expect(feed.body).toContain('<itunes:name>Late Readers Co.</itunes:name>');
      expect(feed.body).not.toContain('Guest');
    });

    it('answers 404 for an unknown channel', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/podcast/channels/NoSuchChannel1' });
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'This channel was not found.' }]);
    });
  });

  describe('episodes', () => {
    let episodeId: string;

    it('uploads real audio: type from the bytes, exact size, duration read from the file', async () => {
      const res = await upload({ title: 'Pilot', notes: 'Where it all starts.', season: '1', episode: '1', publish: 'now' });
      expect([res.statusCode, res.json().message]).toEqual([201, undefined]);
      const episode = res.json();
      episodeId = episode.id;
      expect(episode).toMatchObject({ title: 'Pilot', notes: 'Where it all starts.', season: 1, episode: 1, status: 'published', contentType: 'audio/mpeg', byteSize: mp3.length });
      expect(Math.abs(episode.durationMs - 3000)).toBeLessThan(100);
      expect(episode.audioUrl).toMatch(/^\/api\/podcast\/audio\/[0-9a-f]{64}\.mp3$/);
      expect(episode.publishedAt).toEqual(expect.any(String));
    });

    it('serves the audio with ranges: 206 with exactly those bytes, 416 past the end', async () => {
      const { episode } = (await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}` })).json();
      const whole = await app.inject({ method: 'GET', url: episode.audioUrl });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mpeg');
      expect(whole.rawPayload.equals(mp3)).toBe(true);
      const part = await app.inject({ method: 'GET', url: episode.audioUrl, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${mp3.length}`);
      expect(part.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);
      const past = await app.inject({ method: 'GET', url: episode.audioUrl, headers: { range: `bytes=${mp3.length + 10}-` } });
      expect([past.statusCode, past.headers['content-range']]).toEqual([416, `bytes */${mp3.length}`]);
    });

    it('refuses what is not audio, a missing file and a file over the cap, keeping nothing', async () => {
      const png = await upload({ title: 'Picture' }, pngHeader(), owner, 'audio/mpeg');
      expect([png.statusCode, png.json()]).toEqual([415, { message: 'This file is not audio we can publish. Please upload MP3, M4A, WAV, Ogg or WebM.' }]);
      const { payload, headers } = form({ title: 'Nothing' });
      const missing = await app.inject({ method: 'POST', url: `/api/podcast/channels/${channelId}/episodes`, headers: { ...headers, ...bearer(owner) }, payload });
      expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'Please choose an audio file to upload.' }]);
      // The cap is 400 KB in this app (PODCAST_MAX_AUDIO_BYTES); a 30 s WAV at 22 kHz is ~1.3 MB.
      const big = await upload({ title: 'Too long' }, toneFile(30, 'wav'), owner, 'audio/wav');
      expect([big.statusCode, big.json()]).toEqual([413, { message: 'The audio file is larger than 400 KB.' }]);
      const noTitle = await upload({ title: ' ' });
      expect([noTitle.statusCode, noTitle.json()]).toEqual([400, { message: 'Please give it a title.' }]);
      const other = await upload({ title: 'Not mine' }, mp3, listener);
      expect(other.statusCode).toBe(403);
      const { episodes } = (await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}`, headers: bearer(owner) })).json();
      expect(episodes.map((e: { title: string }) => e.title)).toEqual(['Pilot']);
    });

    it('keeps drafts and scheduled episodes from everyone but the owner', async () => {
      const draft = (await upload({ title: 'Rough cut', publish: 'draft' }, toneFile(2, 'wav'), owner, 'audio/wav')).json();
      expect(draft).toMatchObject({ status: 'draft', contentType: 'audio/wav', publishedAt: null });
      const anonymous = await app.inject({ method: 'GET', url: `/api/podcast/episodes/${draft.id}` });
      expect([anonymous.statusCode, anonymous.json()]).toEqual([404, { message: 'This episode was not found.' }]);
      const mine = await app.inject({ method: 'GET', url: `/api/podcast/episodes/${draft.id}`, headers: bearer(owner) });
      expect(mine.json()).toMatchObject({ isOwner: true, episode: { status: 'draft' } });
      // Its audio opens only by the signed, expiring link the owner's answers carry, and stays
      // out of shared caches; the bare path (the audio's hash) is not enough.
      const path = `/api/podcast/audio/${toneFileId(toneFile(2, 'wav'))}.wav`;
      expect(draft.audioUrl).toMatch(new RegExp(`^${path.replace(/\./g, '\\.')}\\?expires=\\d+&sig=[\\w-]{43}$`));
      const bare = await app.inject({ method: 'GET', url: path });
      expect([bare.statusCode, bare.json()]).toEqual([404, { message: 'This episode was not found.' }]);
      const expired = await app.inject({ method: 'GET', url: app.fileLinks.sign(path, Date.now() - 2 * 24 * 3600_000) });
      expect(expired.statusCode).toBe(404);
      const signed = await app.inject({ method: 'GET', url: draft.audioUrl, headers: { range: 'bytes=0-3' } });
      expect([signed.statusCode, signed.headers['cache-control'], signed.rawPayload.toString('latin1')]).toEqual([206, 'private, max-age=31536000, immutable', 'RIFF']);
      // Published, the plain path is anyone's and any cache may keep it.
      const published = await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${draft.id}`, headers: bearer(owner), payload: { publish: 'now' } });
      expect(published.json()).toMatchObject({ status: 'published', audioUrl: path });
      const open = await app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-3' } });
      expect([open.statusCode, open.headers['cache-control']]).toEqual([206, 'public, max-age=31536000, immutable']);
      await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${draft.id}`, headers: bearer(owner), payload: { publish: 'draft' } });
      const list = (await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}` })).json();
      expect(list.episodes.map((e: { title: string }) => e.title)).toEqual(['Pilot']);
      await app.inject({ method: 'DELETE', url: `/api/podcast/episodes/${draft.id}`, headers: bearer(owner) });
    });

    it('schedules an episode and the job publishes it when its time comes', async () => {
      const past = await upload({ title: 'Late', publish: 'scheduled', publishAt: '2020-01-01T00:00:00Z' });
      expect([past.statusCode, past.json()]).toEqual([400, { message: 'The publish date must be in the future; choose “Publish now” instead.' }]);
      const at = new Date(Date.now() + 3600_000).toISOString();
      const scheduled = (await upload({ title: 'Next week', publish: 'scheduled', publishAt: at }, toneFile(2, 'mp3', 660))).json();
      expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: at, publishedAt: null });
      expect((await app.inject({ method: 'GET', url: `/api/podcast/episodes/${scheduled.id}` })).statusCode).toBe(404);
      // Not yet due: the job leaves it alone.
      await app.jobs.enqueue(PUBLISH_DUE_JOB, {});
      await app.jobs.idle();
      expect((await app.inject({ method: 'GET', url: `/api/podcast/episodes/${scheduled.id}` })).statusCode).toBe(404);
      // Its time comes (moved back, as the clock would move forward).
      const due = new Date(Date.now() - 1000).toISOString();
      await app.db.updateTable('podcast_episodes').set({ publish_at: due }).where('id', '=', scheduled.id).execute();
      await app.jobs.enqueue(PUBLISH_DUE_JOB, {});
      await app.jobs.idle();
      const published = await app.inject({ method: 'GET', url: `/api/podcast/episodes/${scheduled.id}` });
      expect(published.statusCode).toBe(200);
      expect(published.json().episode).toMatchObject({ status: 'published', publishedAt: due });
      await app.inject({ method: 'DELETE', url: `/api/podcast/episodes/${scheduled.id}`, headers: bearer(owner) });
    });

    it('edits, unpublishes and republishes', async () => {
      const edit = await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${episodeId}`, headers: bearer(owner), payload: { title: 'Pilot (remastered)', season: 2, episode: null } });
      expect(edit.json()).toMatchObject({ title: 'Pilot (remastered)', season: 2, episode: null, status: 'published' });
      const publishedAt = edit.json().publishedAt;
      const hidden = await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${episodeId}`, headers: bearer(owner), payload: { publish: 'draft' } });
      expect(hidden.json()).toMatchObject({ status: 'draft', publishedAt: null });
      expect((await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}` })).statusCode).toBe(404);
      const other = await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${episodeId}`, headers: bearer(listener), payload: { publish: 'now' } });
      expect(other.statusCode).toBe(404);
      const again = await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${episodeId}`, headers: bearer(owner), payload: { publish: 'now', title: 'Pilot', season: 1, episode: 1 } });
      expect(again.json()).toMatchObject({ status: 'published' });
      expect(again.json().publishedAt >= publishedAt).toBe(true);
    });

    it('takes chapters and a WebVTT transcript, and refuses bad ones', async () => {
      const badChapters = await app.inject({
        method: 'PATCH',
        url: `/api/podcast/episodes/${episodeId}`,
        headers: bearer(owner),
        payload: { chapters: [{ startTime: 2, title: 'B' }, { startTime: 1, title: 'A' }] },
      });
      expect([badChapters.statusCode, badChapters.json()]).toEqual([400, { message: 'Chapters need a start time (seconds from the start) and a title, in order of their start.' }]);
      const badVtt = await app.inject({ method: 'PATCH', url: `/api/podcast/episodes/${episodeId}`, headers: bearer(owner), payload: { transcript: 'Hello' } });
      expect([badVtt.statusCode, badVtt.json()]).toEqual([400, { message: 'The transcript must be WebVTT: it starts with the line WEBVTT.' }]);
      const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\n<v NARRATOR (Ada)>Night falls.\n';
      const ok = await app.inject({
        method: 'PATCH',
        url: `/api/podcast/episodes/${episodeId}`,
        headers: bearer(owner),
        payload: { chapters: [{ startTime: 0, title: 'Cold open' }, { startTime: 1.5, title: 'Scene 2' }], transcript: vtt },
      });
      expect(ok.json()).toMatchObject({ chapters: [{ startTime: 0, title: 'Cold open' }, { startTime: 1.5, title: 'Scene 2' }], hasTranscript: true });
      const chapters = await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}/chapters.json` });
      expect(chapters.headers['content-type']).toMatch(/^application\/json\+chapters/);
      expect(chapters.json()).toEqual({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Cold open' }, { startTime: 1.5, title: 'Scene 2' }] });
      const transcript = await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}/transcript.vtt` });
      expect(transcript.headers['content-type']).toMatch(/^text\/vtt/);
      expect(transcript.body).toBe(vtt);
    });

    it('writes a feed podcast apps accept: parsed by podcast-partytime, valid XML', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}/feed.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(XMLValidator.validate(res.body)).toBe(true);
      const feed = parseFeed(res.body);
      if (!feed) throw new Error('The feed did not parse.');
      expect(feed).toMatchObject({ title: 'Night Shift Radio', description: 'Stories for the small hours.', language: 'en', author: 'Nina Night', explicit: false });
      // partytime lower-cases the category it read from itunes:category text="Fiction".
      expect(feed.categories).toEqual(['fiction']);
      expect(res.body).toContain('<itunes:category text="Fiction"/>');
      expect(feed.items).toHaveLength(1);
      const [item] = feed.items;
      const { episode } = (await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}` })).json();
      expect(item.title).toBe('Pilot');
      expect(item.link).toBe(`https://podcast.voxclub.example/podcast-ep/${episodeId}`);
      expect(feed.link).toBe(`https://podcast.voxclub.example/channel/${channelId}`);
      expect(item.guid).toBe(episodeId);
      expect(item.enclosure).toEqual({ url: `https://voxclub.example${episode.audioUrl}`, length: mp3.length, type: 'audio/mpeg' });
      expect(item.duration).toBe(3);
      expect(item.pubDate?.toISOString()).toBe(new Date(episode.publishedAt).toISOString().replace(/\.\d{3}Z$/, '.000Z'));
      expect([item.itunesSeason, item.itunesEpisode]).toEqual([1, 1]);
      expect(item.podcastChapters).toEqual({ url: `https://voxclub.example/api/podcast/episodes/${episodeId}/chapters.json`, type: 'application/json+chapters' });
      expect(item.podcastTranscripts).toEqual([{ url: `https://voxclub.example/api/podcast/episodes/${episodeId}/transcript.vtt`, type: 'text/vtt', language: 'en', rel: 'captions' }]);
      // The enclosure answers ranges, as apps ask.
      const range = await app.inject({ method: 'GET', url: new URL(item.enclosure.url).pathname, headers: { range: 'bytes=0-1' } });
      expect(range.statusCode).toBe(206);
    });

    it('shows the cover in the feed once set', async () => {
      const sharp = (await import('sharp')).default;
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff01cd' } }).png().toBuffer();
      const { payload, headers } = form({}, { field: 'cover', name: 'cover.png', type: 'image/png', bytes: png });
      const res = await app.inject({ method: 'POST', url: `/api/podcast/channels/${channelId}/cover`, headers: { ...headers, ...bearer(owner) }, payload });
      expect(res.statusCode).toBe(200);
      expect(res.json().cover).toMatch(/^\/api\/users\/photo\//);
      const feed = parseFeed((await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}/feed.xml` })).body);
      expect(feed?.itunesImage).toBe(`https://voxclub.example${res.json().cover}`);
      expect(feed?.image?.url).toBe(`https://voxclub.example${res.json().cover}`);
    });

    it('shares an episode by a link anyone can open, from a time, until it is revoked', async () => {
      const created = await app.inject({ method: 'POST', url: `/api/podcast/episodes/${episodeId}/share-links`, headers: bearer(owner), payload: { startSeconds: 2 } });
      expect(created.statusCode).toBe(201);
      const link = created.json();
      expect(link.url).toBe(`https://podcast.voxclub.example/podcast-ep/${link.id}?t=2`);
      const tooLate = await app.inject({ method: 'POST', url: `/api/podcast/episodes/${episodeId}/share-links`, headers: bearer(owner), payload: { startSeconds: 60 } });
      expect([tooLate.statusCode, tooLate.json()]).toEqual([400, { message: 'The start time must be within the episode.' }]);
      const opened = await app.inject({ method: 'GET', url: `/api/podcast/share/${link.id}` });
      expect(opened.json()).toMatchObject({ startSeconds: 2, episode: { id: episodeId, title: 'Pilot' }, channel: { id: channelId } });
      const stranger = await app.inject({ method: 'DELETE', url: `/api/podcast/share/${link.id}`, headers: bearer(listener) });
      expect(stranger.statusCode).toBe(403);
      const revoked = await app.inject({ method: 'DELETE', url: `/api/podcast/share/${link.id}`, headers: bearer(owner) });
      expect(revoked.json()).toMatchObject({ revoked: true });
      const gone = await app.inject({ method: 'GET', url: `/api/podcast/share/${link.id}` });
      expect([gone.statusCode, gone.json()]).toEqual([404, { message: 'This share link does not exist or was revoked.' }]);
      // The episode's own id opens its page for anyone while it is published.
      const page = await app.inject({ method: 'GET', url: `/api/podcast/share/${episodeId}` });
      expect(page.json()).toMatchObject({ startSeconds: null, isOwner: false, episode: { id: episodeId } });
      const list = await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}/share-links`, headers: bearer(owner) });
      expect(list.json().links.map((l: { revoked: boolean }) => l.revoked)).toEqual([true]);
    });

    it('follows, favourites, saves the position (resumed on another device) and builds home and history', async () => {
      const follow = await app.inject({ method: 'PUT', url: `/api/podcast/channels/${channelId}/follow`, headers: bearer(listener) });
      expect(follow.json().following).toBe(true);
      const favorite = await app.inject({ method: 'PUT', url: `/api/podcast/favorites/${episodeId}`, headers: bearer(listener) });
      expect(favorite.json()).toMatchObject({ id: episodeId, favorite: true });
      const saved = await app.inject({ method: 'PUT', url: `/api/podcast/positions/${episodeId}`, headers: bearer(listener), payload: { positionMs: 1200 } });
      expect(saved.json()).toMatchObject({ episodeId, positionMs: 1200 });
      // Past the end is kept at the end.
      const clamped = await app.inject({ method: 'PUT', url: `/api/podcast/positions/${episodeId}`, headers: bearer(listener), payload: { positionMs: 999_999 } });
      const duration = clamped.json().positionMs;
      expect(Math.abs(duration - 3000)).toBeLessThan(100);
      await app.inject({ method: 'PUT', url: `/api/podcast/positions/${episodeId}`, headers: bearer(listener), payload: { positionMs: 1200 } });
      // Another device: a fresh token of the same member reads the same position.
      const otherDevice = { token: await app.signAccessToken(listener.id) };
      const { episode } = (await app.inject({ method: 'GET', url: `/api/podcast/episodes/${episodeId}`, headers: bearer(otherDevice) })).json();
      expect(episode).toMatchObject({ positionMs: 1200, favorite: true });
      const history = (await app.inject({ method: 'GET', url: '/api/podcast/history', headers: bearer(listener) })).json();
      expect(history.entries.map((e: { episode: { id: string }; positionMs: number }) => [e.episode.id, e.positionMs])).toEqual([[episodeId, 1200]]);
      const home = (await app.inject({ method: 'GET', url: '/api/podcast/home', headers: bearer(listener) })).json();
      expect(home.newEpisodes.map((e: { id: string }) => e.id)).toEqual([episodeId]);
      expect(home.favorites.map((e: { id: string }) => e.id)).toEqual([episodeId]);
      expect(home.following.map((c: { id: string }) => c.id)).toEqual([channelId]);
      // 3 s long: less than 30 s are left, so it does not count as "continue listening".
      expect(home.continueListening).toEqual([]);
      const favorites = (await app.inject({ method: 'GET', url: '/api/podcast/favorites', headers: bearer(listener) })).json();
      expect(favorites.episodes.map((e: { id: string }) => e.id)).toEqual([episodeId]);
      const unfavorite = await app.inject({ method: 'DELETE', url: `/api/podcast/favorites/${episodeId}`, headers: bearer(listener) });
      expect(unfavorite.json().favorite).toBe(false);
      const unfollow = await app.inject({ method: 'DELETE', url: `/api/podcast/channels/${channelId}/follow`, headers: bearer(listener) });
      expect(unfollow.json().following).toBe(false);
    });

    it("refuses a second playlist of the same name (in any case), on creating and on renaming; others' names are theirs", async () => {
      const make = (title: string, who = listener) => app.inject({ method: 'POST', url: '/api/podcast/playlists', headers: bearer(who), payload: { title } });
      const first = await make('Road trip');
      expect(first.statusCode).toBe(201);
      const taken = { message: 'You already have a playlist with this name. Choose another name.' };
      for (const title of ['Road trip', ' road TRIP ']) {
        const again = await make(title);
        expect([again.statusCode, again.json()]).toEqual([409, taken]);
      }
      expect((await make('Road trip', owner)).statusCode).toBe(201);
      const other = (await make('Gym')).json();
      const rename = await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${other.id}`, headers: bearer(listener), payload: { title: 'ROAD TRIP' } });
      expect([rename.statusCode, rename.json()]).toEqual([409, taken]);
      // Its own name, in another case, is still its own.
      const same = await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${first.json().id}`, headers: bearer(listener), payload: { title: 'Road Trip' } });
      expect([same.statusCode, same.json().title]).toEqual([200, 'Road Trip']);
      for (const id of [first.json().id, other.id]) {
        expect((await app.inject({ method: 'DELETE', url: `/api/podcast/playlists/${id}`, headers: bearer(listener) })).statusCode).toBe(204);
      }
    });

    it('keeps ordered playlists: add, no duplicates, reorder, remove, public or private', async () => {
      const second = (await upload({ title: 'Episode two', publish: 'now', episode: '2' }, toneFile(2, 'mp3', 550))).json();
      const created = await app.inject({ method: 'POST', url: '/api/podcast/playlists', headers: bearer(listener), payload: { title: ' Commute ' } });
      expect(created.statusCode).toBe(201);
      const playlistId = created.json().id;
      expect(created.json()).toMatchObject({ title: 'Commute', public: false, isOwner: true, episodes: [] });
      await app.inject({ method: 'POST', url: `/api/podcast/playlists/${playlistId}/episodes`, headers: bearer(listener), payload: { episodeId } });
      const both = await app.inject({ method: 'POST', url: `/api/podcast/playlists/${playlistId}/episodes`, headers: bearer(listener), payload: { episodeId: second.id } });
      expect(both.json().episodes.map((e: { id: string }) => e.id)).toEqual([episodeId, second.id]);
      const duplicate = await app.inject({ method: 'POST', url: `/api/podcast/playlists/${playlistId}/episodes`, headers: bearer(listener), payload: { episodeId } });
      expect([duplicate.statusCode, duplicate.json()]).toEqual([409, { message: 'This episode is already in the playlist.' }]);
      const reordered = await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(listener), payload: { episodeIds: [second.id, episodeId], title: 'Morning commute' } });
      expect(reordered.json()).toMatchObject({ title: 'Morning commute', episodeCount: 2 });
      expect(reordered.json().episodes.map((e: { id: string }) => e.id)).toEqual([second.id, episodeId]);
      const bad = await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(listener), payload: { episodeIds: [second.id, 'SomethingElse123'] } });
      expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'The new order must list exactly the playlist’s episodes.' }]);
      // Private: others and anonymous visitors are told it does not exist.
      expect((await app.inject({ method: 'GET', url: `/api/podcast/playlists/${playlistId}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(owner) })).statusCode).toBe(404);
      await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(listener), payload: { public: true } });
      const shared = await app.inject({ method: 'GET', url: `/api/podcast/playlists/${playlistId}` });
      expect(shared.json()).toMatchObject({ title: 'Morning commute', public: true, isOwner: false });
      const meddle = await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(owner), payload: { title: 'Mine' } });
      expect([meddle.statusCode, meddle.json()]).toEqual([403, { message: 'Only the playlist’s owner can change it.' }]);
      const removed = await app.inject({ method: 'PATCH', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(listener), payload: { episodeIds: [episodeId] } });
      expect(removed.json().episodes.map((e: { id: string }) => e.id)).toEqual([episodeId]);
      const mine = (await app.inject({ method: 'GET', url: '/api/podcast/playlists', headers: bearer(listener) })).json();
      expect(mine.playlists.map((p: { title: string; episodeCount: number }) => [p.title, p.episodeCount])).toEqual([['Morning commute', 1]]);
      expect((await app.inject({ method: 'DELETE', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(listener) })).statusCode).toBe(204);
      expect((await app.inject({ method: 'GET', url: `/api/podcast/playlists/${playlistId}`, headers: bearer(listener) })).statusCode).toBe(404);
      await app.inject({ method: 'DELETE', url: `/api/podcast/episodes/${second.id}`, headers: bearer(owner) });
    });

    it('counts plays once per listener per day and shows them to the owner only', async () => {
      const play = (headers: Record<string, string>, payload: object = {}) =>
        app.inject({ method: 'POST', url: `/api/podcast/episodes/${episodeId}/plays`, headers, payload });
      expect((await play(bearer(listener))).json()).toEqual({ counted: true });
      expect((await play(bearer(listener))).json()).toEqual({ counted: false });
      expect((await play({}, { listener: 'browser-aaaaaaaa' })).json()).toEqual({ counted: true });
      expect((await play({}, { listener: 'browser-aaaaaaaa' })).json()).toEqual({ counted: false });
      expect((await play({}, { listener: 'browser-bbbbbbbb' })).json()).toEqual({ counted: true });
      const stats = await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}/stats`, headers: bearer(owner) });
      const { days, episodes } = stats.json();
      expect(days).toHaveLength(30);
      expect(days[29]).toBe(new Date().toISOString().slice(0, 10));
      const pilot = episodes.find((e: { episodeId: string }) => e.episodeId === episodeId);
      expect([pilot.plays[29], pilot.total]).toEqual([3, 3]);
      const other = await app.inject({ method: 'GET', url: `/api/podcast/channels/${channelId}/stats`, headers: bearer(listener) });
      expect(other.statusCode).toBe(403);
    });
  });

  describe('a feed full of hostile text', () => {
    // What members type goes into the feed: a `]]>` would end a CDATA section, markup must stay
    // text, and BEL, VT, ESC and U+FFFE are characters no XML may carry, not even escaped.
    const BAD = '\u0007\u000b\u001b\ufffe';
    const TYPED = ']]> <b>R&D</b> <![CDATA[x]]> </channel>';
    // Typed text that looks like entities: as typed to rss-parser, which takes the XML as it is.
    const ENTITY_LIKE = '&amp; &lt;script&gt; &nbsp;';
    const hostile = (text: string) => `${text} ${TYPED} ${ENTITY_LIKE}${BAD}`;
    const clean = (text: string) => `${text} ${TYPED} ${ENTITY_LIKE}`;

    it('stays XML podcast apps read, with every text as typed less what XML forbids', async () => {
      const author = await createUser(app, { handle: 'hostile' });
      await app.db.updateTable('users').set({ name: hostile('Ann') }).where('id', '=', author.id).execute();
      const created = await app.inject({
        method: 'POST',
        url: '/api/podcast/channels',
        headers: bearer(author),
        payload: { ...CHANNEL, title: hostile('Night'), description: hostile('Small hours') },
      });
      expect(created.statusCode).toBe(201);
      const hostileChannel = created.json().id as string;
      const notes = `${hostile('Cast: Juliet')}\nSecond line <script>alert(1)</script>\n\n${hostile('Credits')}`;
      const { payload, headers } = form({ title: hostile('Pilot'), notes, publish: 'now' }, { field: 'audio', name: 'e.mp3', type: 'audio/mpeg', bytes: mp3 });
      const uploaded = await app.inject({ method: 'POST', url: `/api/podcast/channels/${hostileChannel}/episodes`, headers: { ...headers, ...bearer(author) }, payload });
      expect([uploaded.statusCode, uploaded.json().message]).toEqual([201, undefined]);

      const res = await app.inject({ method: 'GET', url: `/api/podcast/channels/${hostileChannel}/feed.xml` });
      expect(res.statusCode).toBe(200);
      expect(XMLValidator.validate(res.body)).toBe(true);
      expect(res.body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe]/);

      const rss = await new Parser({ customFields: { feed: ['itunes:author' as never] } }).parseString(res.body);
      expect([rss.title, rss.description, rss.itunes?.author]).toEqual([clean('Night'), clean('Small hours'), clean('Ann')]);
      expect(rss.items).toHaveLength(1);
      const [item] = rss.items;
      expect(item.title).toBe(clean('Pilot'));
      expect(item.content).toBe(notes.replaceAll(BAD, ''));
      expect(item['content:encoded']).toBe(
        `<p>${escapeHtml(clean('Cast: Juliet'))}<br/>Second line &lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>${escapeHtml(clean('Credits'))}</p>`,
      );

      // podcast-partytime reads texts as HTML once more (decoding what looks like entities, as
      // many podcast apps do): the rest arrives as typed.
      const feed = parseFeed(res.body);
      if (!feed) throw new Error('The feed did not parse.');
      const asTyped = (text: string) => `${text} ${TYPED} `;
      const [episodeItem] = feed.items;
      expect({
        title: feed.title.startsWith(asTyped('Night')),
        description: feed.description.startsWith(asTyped('Small hours')),
        author: feed.author?.startsWith(asTyped('Ann')),
        episodeTitle: episodeItem.title?.startsWith(asTyped('Pilot')),
      }).toEqual({ title: true, description: true, author: true, episodeTitle: true });
      // It also folds white space: one line.
      expect(episodeItem.description).toBe(`Cast: Juliet ${TYPED} & <script> Second line <script>alert(1)</script> Credits ${TYPED} & <script>`);
    });

    it('drops a NUL as well (SQLite keeps one in a title; PostgreSQL text cannot hold it)', async () => {
      const person = { id: 'u1', handle: 'nul', name: 'A\u0000nn', photo: null };
      const channel = { ...CHANNEL, id: 'c1', title: 'Ni\u0000ght\u0007', description: '', cover: null, owner: person, episodeCount: 0, feedUrl: 'https://x.example/f.xml', createdAt: '2026-01-01T00:00:00.000Z' };
      const xml = buildFeed({ ...channel, pageUrl: 'https://x.example/c', author: person.name, imageUrl: null }, []);
      expect(XMLValidator.validate(xml)).toBe(true);
      const rss = await new Parser({ customFields: { feed: ['itunes:author' as never] } }).parseString(xml);
      expect([rss.title, rss.itunes?.author]).toEqual(['Night', 'Ann']);
    });
  });
});
