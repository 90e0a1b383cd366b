import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { APIRequestContext, Page } from '@playwright/test';
import ogs from 'open-graph-scraper';
import { addSharedSession, createAccount, e2eTmp, expect, test, withDb } from '../support/fixtures';
import { appUrl, PORTS } from '../support/ports';

/**
 * Link previews as a scraper sees them, on the production build: the HTML of each public path
 * parsed by open-graph-scraper (from the HTML we fetched: no network of its own), every og:image
 * answering an image; what is not public previews as the product only; the episode player
 * embedded in a page of another origin plays; and the pages' inline first script still runs under
 * the policy (no violation in the console).
 */
const PODCAST = 'podcast.localhost';

function toneMp3(): string {
  const file = path.join(e2eTmp, 'preview-episode.mp3');
  if (!fs.existsSync(file)) {
    execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=20', '-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  }
  return file;
}

/**
 * A GET of a URL on one of the sites as a scraper sends it: Node resolves no *.localhost name, so
 * it goes to localhost with the site's Host header (what the browser would send).
 */
function getOn(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const target = new URL(url);
  return request.get(appUrl('localhost', `${target.pathname}${target.search}`), { headers: { host: target.host, ...headers } });
}

/** The page's HTML as a scraper fetches it, and what open-graph-scraper reads from it. */
async function preview(request: APIRequestContext, host: string, pathname: string) {
  const res = await getOn(request, appUrl(host, pathname), { accept: 'text/html' });
  expect(res.status(), pathname).toBe(200);
  const html = await res.text();
  const { error, result } = await ogs({ html });
  expect(error, pathname).toBe(false);
  return { html, og: result };
}

async function expectImage(request: APIRequestContext, url: string) {
  const res = await getOn(request, url);
  expect([url, res.status()]).toEqual([url, 200]);
  expect(res.headers()['content-type']).toMatch(/^image\/(png|jpeg|webp|gif)/);
}

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

const made = { episodeId: '', draftId: '', podcastLink: '', channelId: '', readLink: '', handle: '', userId: '', eventId: '', certId: '' };

