import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { saveScript } from '../../src/repositories/scripts';
import { createSession } from '../../src/repositories/sessions';
import { createShareLink, revokeShareLink } from '../../src/repositories/share-links';
import { newId } from '../../src/db/ids';
import { bearer, build, createUser, type TestUser } from '../helper';
import { toneFile } from '../fixtures/podcast-audio';

/**
 * Public pages through HTTP against a real database: each shareable path's head (title,
 * description, canonical and Open Graph / Twitter tags) for what is public, the generic head and
 * nothing of the object for what is not, escaping, the generated cards, the episode embed and its
 * oEmbed answer, robots.txt and sitemaps per host, noindex from the route table, and the CSP per path.
 */

const FIRST_SCRIPT = 'window.__first=1;';
const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="description" content="VoxClub: read and write scripts." /><title>VoxClub</title><script>${FIRST_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const MANIFEST = { main: '/remotes/main/remoteEntry.js', school: '/remotes/school/remoteEntry.js', dashboard: '/remotes/dashboard/remoteEntry.js', podcast: '/remotes/podcast/remoteEntry.js' };
// As the build writes them from the route table (tools/first-load/route-preloads.cjs): gated routes say so.
const MAIN_ROUTES = [
  { pattern: '/scripts', signedOut: [], signedIn: [], signInOnly: true },
  { pattern: '/write', signedOut: [], signedIn: [], signInOnly: true },
  { pattern: '/notifications', signedOut: [], signedIn: [], signInOnly: true },
  { pattern: '/about', signedOut: [], signedIn: [], signInOnly: false },
  { pattern: '/session/:sessionId', signedOut: [], signedIn: [], signInOnly: false },
];

/** The tags of a page's head: its title, and each meta's content by name or property. */
function headOf(html: string) {
  const head = html.split(/<\/head>/i)[0];
  const meta: Record<string, string[]> = {};
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) (meta[key] ??= []).push(content);
  const one = (key: string) => (meta[key] ?? [])[0];
  const titles = [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]);
  const canonical = /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1];
  const oembed = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(head)?.[1];
  return { titles, title: titles[0], meta, one, canonical, oembed };
}

const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

