import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { saveScript } from '../../src/repositories/scripts';
import { build, createUser } from '../helper';
import { FIRST_DATA_ID } from '../../src/plugins/external/web-apps';

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
function servedWeb(files: (webDir: string) => void = () => undefined, indexHtml = '<!doctype html><title>VoxClub</title><div id="root"></div>') {
  const served = { app: undefined as unknown as FastifyInstance, webDir: '' };
  beforeAll(async () => {
    served.webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-web-'));
    fs.mkdirSync(path.join(served.webDir, 'shell'));
    fs.writeFileSync(path.join(served.webDir, 'shell', 'index.html'), indexHtml);
    fs.writeFileSync(path.join(served.webDir, 'shell', 'remotes.json'), JSON.stringify(MANIFEST));
    files(served.webDir);
    served.app = await build({ WEB_DIR: served.webDir });
  });
  afterAll(async () => {
    await served.app.close();
    fs.rmSync(served.webDir, { recursive: true, force: true });
  });
  const request = (host: string, url: string, headers: Record<string, string> = {}) =>
    served.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });
  return Object.assign(request, { app: () => served.app });
}

// An app page names its variant's remote entry in a Link preload hint, so the browser
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

// The next level of the chain: a remote served here has its build's preload.json (the
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

// One more level: the files of the page the path shows (preload.json's `routes`, one
// row per route of the remote's table) after the ./App files, by the first pattern that matches,
// signed out or, with the session hint cookie, signed in.
describe("preload hints for the page a same-origin remote's route shows", () => {
  const app = ['static/css/3788.chunk.css?v=50fa073f', 'static/js/3788.chunk.js?v=290b189a'];
  const about = ['static/css/4253.chunk.css?v=7afb7688', 'static/js/4253.chunk.js?v=97873f27'];
  const scripts = ['static/css/5712.chunk.css?v=2137e034', 'static/js/5712.chunk.js?v=c0f06a0b'];
  const page = servedWeb((dir) => {
    for (const remote of ['main', 'school', 'dashboard', 'podcast']) fs.mkdirSync(path.join(dir, remote));
    const routes = [
      { pattern: '/', signedOut: [], signedIn: scripts },
      { pattern: '/scripts', signedOut: [], signedIn: scripts },
      { pattern: '/scripts/edit/:scriptId', signedOut: [], signedIn: scripts },
      { pattern: '/about', signedOut: about, signedIn: about },
      { pattern: '/event/:eventId/register', signedOut: ['static/js/6053.chunk.js?v=004dcd5c'], signedIn: [] },
      // Matched in table order: the first pattern that matches wins.
      { pattern: '/event/:eventId', signedOut: ['static/js/9999.chunk.js?v=004dcd5c'], signedIn: [] },
      // A file ./App names too is named once.
      { pattern: '/guide', signedOut: [app[1], ...about], signedIn: [] },
    ];
    fs.writeFileSync(path.join(dir, 'main', 'preload.json'), JSON.stringify({ './App': app, routes }));
    // Another origin's entry: its route rows are not this build's either.
    fs.writeFileSync(path.join(dir, 'dashboard', 'preload.json'), JSON.stringify({ './App': [], routes }));
    // Unsafe names, odd patterns and oversized rows are left out or cut.
    fs.writeFileSync(
      path.join(dir, 'podcast', 'preload.json'),
      JSON.stringify({
        './App': [],
        routes: [
          { pattern: '/x>y', signedOut: about, signedIn: about },
          { pattern: '/about', signedOut: ['../secret.js', 'static/js/a>b.js', 'static/js/x.js, <evil>', 7, about[1]], signedIn: 'nope' },
          { pattern: '/channel/:channelId', signedOut: Array.from({ length: 20 }, (_, i) => `static/js/${i}.chunk.js`) },
          { pattern: '/(.*)', signedOut: about, signedIn: about },
        ],
      }),
    );
  });
  const links = (root: string, files: string[]) =>
    files.map((file) => `<${root}${file}>; rel=preload; as=${file.includes('.css') ? 'style' : 'script'}`).join(', ');
  const MAIN = '</remotes/main/remoteEntry.js>; rel=preload; as=script';
  const mainApp = `${MAIN}, ${links('/remotes/main/', app)}`;

  it.each([
    ['/about', `${mainApp}, ${links('/remotes/main/', about)}`],
    ['/About/?x=1', `${mainApp}, ${links('/remotes/main/', about)}`],
    ['/scripts', mainApp],
    ['/', mainApp],
    ['/event/7/register', `${mainApp}, ${links('/remotes/main/', ['static/js/6053.chunk.js?v=004dcd5c'])}`],
    ['/event/7', `${mainApp}, ${links('/remotes/main/', ['static/js/9999.chunk.js?v=004dcd5c'])}`],
    ['/guide', `${mainApp}, ${links('/remotes/main/', about)}`],
    ['/no-such-page', mainApp],
    ['/scripts/edit', mainApp],
  ])('signed out, localhost%s names %s', async (url, link) => {
    expect((await page('localhost:4200', url)).headers.link).toBe(link);
  });

  it.each([
    ['/scripts', `${mainApp}, ${links('/remotes/main/', scripts)}`],
    ['/', `${mainApp}, ${links('/remotes/main/', scripts)}`],
    ['/scripts/edit/42', `${mainApp}, ${links('/remotes/main/', scripts)}`],
    ['/about', `${mainApp}, ${links('/remotes/main/', about)}`],
    ['/event/7/register', mainApp],
  ])('with the session hint, localhost%s names %s', async (url, link) => {
    const res = await page('localhost:4200', url, { cookie: 'vox_signed_in=1' });
    expect(res.headers.link).toBe(link);
  });

  it('names no route files for a remote on another origin', async () => {
    expect((await page('dashboard.localhost:4200', '/about')).headers.link).toBe('<https://cdn.example.com/dashboard/remoteEntry.js>; rel=preload; as=script');
  });

  it('keeps only safe files, known patterns and at most 8 files a row', async () => {
    const PODCAST = '</remotes/podcast/remoteEntry.js>; rel=preload; as=script';
    expect((await page('podcast.localhost:4200', '/about')).headers.link).toBe(`${PODCAST}, ${links('/remotes/podcast/', [about[1]])}`);
    expect((await page('podcast.localhost:4200', '/about', { cookie: 'vox_signed_in=1' })).headers.link).toBe(PODCAST);
    const channel = (await page('podcast.localhost:4200', '/channel/3')).headers.link as string;
    expect(channel.split(', ')).toHaveLength(1 + 8);
    expect((await page('podcast.localhost:4200', '/x>y')).headers.link).toBe(PODCAST);
    expect((await page('podcast.localhost:4200', '/anything')).headers.link).toBe(PODCAST);
  });
});