test.describe('link previews and embeds', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    const owner = await createAccount(request);
    const signedIn = await request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: owner.email, password: owner.password } });
    const auth = { authorization: `Bearer ${(await signedIn.json()).token}` };
    made.userId = owner.id;
    made.handle = `previewer${Date.now().toString(36)}`;
    withDb((db) => db.prepare('update users set handle = ?, name = ?, bio = ? where id = ?').run(made.handle, 'Nina Night', 'Voices for the late shift.', owner.id));
    const channel = await request.post(appUrl('localhost', '/api/podcast/channels'), {
      headers: auth,
      data: { title: 'Harbour Lights Hour', description: 'Audio drama from the harbour wall.', category: 'Fiction', language: 'en', explicit: false },
    });
    expect(channel.status()).toBe(201);
    made.channelId = (await channel.json()).id;
    const upload = async (title: string, publish: boolean) => {
      const res = await request.post(appUrl('localhost', `/api/podcast/channels/${made.channelId}/episodes`), {
        headers: auth,
        multipart: { title, notes: 'Where it all starts.', ...(publish ? { publish: 'now' } : {}), audio: { name: 'e.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(toneMp3()) } },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).id as string;
    };
    made.episodeId = await upload('Pilot: the first call', true);
    made.draftId = await upload('Unreleased finale', false);
    made.podcastLink = (await (await request.post(appUrl('localhost', `/api/podcast/episodes/${made.episodeId}/share-links`), { headers: auth, data: { startSeconds: null } })).json()).id;
    made.readLink = addSharedSession(owner.id).link;
    const now = new Date().toISOString();
    made.eventId = `ev${Date.now().toString(36)}`;
    made.certId = `ct${Date.now().toString(36)}abcdefghijkl`;
    withDb((db) => {
      db.prepare(
        'insert into events (id, title, description, starts_at, ends_at, time_zone, place, online_url, capacity, seats_taken, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, null, 5, 0, ?, ?, ?)',
      ).run(made.eventId, 'Open table read: The Lighthouse', 'Bring your voice.', '2030-01-02T18:00:00.000Z', '2030-01-02T20:00:00.000Z', 'UTC', 'Leeds', owner.id, now, now);
      db.prepare(
        'insert into certificates (id, recipient_id, recipient_name, course, event_id, class_id, issuer_id, issuer_name, issued_at, revoked_at, revoked_by) values (?, ?, ?, ?, null, null, null, ?, ?, null, null)',
      ).run(made.certId, owner.id, 'Nina Night', 'Voice basics', 'VoxClub School', now);
    });
  });

  test('each public path previews its own object, with a real image', async ({ request }) => {
    test.setTimeout(120_000);
    const cases: [string, string, string, string][] = [
      [PODCAST, `/podcast-ep/${made.episodeId}`, 'Pilot: the first call', 'music.song'],
      [PODCAST, `/podcast-ep/${made.podcastLink}`, 'Pilot: the first call', 'music.song'],
      [PODCAST, `/channel/${made.channelId}`, 'Harbour Lights Hour', 'website'],
      [PODCAST, '/', 'Podcasts', 'website'],
      ['localhost', `/s/${made.readLink}`, 'The Importance of Being Earnest, Act I', 'website'],
      ['localhost', `/members/${made.handle}`, 'Nina Night', 'profile'],
      ['localhost', `/profile/${made.userId}`, 'Nina Night', 'profile'],
      ['localhost', `/event/${made.eventId}`, 'Open table read: The Lighthouse', 'website'],
      ['localhost', `/certificate/${made.certId}`, 'Nina Night: Voice basics', 'article'],
      ['localhost', '/scripts', 'Scripts', 'website'],
      ['localhost', '/about', 'About', 'website'],
      ['localhost', '/guide', 'Guide', 'website'],
      ['localhost', '/faq', 'FAQ', 'website'],
    ];
    for (const [host, pathname, title, type] of cases) {
      const { og } = await preview(request, host, pathname);
      expect([pathname, og.ogTitle, og.ogType, og.ogSiteName, og.ogUrl]).toEqual([pathname, title, type, 'VoxClub', appUrl(host, pathname)]);
      expect(og.ogDescription, pathname).toBeTruthy();
      expect(og.twitterCard, pathname).toBe(pathname.startsWith('/podcast-ep/') ? 'player' : 'summary_large_image');
      expect(og.ogImage?.length, pathname).toBe(1);
      await expectImage(request, og.ogImage![0].url);
    }
    const { og, html } = await preview(request, PODCAST, `/podcast-ep/${made.episodeId}`);
    expect(og.twitterPlayer?.[0].url).toBe(appUrl(PODCAST, `/embed/episode/${made.episodeId}`));
    expect(og.ogAudioURL ?? og.ogAudio).toMatch(/\/api\/podcast\/audio\/[0-9a-f]{64}\.mp3$/);
    const audio = await getOn(request, og.ogAudioURL ?? og.ogAudio ?? '');
    expect([audio.status(), audio.headers()['content-type']]).toEqual([200, 'audio/mpeg']);
    // Discovery: the oEmbed answer of the page, a rich iframe of the player.
    const oembedHref = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1].replace(/&amp;/g, '&') ?? '';
    const oembed = await (await getOn(request, oembedHref)).json();
    expect(oembed).toMatchObject({ version: '1.0', type: 'rich', title: 'Pilot: the first call', width: 480, height: 152 });
    expect(oembed.html).toContain(`src="${appUrl(PODCAST, `/embed/episode/${made.episodeId}`)}"`);
  });

  test('what is not public previews as the product, without its title', async ({ request }) => {
    for (const [host, pathname, secret] of [
      [PODCAST, `/podcast-ep/${made.draftId}`, 'Unreleased finale'],
      ['localhost', '/event/no-such-event', 'no-such-event-title'],
    ]) {
      const { og, html } = await preview(request, host, pathname);
      expect([pathname, og.ogTitle]).toEqual([pathname, 'VoxClub']);
      expect(html).not.toContain(secret);
      await expectImage(request, og.ogImage![0].url);
    }
  });

  test('the player plays inside a page of another origin', async ({ page }) => {
    // A blog on 127.0.0.1, another origin than the sites', served from this machine (a page the
    // browser takes for a public one may not frame a local server at all).
    const src = appUrl(PODCAST, `/embed/episode/${made.episodeId}`);
    const blog = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>A blog</title><h1>A blog</h1><iframe src="${src}" width="480" height="152" title="Episode"></iframe>`);
    });
    await new Promise<void>((resolve) => blog.listen(PORTS.app + 8, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${PORTS.app + 8}/blog.html`;
    try {
      const violations = watchViolations(page);
      await page.goto(host);
      const player = page.frameLocator('iframe[title="Episode"]');
      await expect(player.getByText('Pilot: the first call')).toBeVisible();
      await expect(player.locator('audio')).toHaveAttribute('src', /\/api\/podcast\/audio\/[0-9a-f]{64}\.mp3$/);
      await player.getByRole('button', { name: 'Play' }).click();
      await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
      await expect.poll(() => player.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
      await player.getByRole('button', { name: 'Pause' }).click();
      await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
      expect(await player.locator('audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
      expect(violations).toEqual([]);
    } finally {
      await new Promise((resolve) => blog.close(resolve));
    }
  });

  test('the pages with their own heads still run their inline first script under the policy', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = watchViolations(page);
    // Each page drawn by its remote: its first script ran (the shell starts from it).
    for (const [host, pathname, heading] of [
      ['localhost', '/about', 'About VoxClub'],
      ['localhost', `/event/${made.eventId}`, 'Open table read: The Lighthouse'],
      [PODCAST, `/podcast-ep/${made.episodeId}`, 'Pilot: the first call'],
    ]) {
      const response = await page.goto(appUrl(host, pathname));
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(response?.headers()['x-frame-options']).toBe('SAMEORIGIN');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
    }
    expect(violations).toEqual([]);
  });
});
