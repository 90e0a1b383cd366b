import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper';

const MANIFEST = {
  main: '/remotes/main/remoteEntry.js',
  school: '/remotes/school/remoteEntry.js',
  dashboard: 'https://cdn.example.com/dashboard/remoteEntry.js',
  podcast: '/remotes/podcast/remoteEntry.js',
};

/**
 * The API over a web folder of its own: the shell's index.html and remotes manifest, plus what
 * `files` writes (remote folders and their preload lists); removed after the describe's tests.
 */
function servedWeb(files: (webDir: string) => void = () => undefined) {
  const served = { app: undefined as unknown as FastifyInstance, webDir: '' };
  beforeAll(async () => {
    served.webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-web-'));
    fs.mkdirSync(path.join(served.webDir, 'shell'));
    fs.writeFileSync(path.join(served.webDir, 'shell', 'index.html'), '<!doctype html><title>VoxClub</title><div id="root"></div>');
    fs.writeFileSync(path.join(served.webDir, 'shell', 'remotes.json'), JSON.stringify(MANIFEST));
    files(served.webDir);
    served.app = await build({ WEB_DIR: served.webDir });
  });
  afterAll(async () => {
    await served.app.close();
    fs.rmSync(served.webDir, { recursive: true, force: true });
  });
  return (host: string, url: string) => served.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
}

// Issue 19: an app page names its variant's remote entry in a Link preload hint, so the browser
// fetches it alongside the shell's chunks instead of after them.
describe('preload hint for the variant remote on app pages', () => {
  const page = servedWeb();

  it.each([
    ['localhost:4200', '/', '</remotes/main/remoteEntry.js>; rel=preload; as=script'],
    ['localhost:4200', '/scripts', '</remotes/main/remoteEntry.js>; rel=preload; as=script'],
    ['school.localhost:4200', '/about', '</remotes/school/remoteEntry.js>; rel=preload; as=script'],
    ['podcast.localhost:4200', '/', '</remotes/podcast/remoteEntry.js>; rel=preload; as=script'],
    ['dashboard.localhost:4200', '/', '<https://cdn.example.com/dashboard/remoteEntry.js>; rel=preload; as=script'],
    ['localhost:4200', '/x/metrics', '<https://cdn.example.com/dashboard/remoteEntry.js>; rel=preload; as=script'],
  ])('%s%s names %s', async (host, url, link) => {
    const res = await page(host, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.link).toBe(link);
  });

  it('adds no hint to API answers or files', async () => {
    expect((await page('localhost:4200', '/api/health')).headers.link).toBeUndefined();
    expect((await page('localhost:4200', '/remotes.json')).headers.link).toBeUndefined();
  });
});

// Issue 19, the next level of the chain: a remote served here has its build's preload.json (the
// files of its ./App) named after its entry, so they do not wait for the entry to arrive and run.
describe("preload hints for a same-origin remote's ./App files", () => {
  const page = servedWeb((dir) => {
    for (const remote of ['main', 'school', 'dashboard', 'podcast']) fs.mkdirSync(path.join(dir, remote));
    const files = ['static/css/3788.chunk.css?v=50fa073f', 'static/js/3788.chunk.js?v=290b189a'];
    fs.writeFileSync(path.join(dir, 'main', 'preload.json'), JSON.stringify({ './App': files }));
    // Another origin's entry: this folder's list describes a build that is not the one served.
    fs.writeFileSync(path.join(dir, 'dashboard', 'preload.json'), JSON.stringify({ './App': files }));
    // Names that do not belong in a header or outside static/ are left out; malformed JSON is none.
    fs.writeFileSync(
      path.join(dir, 'podcast', 'preload.json'),
      JSON.stringify({ './App': ['static/js/294.chunk.js?v=82e1ab26', '../secret.js', 'static/js/a>b.js', 'static/js/x.js, <evil>', 7] }),
    );
    fs.writeFileSync(path.join(dir, 'school', 'preload.json'), '{ not json');
  });

  it.each([
    [
      'localhost:4200',
      '/about',
      '</remotes/main/remoteEntry.js>; rel=preload; as=script, </remotes/main/static/css/3788.chunk.css?v=50fa073f>; rel=preload; as=style, </remotes/main/static/js/3788.chunk.js?v=290b189a>; rel=preload; as=script',
    ],
    ['podcast.localhost:4200', '/', '</remotes/podcast/remoteEntry.js>; rel=preload; as=script, </remotes/podcast/static/js/294.chunk.js?v=82e1ab26>; rel=preload; as=script'],
    ['school.localhost:4200', '/about', '</remotes/school/remoteEntry.js>; rel=preload; as=script'],
    ['dashboard.localhost:4200', '/', '<https://cdn.example.com/dashboard/remoteEntry.js>; rel=preload; as=script'],
  ])('%s%s names %s', async (host, url, link) => {
    const res = await page(host, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(link);
  });
});