// The shell page's own first files lead the Link header, scripts first: over HTTP/1.1
// the browser has six connections, and the Link header's preloads are asked for before the
// page's own tags, so the entry and its bootstrap chunk (the largest downloads) must not queue
// behind the remote's small files.
describe("the shell page's own files first", () => {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"/><script>window.__voxEarly={}</script>' +
    '<script defer="defer" src="/static/js/main.2a5d461f.js" fetchpriority="high"></script>' +
    '<link href="/static/css/main.7f9f0922.css" rel="stylesheet">' +
    '<link rel="preload" as="style" href="/static/css/272.chunk.css?v=608fc4f4">' +
    '<link rel="preload" as="script" href="/static/js/272.chunk.js?v=507f237f">' +
    '<link rel="icon" href="/static/favicon.svg">' +
    '<script src="https://cdn.example.com/x.js"></script>' +
    '</head><body><script src="/static/js/late.js"></script><div id="root"></div></body></html>';
  const page = servedWeb((dir) => {
    fs.mkdirSync(path.join(dir, 'main'));
    fs.writeFileSync(path.join(dir, 'main', 'preload.json'), JSON.stringify({ './App': ['static/js/788.chunk.js?v=c92cf434'] }));
  }, html);

  it('names the entry and the bootstrap chunk, then the remote entry, the stylesheets and the remote files', async () => {
    const res = await page('localhost:4200', '/about');
    expect(res.headers.link).toBe(
      [
        '</static/js/main.2a5d461f.js>; rel=preload; as=script',
        '</static/js/272.chunk.js?v=507f237f>; rel=preload; as=script',
        '</remotes/main/remoteEntry.js>; rel=preload; as=script',
        '</static/css/main.7f9f0922.css>; rel=preload; as=style',
        '</static/css/272.chunk.css?v=608fc4f4>; rel=preload; as=style',
        '</remotes/main/static/js/788.chunk.js?v=c92cf434>; rel=preload; as=script',
      ].join(', '),
    );
  });
});

