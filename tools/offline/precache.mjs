#!/usr/bin/env node
// After an app's build: the files its service worker precaches, with a revision each, listed by
// workbox-build (getManifest) into dist/apps/<app>/precache.json. The shell's list is every
// script and stylesheet it builds (a few lazy chunks beside the first route's) but Microsoft
// sign-in's, which needs the network anyway; it also gets
// the worker's own text (apps/shell/src/offline/take-sync.js, then service-worker.js) as dist/apps/shell/sw.js; a
// remote's is its entry and its ./App files (preload.json), since a site's pages are cached as
// they are used. The API serves /sw.js per site from these (docs/offline.md).
// Usage: node tools/offline/precache.mjs <app> [dir]   (dir: the app's build, dist/apps/<app> by default)
import fs from 'node:fs';
import path from 'node:path';
import { getManifest } from 'workbox-build';

const root = path.resolve(import.meta.dirname, '../..');
const app = process.argv[2];
if (!['shell', 'main', 'school', 'dashboard', 'podcast'].includes(app)) {
  console.error('usage: node tools/offline/precache.mjs <shell|main|school|dashboard|podcast> [dir]');
  process.exit(2);
}
const dir = path.resolve(process.argv[3] ?? path.join(root, 'dist/apps', app));

function remotePatterns() {
  const file = path.join(dir, 'preload.json');
  const preload = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return ['remoteEntry.js', ...(preload['./App'] ?? []).map((name) => name.split('?')[0])];
}

/**
 * The ?v=<hash> each chunk is asked for with (tools/webpack/web.config.cjs: the files keep their
 * names, the query changes with their content), read from the build's webpack runtime (the
 * shell's main.js, a remote's remoteEntry.js): the worker keeps each file under the URL the pages
 * ask for.
 */
function chunkVersions() {
  const runtime = app === 'shell' ? fs.readdirSync(path.join(dir, 'static/js')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name)) : null;
  const text = fs.readFileSync(path.join(dir, runtime ? `static/js/${runtime}` : 'remoteEntry.js'), 'utf8');
  const versions = { js: {}, css: {} };
  for (const [, kind, map] of text.matchAll(/"static\/(js|css)\/"\+\w+\+"\.chunk\.(?:js|css)\?v="\+(\{[^}]*\})/g)) {
    for (const [, id, hash] of map.matchAll(/"?([\w-]+)"?:"([0-9a-f]+)"/g)) versions[kind][id] = hash;
  }
  return versions;
}

const versions = chunkVersions();

/** Files of packages that only work online (Microsoft sign-in): not worth every visitor's download at install. */
const ONLINE_ONLY = ['@azure/msal-browser'];
function onlineOnlyFiles() {
  const file = path.join(root, 'dist/bundle-contents', `${app}.json`);
  if (!fs.existsSync(file)) return new Set();
  const { files } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return new Set(Object.entries(files).filter(([, info]) => (info.packages ?? []).some((name) => ONLINE_ONLY.includes(name))).map(([name]) => name));
}
const onlineOnly = onlineOnlyFiles();
/** A chunk's URL as the pages ask for it; a file without a version in the runtime is left out. */
function versioned(entries) {
  const manifest = [];
  const warnings = [];
  for (const entry of entries) {
    const chunk = /^static\/(js|css)\/([\w-]+)\.chunk\.(?:js|css)$/.exec(entry.url);
    if (onlineOnly.has(entry.url)) continue;
    if (!chunk) manifest.push(entry);
    else if (versions[chunk[1]][chunk[2]]) manifest.push({ ...entry, url: `${entry.url}?v=${versions[chunk[1]][chunk[2]]}` });
    else warnings.push(`${entry.url}: no ?v= in the webpack runtime, left out`);
  }
  return { manifest, warnings };
}

const { manifestEntries, warnings } = await getManifest({
  globDirectory: dir,
  globPatterns: app === 'shell' ? ['static/**/*.{js,css}'] : remotePatterns(),
  // Hashed names (static/) need no revision of their own: a new content is a new URL.
  dontCacheBustURLsMatching: /^static\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  manifestTransforms: [versioned],
});
for (const warning of warnings) console.warn(`precache ${app}: ${warning}`);
const entries = manifestEntries.map(({ url, revision }) => ({ url, revision: revision ?? null }));
fs.writeFileSync(path.join(dir, 'precache.json'), `${JSON.stringify(entries)}\n`);
// The take sync first: the worker's text calls it (voxTakeSync) as it starts.
if (app === 'shell') {
  const parts = ['take-sync.js', 'service-worker.js'].map((name) => fs.readFileSync(path.join(root, 'apps/shell/src/offline', name), 'utf8'));
  fs.writeFileSync(path.join(dir, 'sw.js'), parts.join('\n'));
}
console.log(`precache ${app}: ${entries.length} files`);
