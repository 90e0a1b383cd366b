import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';
import { draftEditor, saveStatus, serverDraft, writer } from '../support/drafts';
import { createAccount, expect, root, signIn, test } from '../support/fixtures';
import { OFFLINE_BADGE, underWorker } from '../support/offline';
import { appUrl } from '../support/ports';
import { earnestScript, tokenOf } from '../support/reading';

// VoxClub offline (docs/offline.md): each site installs from its own manifest, pages a member
// opened open again without a network, a new deploy is offered with a notice, and a sign-out
// drops what the worker kept for the member.

const UPDATE_NOTICE = 'A new version of VoxClub is ready.';

/** A PNG's width and height, from its header. */
function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

const SITES = [
  { host: 'localhost', name: 'VoxClub', short: 'VoxClub', theme: '#BA58E9', background: '#FFFFFF', site: 'main' },
  { host: 'school.localhost', name: 'VoxClub School', short: 'VoxSchool', theme: '#BA58E9', background: '#F2F3FA', site: 'school' },
  { host: 'dashboard.localhost', name: 'VoxClub Dashboard', short: 'VoxDash', theme: '#BA58E9', background: '#FFFFFF', site: 'dashboard' },
  { host: 'podcast.localhost', name: 'VoxClub Podcasts', short: 'VoxCasts', theme: '#FF01CD', background: '#0F0D14', site: 'podcast' },
];

