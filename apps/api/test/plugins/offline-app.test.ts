import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper';

const MANIFEST = {
  main: '/remotes/main/remoteEntry.js',
  school: '/remotes/school/remoteEntry.js',
  dashboard: '/remotes/dashboard/remoteEntry.js',
  podcast: 'https://cdn.example.com/podcast/remoteEntry.js',
};
const WORKER = '/* the worker */\n';

/** The API over a built web folder: the shell with its worker and precache list, the main and podcast remotes' lists. */
function servedWeb(env: Record<string, string> = {}) {
  const served = { app: undefined as unknown as FastifyInstance, webDir: '' };
  beforeAll(async () => {
    served.webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-web-'));
    for (const dir of ['shell', 'main', 'podcast']) fs.mkdirSync(path.join(served.webDir, dir));
    fs.writeFileSync(path.join(served.webDir, 'shell', 'index.html'), '<!doctype html><title>VoxClub</title><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>');
    fs.writeFileSync(path.join(served.webDir, 'shell', 'remotes.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(served.webDir, 'shell', 'sw.js'), WORKER);
    fs.writeFileSync(path.join(served.webDir, 'shell', 'precache.json'), JSON.stringify([{ url: 'static/js/main.1234abcd.js', revision: null }, { url: 'static/js/90.chunk.js?v=428ccc63', revision: null }]));
    fs.writeFileSync(path.join(served.webDir, 'main', 'precache.json'), JSON.stringify([{ url: 'remoteEntry.js', revision: 'aa11' }, { url: 'static/js/2131.chunk.js?v=a98f26b1', revision: null }, { url: '../secret.js', revision: null }]));
    fs.writeFileSync(path.join(served.webDir, 'podcast', 'precache.json'), JSON.stringify([{ url: 'remoteEntry.js', revision: 'bb22' }]));
    served.app = await build({ WEB_DIR: served.webDir, ...env });
  });
  afterAll(async () => {
    await served.app.close();
    fs.rmSync(served.webDir, { recursive: true, force: true });
  });
  return Object.assign((host: string, url: string) => served.app.inject({ method: 'GET', url, headers: { host } }), { webDir: () => served.webDir, app: () => served.app });
}

/** The settings a served worker carries before its text. */
function settingsOf(body: string) {
  const m = /^self\.__VOX_OFFLINE__ = (.*);\n/.exec(body);
  expect(m).not.toBeNull();
  return JSON.parse(m?.[1] ?? 'null') as { site: string; version: string; precache: Array<{ url: string; revision: string | null }>; manifest: Record<string, string> };
}

describe('the installable app', () => {
  const get = servedWeb();

  it.each([
    ['localhost:4200', 'VoxClub', 'VoxClub', '#BA58E9', '#FFFFFF', 'main'],
    ['school.localhost:4200', 'VoxClub School', 'VoxSchool', '#BA58E9', '#F2F3FA', 'school'],
    ['dashboard.localhost:4200', 'VoxClub Dashboard', 'VoxDash', '#BA58E9', '#FFFFFF', 'dashboard'],
    ['podcast.localhost:4200', 'VoxClub Podcasts', 'VoxCasts', '#FF01CD', '#0F0D14', 'podcast'],
  ])('%s serves its own manifest', async (host, name, shortName, theme, background, site) => {
    const res = await get(host, '/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.json()).toMatchObject({
      name,
      short_name: shortName,
      start_url: '/',
      display: 'standalone',
      theme_color: theme,
      background_color: background,
      icons: [
        { src: `/icons/${site}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: `/icons/${site}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: `/icons/${site}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it.each([
    ['main-192.png', 192],
    ['podcast-512.png', 512],
    ['school-maskable-512.png', 512],
  ])('draws the icon %s as a PNG of its size', async (file, size) => {
    const res = await get('localhost:4200', `/icons/${file}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
  });

  it('answers 404 for an icon it does not draw', async () => {
    expect((await get('localhost:4200', '/icons/main-64.png')).statusCode).toBe(404);
    expect((await get('localhost:4200', '/icons/other-192.png')).statusCode).toBe(404);
  });

  it("serves each site's worker: the shell's files, the site's remote's when served here, the manifest, a version", async () => {
    const main = await get('localhost:4200', '/sw.js');
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(main.headers['cache-control']).toBe('no-cache');
    expect(main.body.endsWith(WORKER)).toBe(true);
    const settings = settingsOf(main.body);
    expect(settings.site).toBe('main');
    expect(settings.manifest).toEqual(MANIFEST);
    // The unsafe name is left out.
    expect(settings.precache).toEqual([
      { url: '/static/js/main.1234abcd.js', revision: null },
      { url: '/static/js/90.chunk.js?v=428ccc63', revision: null },
      { url: '/remotes/main/remoteEntry.js', revision: 'aa11' },
      { url: '/remotes/main/static/js/2131.chunk.js?v=a98f26b1', revision: null },
    ]);
    // The podcast's remote comes from another origin: only the shell's files are precached here.
    const podcast = settingsOf((await get('podcast.localhost:4200', '/sw.js')).body);
    expect(podcast.site).toBe('podcast');
    expect(podcast.precache.map((e) => e.url)).toEqual(['/static/js/main.1234abcd.js', '/static/js/90.chunk.js?v=428ccc63']);
    expect(podcast.version).not.toBe(settings.version);
  });

  it("changes the worker's version when a remote is built again", async () => {
    const before = settingsOf((await get('localhost:4200', '/sw.js')).body).version;
    const file = path.join(get.webDir(), 'main', 'precache.json');
    fs.writeFileSync(file, JSON.stringify([{ url: 'remoteEntry.js', revision: 'cc33' }]));
    const future = new Date(Date.now() + 5000);
    fs.utimesSync(file, future, future);
    await new Promise((r) => setTimeout(r, 1100));
    const after = settingsOf((await get('localhost:4200', '/sw.js')).body);
    expect(after.version).not.toBe(before);
    expect(after.precache.at(-1)).toEqual({ url: '/remotes/main/remoteEntry.js', revision: 'cc33' });
  });
});

describe('a promoted remote release', () => {
  const get = servedWeb();
  const VERSION = '0123456789ab-abcdef0';
  /** The main site's worker once the live state (read every 2 s) names `entry`. */
  const workerOnceItNames = async (entry: string) => {
    for (let tries = 0; tries < 40; tries++) {
      const settings = settingsOf((await get('localhost:4200', '/sw.js')).body);
      if (settings.manifest.main === entry) return settings;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the worker never named ${entry}`);
  };

  it("precaches the live version's files under the URLs the pages ask for, and the built-in ones again after a rollback", async () => {
    const before = settingsOf((await get('localhost:4200', '/sw.js')).body);
    const storage = get.app().storage;
    await storage.put(`remotes/main/${VERSION}/precache.json`, Buffer.from(JSON.stringify([{ url: 'remoteEntry.js', revision: 'dd44' }, { url: 'static/js/77.chunk.js?v=0badc0de', revision: null }])));
    await storage.put('remote-releases/live.json', Buffer.from(JSON.stringify({ main: { live: VERSION, fallback: null } })));
    const promoted = await workerOnceItNames(`/remotes/main/${VERSION}/remoteEntry.js?v=${VERSION}`);
    expect(promoted.version).not.toBe(before.version);
    expect(promoted.precache.slice(2)).toEqual([
      { url: `/remotes/main/${VERSION}/remoteEntry.js?v=${VERSION}`, revision: null },
      { url: `/remotes/main/${VERSION}/static/js/77.chunk.js?v=0badc0de`, revision: null },
    ]);
    // Nothing of the built-in remote the manifest no longer names.
    expect(promoted.precache.some((e) => e.url.startsWith('/remotes/main/remoteEntry.js') || e.url.startsWith('/remotes/main/static/'))).toBe(false);

    await storage.delete('remote-releases/live.json');
    const rolledBack = await workerOnceItNames('/remotes/main/remoteEntry.js');
    expect(rolledBack.precache.slice(2).map((e) => e.url)).toEqual(['/remotes/main/remoteEntry.js', '/remotes/main/static/js/2131.chunk.js?v=a98f26b1']);
    expect(rolledBack.version).toBe(before.version);
  });
});

describe('the worker turned off (OFFLINE_WORKER=off)', () => {
  const get = servedWeb({ OFFLINE_WORKER: 'off' });

  it('serves a worker that deletes its caches and unregisters itself', async () => {
    const res = await get('localhost:4200', '/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('__VOX_OFFLINE__');
    expect(res.body).toContain('self.registration.unregister()');
    expect(res.body).toContain("name.indexOf('vox-') === 0");
  });
});