// A signed-out visit that opens the auth modal at once (the dashboard's staff gate, the
// modal's own routes) names the modal's lazy chunk (the shell's preload.json), after the page's files.
describe("the auth modal's files where it opens at once", () => {
  const modal = ['static/css/756.chunk.css?v=1a2b3c4d', 'static/js/756.chunk.js?v=5e6f7a8b', '../secret.js'];
  const page = servedWeb((dir) => {
    fs.writeFileSync(path.join(dir, 'shell', 'preload.json'), JSON.stringify({ authModal: modal }));
  });
  const modalLinks = ['</static/css/756.chunk.css?v=1a2b3c4d>; rel=preload; as=style', '</static/js/756.chunk.js?v=5e6f7a8b>; rel=preload; as=script'];

  it.each([
    ['dashboard.localhost:4200', '/'],
    ['localhost:4200', '/login'],
    ['school.localhost:4200', '/register'],
    ['podcast.localhost:4200', '/ResetPassword'],
  ])('%s%s names them, signed out', async (host, url) => {
    const links = (await page(host, url)).headers.link as string;
    expect(links.split(', ').slice(-2)).toEqual(modalLinks);
  });

  it.each([
    ['localhost:4200', '/about', {}],
    ['localhost:4200', '/scripts', {}],
    ['dashboard.localhost:4200', '/', { cookie: 'vox_signed_in=1' }],
    ['localhost:4200', '/login', { cookie: 'vox_signed_in=1' }],
  ])('%s%s does not', async (host, url, headers) => {
    expect((await page(host, url, headers)).headers.link).not.toContain('756.chunk');
  });
});

