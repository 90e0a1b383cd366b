import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { addSharedSession, createAccount, e2eTmp, expect, test, withDb } from '../support/fixtures';
import { htmlOf, rootText, watchHydration } from '../support/html-first';
import { appUrl } from '../support/ports';

/**
 * HTML first for the shareable pages (docs/public-pages.md "Bodies"): an episode (by its id and by
 * a share link), a channel, a script's share link, a member's profile (by handle and by id), an
 * event and a certificate come with their content in the HTML and are taken over by the client
 * without a mismatch; what is not public (a draft episode, a revoked link, an unknown event, a
 * revoked certificate) never has its title in the HTML: its page is the empty shell.
 */
const PODCAST = 'podcast.localhost';

function toneMp3(): string {
  const file = path.join(e2eTmp, 'html-first-episode.mp3');
  if (!fs.existsSync(file)) {
    execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5', '-ac', '1', '-ar', '22050', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  }
  return file;
}

const made = { episodeId: '', draftId: '', podcastLink: '', channelId: '', readLink: '', revokedLink: '', handle: '', userId: '', eventId: '', certId: '', revokedCertId: '' };

/** [host, path, text the page shows] of each public page. */
const publicPages = (): Array<[string, string, string]> => [
  [PODCAST, `/podcast-ep/${made.episodeId}`, 'Pilot: the first call'],
  [PODCAST, `/podcast-ep/${made.podcastLink}`, 'Pilot: the first call'],
  [PODCAST, `/channel/${made.channelId}`, 'Harbour Lights Hour'],
  ['localhost', `/podcast-ep/${made.episodeId}`, 'Pilot: the first call'],
  ['localhost', `/s/${made.readLink}`, 'The Importance of Being Earnest, Act I'],
  ['localhost', `/members/${made.handle}`, 'Nina Night'],
  ['localhost', `/profile/${made.userId}`, 'Nina Night'],
  ['localhost', `/event/${made.eventId}`, 'Open table read: The Lighthouse'],
  ['localhost', `/certificate/${made.certId}`, 'Voice basics'],
];

test.describe('HTML first: the shareable pages', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    const owner = await createAccount(request);
    const signedIn = await request.post(appUrl('localhost', '/api/users/authenticate'), { data: { username: owner.email, password: owner.password } });
    const auth = { authorization: `Bearer ${(await signedIn.json()).token}` };
    made.userId = owner.id;
    made.handle = `htmlfirst${Date.now().toString(36)}`;
    withDb((db) => db.prepare('update users set handle = ?, name = ?, bio = ? where id = ?').run(made.handle, 'Nina Night', 'Voices for the late shift.', owner.id));
    const channel = await request.post(appUrl('localhost', '/api/podcast/channels'), {
      headers: auth,
      data: { title: 'Harbour Lights Hour', description: 'Audio drama from the harbour wall.', category: 'Fiction', language: 'en', explicit: false },
    });
    expect(channel.status(), await channel.text()).toBe(201);
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
    made.revokedLink = addSharedSession(owner.id, { revoked: true }).link;
    const now = new Date().toISOString();
    made.eventId = `ev${Date.now().toString(36)}`;
    made.certId = `ct${Date.now().toString(36)}abcdefghijkl`;
    made.revokedCertId = `cr${Date.now().toString(36)}abcdefghijkl`;
    withDb((db) => {
      db.prepare(
        'insert into events (id, title, description, starts_at, ends_at, time_zone, place, online_url, capacity, seats_taken, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, null, 5, 0, ?, ?, ?)',
      ).run(made.eventId, 'Open table read: The Lighthouse', 'Bring your voice.', '2030-01-02T18:00:00.000Z', '2030-01-02T20:00:00.000Z', 'UTC', 'Leeds', owner.id, now, now);
      const certificate = db.prepare(
        'insert into certificates (id, recipient_id, recipient_name, course, event_id, class_id, issuer_id, issuer_name, issued_at, revoked_at, revoked_by) values (?, ?, ?, ?, null, null, null, ?, ?, ?, null)',
      );
      certificate.run(made.certId, owner.id, 'Nina Night', 'Voice basics', 'VoxClub School', now, null);
      certificate.run(made.revokedCertId, owner.id, 'Nina Night', 'Withdrawn diction course', 'VoxClub School', now, now);
    });
  });

  test('each public page holds its title in the HTML, before any script', async ({ request }) => {
    for (const [host, pathname, text] of publicPages()) {
      const html = await htmlOf(request, host, pathname);
      expect([host, pathname, rootText(html).includes(text)]).toEqual([host, pathname, true]);
    }
  });

  test("what is not public never has its title in the page's HTML", async ({ request }) => {
    for (const [host, pathname, secret] of [
      [PODCAST, `/podcast-ep/${made.draftId}`, 'Unreleased finale'],
      ['localhost', `/podcast-ep/${made.draftId}`, 'Unreleased finale'],
      ['localhost', `/s/${made.revokedLink}`, 'The Importance of Being Earnest'],
      ['localhost', `/certificate/${made.revokedCertId}`, 'Withdrawn diction course'],
      ['localhost', '/event/no-such-event', 'no-such-event-title'],
    ]) {
      const html = await htmlOf(request, host, pathname);
      expect([pathname, html.includes(secret), html.includes('<div id="root"></div>')]).toEqual([pathname, false, true]);
    }
  });

  test('with JavaScript disabled, Chromium shows each public page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [host, pathname, text] of publicPages()) {
      await page.goto(appUrl(host, pathname));
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await context.close();
  });

  test('the client takes each page over with no mismatch and no flash', async ({ page }) => {
    const errors = await watchHydration(page);
    for (const [host, pathname, text] of publicPages()) {
      await page.goto(appUrl(host, pathname));
      await expect(page.locator('.vox-remote-root')).toHaveAttribute('data-query-client', /\w{10}/);
      await expect(page.getByText(text).first()).toBeVisible();
      const removed = await page.evaluate(() => (window as unknown as { voxHeadingRemoved: boolean }).voxHeadingRemoved);
      expect({ pathname, removed, errors }).toEqual({ pathname, removed: false, errors: [] });
    }
  });
});
