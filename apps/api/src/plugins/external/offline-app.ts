import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { text as streamText } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { resolveVariant } from '@vox/variant';
import { fileKey, VERSION } from '../../releases/remote-releases';
import type { Storage } from '../app/storage';
import { followFile, type RemotesManifest } from './remotes-manifest';

type Site = 'main' | 'school' | 'dashboard' | 'podcast';

/** What each site's install shows: its name, its colours (the theme's accent and page). */
const SITES: Record<Site, { name: string; shortName: string; theme: string; background: string; description: string }> = {
  main: { name: 'VoxClub', shortName: 'VoxClub', theme: '#BA58E9', background: '#FFFFFF', description: 'Read and write scripts, hold table reads, and grow as a voice actor.' },
  school: { name: 'VoxClub School', shortName: 'VoxSchool', theme: '#BA58E9', background: '#F2F3FA', description: 'VoxClub for classes: scripts, table reads and feedback.' },
  dashboard: { name: 'VoxClub Dashboard', shortName: 'VoxDash', theme: '#BA58E9', background: '#FFFFFF', description: "VoxClub's metrics for its staff." },
  podcast: { name: 'VoxClub Podcasts', shortName: 'VoxCasts', theme: '#FF01CD', background: '#0F0D14', description: 'Episodes from VoxClub table reads.' },
};

const ICON_SIZES = [192, 512] as const;

function siteOf(host: string | undefined): Site {
  return resolveVariant(host ?? '', '/').remote as Site;
}