describe('public pages: heads, cards, embeds, oEmbed, robots and sitemaps', () => {
  let app: FastifyInstance;
  let webDir: string;
  let owner: TestUser;
  let channelId: string;
  let episodeId: string;
  let draftId: string;
  let podcastLink: string;
  let readLink: string;
  let revokedReadLink: string;
  let eventId: string;
  let certId: string;
  let revokedCertId: string;
  let publicScriptId: string;

  const page = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-public-pages-'));
    fs.mkdirSync(path.join(webDir, 'shell'));
    fs.mkdirSync(path.join(webDir, 'main'));
    fs.writeFileSync(path.join(webDir, 'shell', 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDir, 'shell', 'remotes.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(webDir, 'main', 'preload.json'), JSON.stringify({ './App': [], routes: MAIN_ROUTES }));
    app = await build({ WEB_DIR: webDir, PUBLIC_URL: 'https://voxclub.example' });
    owner = await createUser(app, { handle: 'nightshift', name: 'Nina <Night> & "Co"' });
    await app.db.updateTable('users').set({ bio: 'Voices for the late shift.' }).where('id', '=', owner.id).execute();
    const channel = await app.inject({
      method: 'POST',
      url: '/api/podcast/channels',
      headers: bearer(owner),
      payload: { title: 'Night Shift <Radio>', description: 'Audio drama from the late shift.', category: 'Fiction', language: 'en', explicit: false },
    });
    channelId = channel.json().id;
    const upload = async (fields: Record<string, string>) => {
      const boundary = `----vox${newId(8)}`;
      const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      const payload = Buffer.concat([
        Buffer.from(parts.join('') + `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="e.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`),
        toneFile(2, 'mp3', 300 + Math.floor(Math.random() * 400)),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({ method: 'POST', url: `/api/podcast/channels/${channelId}/episodes`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(owner) }, payload });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    episodeId = await upload({ title: 'Pilot "one" <b>bold</b>', notes: 'Where it all starts.', publish: 'now' });
    draftId = await upload({ title: 'Secret draft episode' });
    podcastLink = (await app.inject({ method: 'POST', url: `/api/podcast/episodes/${episodeId}/share-links`, headers: bearer(owner), payload: { startSeconds: null } })).json().id;

    const script = await saveScript(app.db, owner.id, {
      title: 'Hamlet, III.1',
      synopsis: '',
      genre: '',
      language: 'en',
      visibility: 'private',
      isFree: false,
      roles: [{ name: 'Ophelia', description: '' }],
      lines: [],
    });
    const sessionId = await createSession(app.db, script.id, owner.id);
    readLink = await createShareLink(app.db, { sessionId, createdBy: owner.id, roleName: 'Ophelia' });
    revokedReadLink = await createShareLink(app.db, { sessionId, createdBy: owner.id, roleName: null });
    await revokeShareLink(app.db, revokedReadLink);
    publicScriptId = (
      await saveScript(app.db, owner.id, { title: 'Open script', synopsis: '', genre: '', language: 'en', visibility: 'public', isFree: false, roles: [], lines: [] })
    ).id;

    const now = new Date().toISOString();
    eventId = newId();
    await app.db
      .insertInto('events')
      .values({ id: eventId, title: 'Open table read: The Lighthouse', description: 'Bring your voice.', starts_at: '2030-01-02T18:00:00.000Z', ends_at: '2030-01-02T20:00:00.000Z', time_zone: 'UTC', place: 'Leeds', online_url: null, capacity: 5, seats_taken: 0, created_by: owner.id, created_at: now, updated_at: now })
      .execute();
    const cert = (id: string, revoked: boolean) => ({
      id,
      recipient_id: owner.id,
      recipient_name: 'Nina Night',
      course: revoked ? 'Revoked course' : 'Voice basics',
      event_id: null,
      class_id: null,
      issuer_id: null,
      issuer_name: 'VoxClub School',
      issued_at: now,
      revoked_at: revoked ? now : null,
      revoked_by: null,
    });
    certId = newId(24);
    revokedCertId = newId(24);
    await app.db.insertInto('certificates').values([cert(certId, false), cert(revokedCertId, true)]).execute();
    // Two uploads through ffmpeg's probe on a shared, busy machine.
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  describe('heads of public objects', () => {
    it('an episode (by its id and by a share link): title, notes, canonical on the asked host, card tags, audio, player and oEmbed discovery', async () => {
      for (const id of [episodeId, podcastLink]) {
        const res = await page('podcast.voxclub.example', `/podcast-ep/${id}`);
        expect(res.statusCode).toBe(200);
        const h = headOf(res.body);
        expect(h.titles).toEqual(['Pilot &quot;one&quot; &lt;b&gt;bold&lt;/b&gt; · VoxClub']);
        expect(h.one('og:title')).toBe('Pilot &quot;one&quot; &lt;b&gt;bold&lt;/b&gt;');
        expect(h.one('description')).toBe('Where it all starts.');
        expect(h.one('og:description')).toBe('Where it all starts.');
        expect(h.canonical).toBe(`http://podcast.voxclub.example/podcast-ep/${id}`);
        expect(h.one('og:url')).toBe(`http://podcast.voxclub.example/podcast-ep/${id}`);
        expect(h.one('og:site_name')).toBe('VoxClub');
        expect(h.one('og:type')).toBe('music.song');
        expect(h.one('og:image')).toBe(`http://podcast.voxclub.example/api/public-pages/card.png?path=%2Fpodcast-ep%2F${id}`);
        expect(h.one('og:audio')).toMatch(/^http:\/\/podcast\.voxclub\.example\/api\/podcast\/audio\/[0-9a-f]{64}\.mp3$/);
        expect(h.one('og:audio:type')).toBe('audio/mpeg');
        expect(h.one('twitter:card')).toBe('player');
        expect(h.one('twitter:player')).toBe(`http://podcast.voxclub.example/embed/episode/${episodeId}`);
        expect([h.one('twitter:player:width'), h.one('twitter:player:height')]).toEqual(['480', '152']);
        expect(unescape(h.oembed ?? '')).toBe(`http://podcast.voxclub.example/api/oembed?url=${encodeURIComponent(`http://podcast.voxclub.example/podcast-ep/${id}`)}&format=json`);
        expect(h.one('robots')).toBeUndefined();
        // The raw title never reaches the page unescaped.
        expect(res.body).not.toContain('<b>bold</b>');
      }
    });

    it('a channel, a member by handle and by id, an event, a certificate and a read invite', async () => {
      const cases: [string, string, string, string][] = [
        ['podcast.voxclub.example', `/channel/${channelId}`, 'Night Shift &lt;Radio&gt; · VoxClub', 'Audio drama from the late shift.'],
        ['voxclub.example', '/members/NightShift', 'Nina &lt;Night&gt; &amp; &quot;Co&quot; · VoxClub', 'Voices for the late shift.'],
        ['voxclub.example', `/profile/${owner.id}`, 'Nina &lt;Night&gt; &amp; &quot;Co&quot; · VoxClub', 'Voices for the late shift.'],
        ['voxclub.example', `/event/${eventId}`, 'Open table read: The Lighthouse · VoxClub', 'Bring your voice.'],
        ['voxclub.example', `/certificate/${certId}`, 'Nina Night: Voice basics · VoxClub', 'Certificate of completion of Voice basics, issued to Nina Night by VoxClub School.'],
        ['voxclub.example', `/s/${readLink}`, 'Hamlet, III.1 · VoxClub', 'Nina &lt;Night&gt; &amp; &quot;Co&quot; invites you to read “Hamlet, III.1” as Ophelia.'],
      ];
      for (const [host, url, title, description] of cases) {
        const h = headOf((await page(host, url)).body);
        expect([url, h.title, h.one('description'), h.canonical]).toEqual([url, title, description, `http://${host}${url}`]);
        expect(h.one('twitter:card')).toBe('summary_large_image');
        expect(h.oembed).toBeUndefined();
      }
    });

    it('the content pages and the front door, each on its site', async () => {
      const cases: [string, string, string][] = [
        ['voxclub.example', '/scripts', 'Scripts · VoxClub'],
        ['voxclub.example', '/about', 'About · VoxClub'],
        ['voxclub.example', '/guide', 'Guide · VoxClub'],
        ['voxclub.example', '/faq', 'FAQ · VoxClub'],
        ['school.voxclub.example', '/faq', 'FAQ · VoxClub School'],
        ['school.voxclub.example', '/about', 'About · VoxClub School'],
        ['podcast.voxclub.example', '/', 'Podcasts · VoxClub'],
      ];
      for (const [host, url, title] of cases) {
        const h = headOf((await page(host, url)).body);
        expect([url, h.title]).toEqual([url, title]);
        expect(h.one('robots')).toBeUndefined();
      }
    });

    it('keeps the first script, the data block and one description', async () => {
      const res = await page('voxclub.example', '/about');
      expect(res.body).toContain(`<script>${FIRST_SCRIPT}</script>`);
      // The policy still allows the page's first script by its hash.
      expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(FIRST_SCRIPT).digest('base64')}'`);
      expect(res.body).toContain('<script type="application/json" id="vox-first-data">');
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
      expect(res.body).not.toContain('VoxClub: read and write scripts.');
    });
  });

  describe('private or unknown: the generic head and nothing of the object', () => {
    it.each([
      ['a draft episode', 'podcast.voxclub.example', () => `/podcast-ep/${draftId}`, 'Secret draft episode'],
      ['an unknown episode', 'podcast.voxclub.example', () => '/podcast-ep/nope', 'nope'],
      ['a revoked read link', 'voxclub.example', () => `/s/${revokedReadLink}`, 'Hamlet'],
      ['a revoked certificate', 'voxclub.example', () => `/certificate/${revokedCertId}`, 'Revoked course'],
      ['an unknown member', 'voxclub.example', () => '/members/nobody-here', 'nobody-here'],
    ])('%s', async (_what, host, url, secret) => {
      const res = await page(host, url());
      expect(res.statusCode).toBe(200);
      const h = headOf(res.body);
      expect(h.title).toBe('VoxClub');
      expect(h.one('og:title')).toBe('VoxClub');
      expect(h.one('og:image')).toBe(`http://${host}/api/public-pages/card.png?path=${encodeURIComponent(url())}`);
      expect(h.oembed).toBeUndefined();
      if (secret !== 'nope' && secret !== 'nobody-here') expect(res.body).not.toContain(secret);
    });

    it('a draft episode has no embed, no oEmbed answer and no card of its own', async () => {
      const embed = await app.inject({ method: 'GET', url: `/embed/episode/${draftId}` });
      expect(embed.statusCode).toBe(404);
      expect(embed.body).not.toContain('Secret draft episode');
      const oembed = await app.inject({ method: 'GET', url: `/api/oembed?url=${encodeURIComponent(`http://podcast.voxclub.example/podcast-ep/${draftId}`)}&format=json` });
      expect(oembed.statusCode).toBe(404);
      expect(oembed.json()).toEqual({ message: 'No embeddable page at that URL.' });
    });
  });

  describe('noindex from the route table', () => {
    it('marks signed-in-only routes and the dashboard, not public pages nor the front door', async () => {
      expect(headOf((await page('voxclub.example', '/write')).body).one('robots')).toBe('noindex');
      expect(headOf((await page('voxclub.example', '/notifications')).body).one('robots')).toBe('noindex');
      expect(headOf((await page('dashboard.voxclub.example', '/')).body).one('robots')).toBe('noindex');
      expect(headOf((await page('voxclub.example', '/scripts')).body).one('robots')).toBeUndefined();
      expect(headOf((await page('voxclub.example', '/about')).body).one('robots')).toBeUndefined();
    });
  });

  describe('cards', () => {
    it('answers a 1200x630 PNG of the page, the same bytes from the disk the second time', async () => {
      const url = `/api/public-pages/card.png?path=${encodeURIComponent(`/podcast-ep/${episodeId}`)}`;
      const first = await app.inject({ method: 'GET', url, headers: { host: 'podcast.voxclub.example' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
      const again = await app.inject({ method: 'GET', url, headers: { host: 'podcast.voxclub.example' } });
      expect(createHash('sha256').update(again.rawPayload).digest('hex')).toBe(createHash('sha256').update(first.rawPayload).digest('hex'));
      const draftCard = await app.inject({ method: 'GET', url: `/api/public-pages/card.png?path=/podcast-ep/${draftId}`, headers: { host: 'podcast.voxclub.example' } });
      const genericCard = await app.inject({ method: 'GET', url: '/api/public-pages/card.png?path=/podcast-ep/nope', headers: { host: 'podcast.voxclub.example' } });
      // A draft's card is the generic one: nothing of its title is drawn.
      expect(draftCard.rawPayload.equals(genericCard.rawPayload)).toBe(true);
      expect(draftCard.rawPayload.equals(first.rawPayload)).toBe(false);
    });

    it('refuses a path that is not one', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/public-pages/card.png?path=nope' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('the embed and oEmbed', () => {
    it('serves the player with the audio, framable by anyone, with its own policy', async () => {
      const res = await app.inject({ method: 'GET', url: `/embed/episode/${episodeId}`, headers: { host: 'podcast.voxclub.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toMatch(/data-src="\/api\/podcast\/audio\/[0-9a-f]{64}\.mp3"/);
      expect(res.body).toContain('<p class="t">Pilot &quot;one&quot; &lt;b&gt;bold&lt;/b&gt;</p>');
      expect(res.headers['x-frame-options']).toBeUndefined();
      // None of the shell's preload hints: the player loads nothing of the app.
      expect(res.headers.link).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("media-src 'self'");
      // The page's one script is the one its policy allows.
      const script = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    });

    it('keeps every other page unframable', async () => {
      for (const url of ['/about', `/podcast-ep/${episodeId}`, '/api/health', '/robots.txt']) {
        const res = await page('voxclub.example', url);
        expect([url, res.headers['x-frame-options']]).toEqual([url, 'SAMEORIGIN']);
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      }
    });

    it('answers the oEmbed spec for an episode page or player, honouring maxwidth and maxheight', async () => {
      const pageUrl = `http://podcast.voxclub.example/podcast-ep/${podcastLink}`;
      const res = await app.inject({ method: 'GET', url: `/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json&maxwidth=300&maxheight=100`, headers: { host: 'podcast.voxclub.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        version: '1.0',
        type: 'rich',
        provider_name: 'VoxClub',
        provider_url: 'http://podcast.voxclub.example/',
        title: 'Pilot "one" <b>bold</b>',
        author_name: 'Night Shift <Radio>',
        html: `<iframe src="http://podcast.voxclub.example/embed/episode/${episodeId}" width="300" height="100" title="Pilot &quot;one&quot; &lt;b&gt;bold&lt;/b&gt;" frameborder="0" loading="lazy" allow="autoplay"></iframe>`,
        width: 300,
        height: 100,
        cache_age: 3600,
      });
      const byPlayer = await app.inject({ method: 'GET', url: `/api/oembed?url=${encodeURIComponent(`http://podcast.voxclub.example/embed/episode/${episodeId}`)}`, headers: { host: 'podcast.voxclub.example' } });
      expect(byPlayer.json()).toMatchObject({ width: 480, height: 152, title: 'Pilot "one" <b>bold</b>' });
    });

    it('answers 501 for XML and 404 for what is not an episode', async () => {
      const url = encodeURIComponent(`http://podcast.voxclub.example/podcast-ep/${episodeId}`);
      const xml = await app.inject({ method: 'GET', url: `/api/oembed?url=${url}&format=xml` });
      expect([xml.statusCode, xml.json()]).toEqual([501, { message: 'Only format=json is offered.' }]);
      for (const other of ['http://podcast.voxclub.example/about', 'not a url', `http://podcast.voxclub.example/channel/${channelId}`]) {
        expect((await app.inject({ method: 'GET', url: `/api/oembed?url=${encodeURIComponent(other)}` })).statusCode).toBe(404);
      }
    });
  });

  describe('robots.txt and sitemap.xml per host', () => {
    it('robots.txt names the host’s sitemap; the dashboard is closed', async () => {
      const main = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'voxclub.example' } });
      expect(main.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(main.body).toBe(
        'User-agent: *\nAllow: /api/users/photo/\nAllow: /api/public-pages/\nAllow: /api/podcast/audio/\nAllow: /api/oembed\nDisallow: /api/\nDisallow: /embed/\n\nSitemap: http://voxclub.example/sitemap.xml\n',
      );
      expect((await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'podcast.voxclub.example' } })).body).toContain('Sitemap: http://podcast.voxclub.example/sitemap.xml\n');
      expect((await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'dashboard.voxclub.example' } })).body).toBe('User-agent: *\nDisallow: /\n');
    });

    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

    it('the main site lists its content pages, public scripts and events', async () => {
      const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'voxclub.example' } });
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      const urls = locs(res.body);
      expect(urls).toEqual(expect.arrayContaining(['http://voxclub.example/scripts', 'http://voxclub.example/about', `http://voxclub.example/script/${publicScriptId}`, `http://voxclub.example/event/${eventId}`]));
      expect(urls.some((u) => u.includes('podcast-ep') || u.includes('/channel/'))).toBe(false);
      expect(res.body).not.toContain('Hamlet');
    });

    it('the podcast site lists its channels and published episodes only', async () => {
      const urls = locs((await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'podcast.voxclub.example' } })).body);
      expect(urls).toEqual(expect.arrayContaining(['http://podcast.voxclub.example/', `http://podcast.voxclub.example/channel/${channelId}`, `http://podcast.voxclub.example/podcast-ep/${episodeId}`]));
      expect(urls).not.toContain(`http://podcast.voxclub.example/podcast-ep/${draftId}`);
      expect(urls.some((u) => u.includes('/event/') || u.includes('/script/'))).toBe(false);
    });

    it('the dashboard lists nothing', async () => {
      const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'dashboard.voxclub.example' } });
      expect(locs(res.body)).toEqual([]);
    });
  });
});