// Every app page carries what its first script would fetch
// before the first render, the remotes manifest and the public config, in a JSON data block just
// before that script; the shell's early-script.js reads the block by its id.
describe('the app page carries the manifest and the public config', () => {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"/><title>VoxClub</title><script>window.first=1</script>' +
    '<script defer="defer" src="/static/js/main.2a5d461f.js"></script></head><body><div id="root"></div></body></html>';
  const served = { webDir: '' };
  const page = servedWeb((dir) => {
    served.webDir = dir;
  }, html);
  const blockOf = (text: string) => /<script type="application\/json" id="vox-first-data">(.*?)<\/script>/.exec(text)?.[1];

  it.each([
    ['localhost:4200', '/', { showcase: { scenes: [] } }],
    ['localhost:4200', '/scripts', { showcase: { scenes: [] } }],
    ['localhost:4200', '/about', {}],
    ['podcast.localhost:4200', '/', {}],
    ['school.localhost:4200', '/scripts', {}],
    ['dashboard.localhost:4200', '/x/metrics', {}],
  ])('%s%s: the block, before the first script, with the manifest file and /api/config/public (and the front door its demo scenes)', async (host, url, more) => {
    const res = await page(host, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const config = await page(host, '/api/config/public');
    expect(JSON.parse(blockOf(res.body) ?? 'null')).toEqual({ manifest: MANIFEST, publicConfig: config.json(), ...more });
    expect(res.body.indexOf('id="vox-first-data"')).toBeLessThan(res.body.indexOf('<script>window.first=1</script>'));
    // The rest of the page is the file, unchanged, but for its head: the file's title swapped for
    // the path's own head tags (one title; services/public-pages, test/routes/public-pages.test.ts).
    const headTags = /\s*<(?:title>[\s\S]*?<\/title|meta (?:name|property)="[^"]*" content="[^"]*"|link rel="canonical" href="[^"]*")>\s*/g;
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.replace(/<script type="application\/json" id="vox-first-data">.*?<\/script>/, '').replace(headTags, '')).toBe(html.replace(headTags, ''));
  });

  it("carries the front door's demo scenes as GET /api/showcase answers them, new as they change; not for a member", async () => {
    const app = page.app();
    const owner = await createUser(app, { handle: 'voxclub' });
    await app.db.updateTable('users').set({ name: 'VoxClub', email: null }).where('id', '=', owner.id).execute();
    const { id } = await saveScript(app.db, owner.id, {
      title: 'Macbeth, Act I, Scene 1',
      synopsis: 'Three witches.',
      genre: 'Tragedy',
      language: 'en',
      visibility: 'public',
      isFree: true,
      roles: [{ name: 'First Witch', description: 'A witch.' }],
      lines: [{ kind: 'dialogue', role: 'First Witch', parenthetical: null, text: 'When shall we three meet again?' }],
    });
    const showcase = (await page('localhost:4200', '/api/showcase')).json();
    expect(showcase.scenes.map((s: { scriptId: string }) => s.scriptId)).toEqual([id]);
    for (const [encoding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const) {
      const res = await page('localhost:4200', '/scripts', { 'accept-encoding': encoding });
      expect(JSON.parse(blockOf(decode(res.rawPayload).toString('utf8')) ?? 'null').showcase).toEqual(showcase);
    }
    // The signed-in hint: a member's /scripts is their list, which does not read them.
    const member = await page('localhost:4200', '/scripts', { cookie: 'vox_signed_in=1' });
    expect(Object.keys(JSON.parse(blockOf(member.body) ?? 'null'))).toEqual(['manifest', 'publicConfig']);
    await app.db.deleteFrom('scripts').where('id', '=', id).execute();
    expect(JSON.parse(blockOf((await page('localhost:4200', '/')).body) ?? 'null').showcase).toEqual({ scenes: [] });
  });

  it('is sent in brotli or gzip as the browser accepts, the same page', async () => {
    const plain = await page('localhost:4200', '/about');
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await page('localhost:4200', '/about', { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(body.toString('utf8')).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('follows the manifest file; a value cannot close the block; a malformed file leaves the manifest out', async () => {
    const file = path.join(served.webDir, 'shell', 'remotes.json');
    const moved = { ...MANIFEST, main: 'https://cdn.example.com/main/remoteEntry.js?x=</script><script>alert(1)</script>' };
    fs.writeFileSync(file, JSON.stringify(moved));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await page('localhost:4200', '/');
    expect(res.body).not.toContain('alert(1)</script>');
    expect(JSON.parse(blockOf(res.body) ?? 'null').manifest).toEqual(moved);
    fs.writeFileSync(file, '{ "main": ');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 10000));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(Object.keys(JSON.parse(blockOf((await page('localhost:4200', '/about')).body) ?? 'null'))).toEqual(['publicConfig']);
    fs.writeFileSync(file, JSON.stringify(MANIFEST));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 15000));
  });

  it("is the block the shell's first script reads", () => {
    const script = fs.readFileSync(path.join(__dirname, '../../../shell/src/early-script.js'), 'utf8');
    expect(script).toContain(`document.getElementById('${FIRST_DATA_ID}')`);
    expect(FIRST_DATA_ID).toBe('vox-first-data');
  });
});
