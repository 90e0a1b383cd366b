import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { createAccount, expect, shotsDir, signIn, test, type TestAccount } from '../support/fixtures';
import { expectPlayingPast, playerSeconds, toneMp3 } from '../support/podcast';
import { underWorker } from '../support/offline';
import { appUrl } from '../support/ports';
import { tokenOf } from '../support/reading';

// Episodes offline (docs/offline.md, "Downloads"): the podcast site downloads an episode or a
// playlist into a cache of its own, which the service worker serves offline with byte ranges;
// chapters show and seek offline, the storage used is shown and cleared, and a position that
// changed offline reaches the server once the network is back.

const HOST = 'podcast.localhost';
const SHOTS = shotsDir('episodes-offline');
const STORAGE_FULL = 'Not enough storage on this device to download this episode. Remove a download and try again.';

/** A channel with episodes of a real MP3, each with two chapters; returns their ids. */
async function channelWithEpisodes(request: APIRequestContext, account: TestAccount, titles: Array<{ title: string; publish: boolean }>) {
  const auth = { authorization: `Bearer ${await tokenOf(request, account)}` };
  const channel = await request.post(appUrl('localhost', '/api/podcast/channels'), {
    headers: auth,
    data: { title: 'Harbour Lights Hour', author: 'Harbour Players', description: 'Audio drama from the harbour wall.', category: 'Fiction', language: 'en', explicit: false },
  });
  expect(channel.status(), await channel.text()).toBe(201);
  const channelId = (await channel.json()).id as string;
  const ids: string[] = [];
  for (const { title, publish } of titles) {
    const res = await request.post(appUrl('localhost', `/api/podcast/channels/${channelId}/episodes`), {
      headers: auth,
      multipart: { title, notes: 'Where it all starts.', publish: publish ? 'now' : 'draft', audio: { name: 'e.mp3', mimeType: 'audio/mpeg', buffer: fs.readFileSync(toneMp3(60)) } },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = (await res.json()).id as string;
    const chapters = await request.patch(appUrl('localhost', `/api/podcast/episodes/${id}`), {
      headers: auth,
      data: { chapters: [{ startTime: 0, title: 'Cold open' }, { startTime: 40, title: 'The call' }] },
    });
    expect(chapters.status(), await chapters.text()).toBe(200);
    ids.push(id);
  }
  return { auth, ids };
}

/** What the server holds of my position in an episode (ms), or null. */
async function serverPosition(request: APIRequestContext, auth: Record<string, string>, episodeId: string): Promise<number | null> {
  const res = await request.get(appUrl('localhost', `/api/podcast/episodes/${episodeId}`), { headers: auth });
  expect(res.status()).toBe(200);
  return (await res.json()).episode.positionMs as number | null;
}

const downloadKeys = (page: Page) =>
  page.evaluate(async () => ((await caches.has('vox-downloads')) ? (await (await caches.open('vox-downloads')).keys()).map((r) => new URL(r.url).pathname).sort() : []));

/** The storage line, as download-state.ts words it for one file of this size. */
const storageText = (count: number, bytes: number) => `${count} ${count === 1 ? 'episode' : 'episodes'} downloaded, using ${Math.max(0.1, Math.round(bytes / 100_000) / 10).toFixed(1)} MB on this device`;

test.describe('episodes offline', () => {
  test('download an episode, play it offline with its chapters, see and clear the storage, and the position syncs back', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const me = await createAccount(request);
    const { auth, ids } = await channelWithEpisodes(request, me, [{ title: 'Pilot', publish: true }]);
    const [episodeId] = ids;
    const bytes = fs.statSync(toneMp3(60)).size;
    await signIn(page, me, HOST);
    const episodePage = appUrl(HOST, `/podcast-ep/${episodeId}`);
    // Nothing was ever played or opened here but this page: downloading is enough to play offline.
    await underWorker(page, episodePage);
    await expect(page.getByRole('heading', { level: 1, name: 'Pilot' })).toBeVisible();

    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Remove download' })).toBeVisible();
    const audioPath = await page.evaluate(async (id) => (await (await fetch(`/api/podcast/share/${id}`)).json()).episode.audioUrl as string, episodeId);
    expect(await downloadKeys(page)).toEqual([`/__vox/downloads/${episodeId}`, `/api/podcast/share/${episodeId}`, audioPath].sort());
    expect(await serverPosition(request, auth, episodeId)).toBeNull();

    // Offline, the page and its chapters come back on a reload, and the audio plays from the download.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pilot' })).toBeVisible();
    const chapters = page.getByRole('region', { name: 'Chapters' });
    await expect(chapters.getByRole('listitem')).toHaveText(['0:00 Cold open', '0:40 The call']);
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'downloaded episode offline');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlayingPast(page, 1);
    await chapters.getByRole('button', { name: '0:40 The call' }).click();
    await expect.poll(() => playerSeconds(page), { timeout: 15_000 }).toBeGreaterThan(41);
    await expect(page.getByRole('region', { name: 'Player' })).toContainText('The call');
    // The worker answers a byte range from the download, as the server would.
    const part = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      return { status: res.status, range: res.headers.get('Content-Range'), length: (await res.arrayBuffer()).byteLength };
    }, audioPath);
    expect(part).toEqual({ status: 206, range: `bytes 100-199/${bytes}`, length: 100 });
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause', exact: true }).click();
    const pausedAt = await playerSeconds(page);
    expect(pausedAt).toBeGreaterThan(41);
    // Kept in the browser, not on the server yet.
    expect(await serverPosition(request, auth, episodeId)).toBeNull();

    // The library page offline: the downloads and the storage they use.
    await page.goto(appUrl(HOST, '/history'));
    const downloads = page.getByRole('region', { name: 'Downloads' });
    await expect(downloads.getByTestId('downloads-storage')).toHaveText(storageText(1, bytes));
    await expect(downloads.getByRole('list', { name: 'Downloaded episodes' }).getByRole('listitem')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'downloads offline');

    // Back online: the position goes to the server, once.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes(`/api/podcast/positions/${episodeId}`)) puts.push(r.postData() ?? '');
    });
    await context.setOffline(false);
    await expect.poll(() => serverPosition(request, auth, episodeId), { timeout: 20_000 }).toBeGreaterThanOrEqual((pausedAt - 1) * 1000);
    const sent = (await serverPosition(request, auth, episodeId)) as number;
    expect(sent).toBeLessThan((pausedAt + 2) * 1000);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vox-podcast-position-outbox'))).toBeNull();
    await page.waitForTimeout(1_000);
    expect(puts.filter((body) => JSON.parse(body).positionMs === sent)).toHaveLength(1);

    // Clear it: the download and its storage go.
    await downloads.getByRole('button', { name: 'Remove download: Pilot' }).click();
    await expect(downloads).toContainText('No downloads. Download an episode to listen without a connection.');
    expect(await downloadKeys(page)).toEqual([]);
  });

  test('at phone size: a playlist downloads whole, Remove all downloads clears it, a full storage keeps nothing, and signing out drops private downloads', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const me = await createAccount(request);
    const { auth, ids } = await channelWithEpisodes(request, me, [
      { title: 'Pilot', publish: true },
      { title: 'The Storm', publish: true },
      { title: 'Unreleased finale', publish: false },
    ]);
    const playlist = await request.post(appUrl('localhost', '/api/podcast/playlists'), { headers: auth, data: { title: 'Commute' } });
    expect(playlist.status(), await playlist.text()).toBe(201);
    const playlistId = (await playlist.json()).id as string;
    for (const episodeId of ids.slice(0, 2)) {
      const added = await request.post(appUrl('localhost', `/api/podcast/playlists/${playlistId}/episodes`), { headers: auth, data: { episodeId } });
      expect(added.status(), await added.text()).toBeLessThan(300);
    }
    const bytes = fs.statSync(toneMp3(60)).size;
    await signIn(page, me, HOST);
    await underWorker(page, appUrl(HOST, `/playlist/${playlistId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Commute' })).toBeVisible();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'downloaded playlist');
    await page.screenshot({ path: path.join(SHOTS, 'playlist-downloaded-phone.png') });

    await page.goto(appUrl(HOST, '/history'));
    const downloads = page.getByRole('region', { name: 'Downloads' });
    await expect(downloads.getByTestId('downloads-storage')).toHaveText(storageText(2, bytes * 2));
    await expect(downloads.getByRole('listitem')).toHaveText([/^Pilot · Harbour Lights Hour/, /^The Storm · Harbour Lights Hour/]);
    await downloads.scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, 'downloads at phone size');
    await page.screenshot({ path: path.join(SHOTS, 'downloads-phone.png'), fullPage: true });
    await downloads.getByRole('button', { name: 'Remove all downloads' }).click();
    await expect(downloads).toContainText('No downloads. Download an episode to listen without a connection.');
    expect(await downloadKeys(page)).toEqual([]);

    // A storage too small for the file: the error says so, and nothing of it is kept.
    const cdp = await page.context().newCDPSession(page);
    const origin = new URL(appUrl(HOST, '/')).origin;
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 20_000 });
    await page.goto(appUrl(HOST, `/podcast-ep/${ids[0]}`));
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(STORAGE_FULL, { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Download', exact: true })).toBeVisible();
    expect(await downloadKeys(page)).toEqual([]);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });

    // A public episode and the owner's draft downloaded; signing out drops the draft only.
    await page.reload();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 20_000 });
    await page.goto(appUrl(HOST, `/podcast-ep/${ids[2]}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unreleased finale' })).toBeVisible();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByText('Downloaded', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect((await downloadKeys(page)).filter((key) => key.startsWith('/__vox/downloads/'))).toEqual([`/__vox/downloads/${ids[0]}`, `/__vox/downloads/${ids[2]}`].sort());
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(async () => (await downloadKeys(page)).filter((key) => key.startsWith('/__vox/downloads/'))).toEqual([`/__vox/downloads/${ids[0]}`]);
    expect(await downloadKeys(page)).not.toContain(`/api/podcast/share/${ids[2]}`);
  });
});
