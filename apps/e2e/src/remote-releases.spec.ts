import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { test, expect, createAccount, dataDir, e2eTmp, root, withDb, type TestAccount } from '../support/fixtures';
import { appUrl } from '../support/ports';
import { leaveAndCatchBeacon } from '../support/vitals';

/**
 * Remote releases on the production build, against this server's DATA_DIR: two versions of the
 * podcast remote (the build, and a copy with a changed file) are published and promoted, the
 * second after the check opens its pages in Chromium; the site serves it and its page views carry
 * its version; a copy missing the expose the shell imports is refused; and when the live version's
 * files are gone from storage the shell draws the page from the fallback and reports the failure.
 */

// This file's beacons come from an address of their own (the server trusts the proxy here).
test.use({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.62' } });

const work = path.join(e2eTmp, 'remote-releases');

/** The member the browser check signs in as (an account kept for it, as a deployment keeps one). */
let checker: TestAccount | undefined;

/** `npm run remotes -- …` on this server's storage: its exit code and what it printed. */
function remotes(...args: string[]): { code: number; out: string } {
  const run = spawnSync(process.execPath, [path.join(root, 'dist/apps/api/remotes.js'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RELEASE_ACTOR: 'e2e',
      ...(checker && { RELEASE_CHECK_EMAIL: checker.email, RELEASE_CHECK_PASSWORD: checker.password }),
    },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: run.status ?? -1, out: `${run.stdout}${run.stderr}`.trim() };
}

/** A copy of the built podcast remote whose remoteEntry.js `change` rewrites. */
function copyOfBuild(name: string, change: (entry: string) => string): string {
  const dir = path.join(work, name);
  fs.cpSync(path.join(root, 'dist/apps/podcast'), dir, { recursive: true });
  const entry = path.join(dir, 'remoteEntry.js');
  fs.writeFileSync(entry, change(fs.readFileSync(entry, 'utf8')));
  // The build's compressed copies would be served in its place: they must say the same.
  fs.rmSync(`${entry}.br`, { force: true });
  fs.rmSync(`${entry}.gz`, { force: true });
  return dir;
}

const versionOf = (out: string) => /Version: ([0-9a-f]{12}-[0-9a-f]{7})/.exec(out)?.[1] ?? '';

/** Leaves the page and answers the version its vitals beacon carried. */
const leave = async (page: Page) => ((await leaveAndCatchBeacon(page)).postDataJSON() as { remoteVersion: string });

test.describe('remote releases', () => {
  test.beforeAll(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(work, { recursive: true });
  });
  // The specs after this one meet the built-in podcast remote again.
  test.afterAll(() => fs.rmSync(path.join(dataDir, 'uploads', 'remote-releases', 'live.json'), { force: true }));

  test('publish, check and promote a version; refuse a broken one; fall back when the live one is gone', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const one = copyOfBuild('one', (entry) => entry);
    const two = copyOfBuild('two', (entry) => `${entry}\n/* release two */\n`);
    const broken = copyOfBuild('broken', (entry) => entry.replaceAll('"./App"', '"./Gone"'));

    // Publishing is idempotent; another file is another version.
    const published = remotes('publish', 'podcast', '--dir', one, '--commit', 'e2e0001');
    expect(published.code).toBe(0);
    const v1 = versionOf(published.out);
    expect(published.out).toMatch(new RegExp(`^Published podcast ${v1} \\(\\d+ files, \\d+ bytes\\)\\.`));
    expect(remotes('publish', 'podcast', '--dir', one, '--commit', 'e2e0001')).toEqual({ code: 0, out: `podcast ${v1} is already published; nothing changed.\nVersion: ${v1}` });
    const v2 = versionOf(remotes('publish', 'podcast', '--dir', two, '--commit', 'e2e0001').out);
    expect(v2).not.toBe(v1);

    expect(remotes('promote', 'podcast', v1)).toEqual({ code: 0, out: `podcast ${v1} is live (fallback: the built-in remote).` });
    // The browser check opens the pages signed in too: without an account for it, it refuses.
    expect(remotes('promote', 'podcast', v2, '--check-url', appUrl('localhost', '/').replace(/\/$/, ''))).toEqual({
      code: 1,
      out: `Refused to promote podcast ${v2}:\n  - The browser check opens the pages signed in too: set RELEASE_CHECK_EMAIL and RELEASE_CHECK_PASSWORD to an account kept for it.`,
    });
    checker = await createAccount(page.request);
    // The second is opened in Chromium against this server first (its pages, signed out and signed in).
    const checked = remotes('promote', 'podcast', v2, '--check-url', appUrl('localhost', '/').replace(/\/$/, ''));
    expect(checked).toEqual({ code: 0, out: `Opening podcast ${v2} in Chromium against ${appUrl('localhost', '/').replace(/\/$/, '')}…\npodcast ${v2} is live (fallback: ${v1}).` });

    // The server names it within two seconds, with the first version as its fallback.
    await expect
      .poll(async () => (await page.request.get(appUrl('localhost', '/remotes.json'))).json(), { timeout: 10_000 })
      .toMatchObject({ podcast: `/remotes/podcast/${v2}/remoteEntry.js?v=${v2}`, fallbacks: { podcast: `/remotes/podcast/${v1}/remoteEntry.js?v=${v1}` } });
    const entry = await page.request.get(appUrl('localhost', `/remotes/podcast/${v2}/remoteEntry.js?v=${v2}`));
    expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await entry.text()).toContain('/* release two */');

    // The site draws it, and its page views carry its version.
    const loaded: string[] = [];
    page.on('request', (r: Request) => loaded.push(new URL(r.url()).pathname));
    await page.goto(appUrl('podcast.localhost', '/'));
    await expect(page.locator('[data-remote="podcast"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(loaded).toContain(`/remotes/podcast/${v2}/remoteEntry.js`);
    expect((await leave(page)).remoteVersion).toBe(v2);

    // A copy without the expose the shell imports is refused, and nothing changes.
    const bad = versionOf(remotes('publish', 'podcast', '--dir', broken, '--commit', 'e2e0001').out);
    expect(remotes('promote', 'podcast', bad)).toEqual({ code: 1, out: `Refused to promote podcast ${bad}:\n  - remoteEntry.js does not expose "./App", which the shell imports.` });
    // A copy built against a shared-lib export the shell no longer has (its build's list of what
    // it imports names it) is refused before anyone loads it, and nothing changes.
    const stale = copyOfBuild('stale', (entry) => entry);
    const imports = JSON.parse(fs.readFileSync(path.join(stale, 'shared-imports.json'), 'utf8')) as Record<string, { names: string[] }>;
    expect(imports['@vox/ui'].names.length).toBeGreaterThan(0);
    imports['@vox/ui'].names.push('RetiredCard');
    fs.writeFileSync(path.join(stale, 'shared-imports.json'), JSON.stringify(imports));
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(stale, `shared-imports.json${ext}`), { force: true });
    const staleVersion = versionOf(remotes('publish', 'podcast', '--dir', stale, '--commit', 'e2e0001').out);
    expect(remotes('promote', 'podcast', staleVersion)).toEqual({ code: 1, out: `Refused to promote podcast ${staleVersion}:\n  - @vox/ui: the shell's copy does not export RetiredCard.` });
    // A copy whose ./App code throws has every file: the browser check is what refuses it.
    const throwing = copyOfBuild('throwing', (entry) => entry);
    const appChunk = (JSON.parse(fs.readFileSync(path.join(throwing, 'preload.json'), 'utf8'))['./App'] as string[]).map((file) => file.replace(/\?.*$/, '')).find((file) => file.endsWith('.js')) as string;
    fs.writeFileSync(path.join(throwing, appChunk), 'throw new Error("broken on purpose");');
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(throwing, `${appChunk}${ext}`), { force: true });
    const thrower = versionOf(remotes('publish', 'podcast', '--dir', throwing, '--commit', 'e2e0001').out);
    const refused = remotes('promote', 'podcast', thrower, '--check-url', appUrl('localhost', '/').replace(/\/$/, ''));
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(new RegExp(`^Opening podcast ${thrower} in Chromium against .+\nRefused to promote podcast ${thrower}:\n  - /`));
    expect(refused.out).toContain(': page error: broken on purpose');
    // Signed in too, as the member the check signs in as.
    expect(refused.out).toContain(', signed in: page error: broken on purpose');
    expect(refused.out).not.toContain('was not signed in');
    expect(remotes('status', 'podcast').out.split('\n')[0]).toBe(`podcast (site podcast): live ${v2}, fallback ${v1}`);

    // The live version's files are lost from storage: a new visitor gets the page from the fallback.
    fs.rmSync(path.join(dataDir, 'uploads', 'remotes', 'podcast', v2), { recursive: true });
    const visitor = await browser.newPage({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.63' } });
    const failure = visitor.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/vitals/remote-failures');
    await visitor.goto(appUrl('podcast.localhost', '/'));
    await expect(visitor.locator('[data-remote="podcast"]')).toBeVisible({ timeout: 20_000 });
    await expect(visitor.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(visitor.getByRole('alert')).toHaveCount(0);
    const report = (await failure).postDataJSON() as Record<string, unknown>;
    expect(report).toMatchObject({ site: 'podcast', remote: 'podcast', version: v2, fallbackVersion: v1, recovered: true });
    expect((await leave(visitor)).remoteVersion).toBe(v1);
    await expect
      .poll(() => withDb((db) => db.prepare('select remote, version, fallback_version, recovered from remote_load_failures where version = ?').all(v2)))
      .toEqual([{ remote: 'podcast', version: v2, fallback_version: v1, recovered: 1 }]);
    await visitor.close();

    // One step back; the second time changes nothing. Status shows it all, with the log.
    expect(remotes('rollback', 'podcast')).toEqual({ code: 0, out: `podcast ${v1} is live again (was ${v2}).` });
    expect(remotes('rollback', 'podcast')).toEqual({ code: 0, out: `podcast is already rolled back to ${v1}; nothing changed.` });
    const status = remotes('status', 'podcast').out;
    expect(status).toContain(`podcast (site podcast): live ${v1}, fallback none`);
    expect(status).toContain(`promote podcast ${bad}  refused: Refused to promote podcast ${bad}:`);
    expect(status).toContain(`e2e  rollback podcast ${v1}  unchanged: podcast is already rolled back to ${v1}; nothing changed.`);
  });
});
