import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper';

// Issue 19: an app page names its variant's remote entry in a Link preload hint, so the browser
// fetches it alongside the shell's chunks instead of after them.
describe('preload hint for the variant remote on app pages', () => {
  let webDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-web-'));
    fs.mkdirSync(path.join(webDir, 'shell'));
    fs.writeFileSync(path.join(webDir, 'shell', 'index.html'), '<!doctype html><title>VoxClub</title><div id="root"></div>');
    fs.writeFileSync(
      path.join(webDir, 'shell', 'remotes.json'),
      JSON.stringify({
        main: '/remotes/main/remoteEntry.js',
        school: '/remotes/school/remoteEntry.js',
        dashboard: 'https://cdn.example.com/dashboard/remoteEntry.js',
        podcast: '/remotes/podcast/remoteEntry.js',
      }),
    );
    app = await build({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

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
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers.link).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).headers.link).toBeUndefined();
  });
});