/** The web app manifest of a site (what Chromium needs to offer the install, and how it looks). */
function webAppManifest(site: Site) {
  const { name, shortName, theme, background, description } = SITES[site];
  return {
    id: '/',
    name,
    short_name: shortName,
    description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: theme,
    background_color: background,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/icons/${site}-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      { src: `/icons/${site}-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The app's mark (the favicon's: a V on a disc of the site's colour) as SVG. Maskable: a full
 * square of the colour with the V inside the safe zone (the middle 80%), since the platform cuts
 * its own shape out of it.
 */
function iconSvg(site: Site, size: number, maskable: boolean): string {
  const { theme, background } = SITES[site];
  const mark = site === 'podcast' ? '#16001A' : '#FFFFFF';
  const disc = maskable ? `<rect width="32" height="32" fill="${theme}"/>` : `<rect width="32" height="32" fill="${background}"/><circle cx="16" cy="16" r="15" fill="${theme}"/>`;
  const scale = maskable ? 'translate(16 16) scale(0.7) translate(-16 -16)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${disc}<path transform="${scale}" d="M9 10l7 13 7-13" stroke="${mark}" stroke-width="3.2" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

const ICON_FILE = /^(main|school|dashboard|podcast)-(maskable-)?(192|512)\.png$/;

/** The worker a deployment that turned it off serves: it removes itself and what it kept. */
const UNREGISTERING_WORKER = `// VoxClub's service worker is turned off here (OFFLINE_WORKER=off): this one removes itself.
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf('vox-') === 0; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.registration.unregister(); }));
});
`;

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** A file of the build (a name under the app's folder, maybe with its ?v= query), nothing that climbs out. */
const SAFE_FILE = /^(?!.*\.\.)[\w][\w./-]*(\?v=[0-9a-f]+)?$/;

function parsePrecache(text: string | null): PrecacheEntry[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? parsed.filter((e): e is PrecacheEntry => typeof e?.url === 'string' && SAFE_FILE.test(e.url)) : [];
  } catch {
    return [];
  }
}

/**
 * The worker of one site: its settings (the files to precache, the remotes manifest, a version
 * made of both) before the worker's text. A new build of the shell or of the site's remote, a
 * promoted or rolled-back release, or any other change of the manifest changes its bytes, so the
 * browser installs it as a new version, which precaches the remote the manifest names now.
 */
function siteWorker(template: string, site: Site, shell: PrecacheEntry[], remote: PrecacheEntry[], manifest: RemotesManifest): string {
  const precache = [...shell.map((e) => ({ url: `/${e.url}`, revision: e.revision })), ...remote];
  const settings = { site, precache, manifest };
  const version = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16);
  return `self.__VOX_OFFLINE__ = ${JSON.stringify({ ...settings, version })};\n${template}`;
}

/** A released version's entry as the served manifest names it (releases/remote-releases.ts). */
function releasedVersionOf(site: Site, entry: string | undefined): string | null {
  const match = /^\/remotes\/([a-z]+)\/([^/]+)\/remoteEntry\.js\?v=([^&]+)$/.exec(entry ?? '');
  return match && match[1] === site && match[2] === match[3] && VERSION.test(match[2]) ? match[2] : null;
}

/**
 * The precache list of the site's remote, under the URLs the pages ask for: the built-in one's
 * files when the manifest names the remote served here, a released version's (its own
 * precache.json, published with its files) when it names that, nothing for a remote on another
 * origin. A version's files never change, so its list is read from storage once.
 */
function remotePrecache(storage: Storage, built: Record<Site, () => PrecacheEntry[]>) {
  const released = new Map<string, Promise<PrecacheEntry[]>>();
  const readRelease = (site: Site, version: string) => {
    const key = fileKey(site, version, 'precache.json');
    let list = released.get(key);
    if (!list) {
      list = storage
        .get(key)
        .then(async (body) => parsePrecache(body ? await streamText(body) : null))
        .catch(() => {
          // Unreadable now (the bucket): asked again on the next request for the worker.
          released.delete(key);
          return [];
        });
      released.set(key, list);
    }
    return list;
  };
  return async (site: Site, manifest: RemotesManifest): Promise<PrecacheEntry[]> => {
    const entry = manifest[site];
    if (entry === undefined || entry === `/remotes/${site}/remoteEntry.js`) return built[site]().map((e) => ({ url: `/remotes/${site}/${e.url}`, revision: e.revision }));
    const version = releasedVersionOf(site, entry);
    if (!version) return [];
    // The version's URLs are its content hash: no revision needed; the entry is asked for with ?v=.
    return (await readRelease(site, version)).map((e) => ({ url: e.url === 'remoteEntry.js' ? entry : `/remotes/${site}/${version}/${e.url}`, revision: null }));
  };
}

/**
 * The installable app (docs/offline.md): each site's web app manifest at /manifest.webmanifest,
 * its icons at /icons/, and its service worker at /sw.js (or, turned off, a worker that removes
 * itself). All answer by the host's site, so one index.html links every site's own.
 */
export async function registerOfflineApp(app: FastifyInstance, options: { webDir: string; enabled: boolean; manifest: () => RemotesManifest; storage: Storage }) {
  const shellDir = path.join(options.webDir, 'shell');
  const template = followFile(path.join(shellDir, 'sw.js'), (text) => text);
  const precache = Object.fromEntries(
    (['shell', 'main', 'school', 'dashboard', 'podcast'] as const).map((name) => [name, followFile(path.join(options.webDir, name, 'precache.json'), parsePrecache)]),
  ) as Record<Site | 'shell', () => PrecacheEntry[]>;
  const icons = new Map<string, Promise<Buffer>>();
  const remoteFiles = remotePrecache(options.storage, precache);

  app.get('/manifest.webmanifest', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json');
    return JSON.stringify(webAppManifest(siteOf(request.headers.host)));
  });

  app.get<{ Params: { file: string } }>('/icons/:file', async (request, reply) => {
    const match = ICON_FILE.exec(request.params.file);
    if (!match) return reply.code(404).send({ error: 'Not Found', message: 'No such icon' });
    const [, site, maskable, size] = match;
    let png = icons.get(request.params.file);
    if (!png) {
      png = sharp(Buffer.from(iconSvg(site as Site, Number(size), Boolean(maskable)))).png({ compressionLevel: 9 }).toBuffer();
      icons.set(request.params.file, png);
    }
    reply.header('Cache-Control', 'public, max-age=86400').type('image/png');
    return png;
  });

  app.get('/sw.js', async (request, reply) => {
    // The browser checks the worker on each visit; it must never come from a stale HTTP cache.
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8');
    const text = template();
    if (!options.enabled || text === null || !fs.existsSync(path.join(shellDir, 'precache.json'))) return UNREGISTERING_WORKER;
    const site = siteOf(request.headers.host);
    const manifest = options.manifest();
    return siteWorker(text, site, precache.shell(), await remoteFiles(site, manifest), manifest);
  });
}