test.describe('offline app', () => {
  for (const site of SITES) {
    test(`${site.host} links its own install manifest, and Chromium finds it installable`, async ({ page }) => {
      await page.goto(appUrl(site.host, '/'));
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then(async (r) => ({ type: r.headers.get('content-type'), body: await r.json() })));
      expect(manifest.type).toBe('application/manifest+json; charset=utf-8');
      expect(manifest.body).toEqual({
        id: '/',
        name: site.name,
        short_name: site.short,
        description: expect.any(String),
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: site.theme,
        background_color: site.background,
        icons: [
          { src: `/icons/${site.site}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: `/icons/${site.site}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: `/icons/${site.site}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      });
      for (const icon of manifest.body.icons as Array<{ src: string; sizes: string }>) {
        const bytes = await page.evaluate((src) => fetch(src).then(async (r) => ({ type: r.headers.get('content-type'), bytes: [...new Uint8Array(await r.arrayBuffer())] })), icon.src);
        expect(bytes.type).toBe('image/png');
        expect(pngSize(Buffer.from(bytes.bytes)).join('x')).toBe(icon.sizes);
      }
      // Chromium's own check: the manifest's fields and a worker with a fetch handler in control.
      // In a profile on disk: the test's own context is incognito, where nothing installs.
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-install-'));
      const browser = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      try {
        const installed = browser.pages()[0] ?? (await browser.newPage());
        await underWorker(installed, appUrl(site.host, '/'));
        const cdp = await browser.newCDPSession(installed);
        await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId), { timeout: 10_000 }).toEqual([]);
      } finally {
        await browser.close();
        fs.rmSync(profile, { recursive: true, force: true });
      }
    });
  }

  test('a member reopens their scripts, a draft and a table read offline, edits the draft there and it syncs back; a page never opened says it needs the connection; signing out forgets them', async ({ page, context }) => {
    test.setTimeout(90_000);
    const me = await writer(page.request);
    const body = 'INT. FERRY - NIGHT\n\nThe lights of the harbour go out one by one.';
    const created = await page.request.post('/api/drafts', { headers: { authorization: `Bearer ${me.token}` }, data: { title: 'Ferry at night', body } });
    expect(created.status(), await created.text()).toBe(201);
    const draftId = (await created.json()).id as string;
    const script = earnestScript({ title: 'Earnest, offline', visibility: 'private' });
    const scriptRes = await page.request.post(appUrl('localhost', '/api/scripts'), { data: script, headers: { authorization: `Bearer ${await tokenOf(page.request, me)}` } });
    expect(scriptRes.status(), await scriptRes.text()).toBe(201);
    const scriptId = (await scriptRes.json()).id as string;
    await signIn(page, me);

    await underWorker(page, '/scripts');
    await expect(page.getByRole('heading', { level: 1, name: 'Your scripts' })).toBeVisible();
    await expect(page.getByText('Earnest, offline').first()).toBeVisible();
    await page.goto(`/write/${draftId}`);
    await expect(draftEditor(page)).toContainText('The lights of the harbour go out one by one.');
    await page.goto(`/script/${scriptId}`);
    await expect(page).toHaveURL(/\/session\/[A-Za-z0-9_-]+$/);
    const sessionPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'Earnest, offline' })).toBeVisible();
    // No badge while online.
    await expect(page.getByText(OFFLINE_BADGE)).toHaveCount(0);

    await context.setOffline(true);
    for (const [path, shown] of [
      ['/scripts', page.getByText('Earnest, offline').first()],
      [`/write/${draftId}`, draftEditor(page).getByText('The lights of the harbour go out one by one.')],
      [sessionPath, page.getByRole('heading', { level: 1, name: 'Earnest, offline' })],
    ] as const) {
      await page.goto(path);
      await expect(shown).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_BADGE })).toBeVisible();
    }
    await expectNoSeriousViolations(page, 'offline badge', { include: '.vox-offline-badge' });

    // A page this browser never opened: the app says it needs the connection, not the browser.
    await page.goto('/events');
    await expect(page.getByRole('alert')).toContainText('Part of the page could not be downloaded. Check your connection and try again.');

    // A draft opened offline takes edits, kept in the browser, and sends them when the network is
    // back: the worker leaves saves alone, and the stand-in session gives way to a real one.
    await page.goto(`/write/${draftId}`);
    await expect(draftEditor(page)).toContainText('The lights of the harbour go out one by one.');
    await draftEditor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('A bell rings once.');
    await expect(saveStatus(page)).toHaveText('Offline, will save');
    await context.setOffline(false);
    await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });
    expect((await serverDraft(page.request, me.token, draftId)).body).toBe(`${body}\n\nA bell rings once.`);

    // Back online, sign out: the worker forgets the member's reads, so the draft no longer opens offline.
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('vox-api-')))).toEqual([]);
    await context.setOffline(true);
    await page.goto(`/write/${draftId}`);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BADGE })).toBeVisible();
    await expect(page.getByText('The lights of the harbour go out one by one.')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('a new deploy is offered on the next visit, and Reload brings it in', async ({ page }) => {
    const account = await createAccount(page.request);
    await signIn(page, account);
    await underWorker(page, '/guide');
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(first).toBe(appUrl('localhost', '/sw.js'));
    await expect(page.getByText(UPDATE_NOTICE)).toHaveCount(0);

    // A new build of the main remote: its entry's revision changes, so the site's worker does.
    const precache = path.join(root, 'dist/apps/main/precache.json');
    const built = fs.readFileSync(precache, 'utf8');
    const before = await page.evaluate(() => fetch('/sw.js').then((r) => r.text()));
    try {
      fs.writeFileSync(precache, built.replace(/"revision":"([0-9a-f]+)"/, '"revision":"0$1"'));
      await expect.poll(() => page.evaluate(() => fetch('/sw.js').then((r) => r.text()))).not.toBe(before);
      await page.goto('/faq');
      const notice = page.getByRole('status').filter({ hasText: UPDATE_NOTICE });
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expectNoSeriousViolations(page, 'new-version notice', { include: '.vox-update-notice' });
      const waiting = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)));
      expect(waiting).toBe(true);
      await notice.getByRole('button', { name: 'Reload' }).click();
      await page.waitForURL('**/faq');
      await expect(page.getByText(UPDATE_NOTICE)).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)))).toBe(false);
    } finally {
      fs.writeFileSync(precache, built);
    }
  });
});
