import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper';

const MANIFEST = {
  main: '/remotes/main/remoteEntry.js',
  school: '/remotes/school/remoteEntry.js',
  dashboard: '/remotes/dashboard/remoteEntry.js',
  podcast: 'https://cdn.example.com/podcast/remoteEntry.js',
};

// A stand-in for a remote's server render module (apps/shell/src/server/render.tsx): it draws what
// it was asked, renders /about, /faq and any /event/ path, and throws on /guide; /faq reads GET /api/health
// and /api/users/me as its queries would (a visitor's read of the second is refused). /faq?n counts
// the drawings it made, each taking 50 ms (what a visit sees of the data a moment ago).
const RENDER_MODULE = `
let drawings = 0;
exports.render = async ({ url, get }) => {
  const { pathname, search } = new URL(url);
  if (search === '?n') {
    const n = ++drawings;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { html: '<main><h1>Drawing ' + n + '</h1></main>', queries: [] };
  }
  if (pathname === '/guide') throw new Error('the page threw');
  if (pathname !== '/about' && pathname !== '/faq' && !pathname.startsWith('/event/')) return null;
  const queries = [];
  if (pathname === '/faq') {
    for (const path of ['/api/health', '/api/users/me/handle-suggestion']) {
      const answer = await get(path);
      queries.push([['read', path], { status: answer.status }]);
    }
  }
  return { html: '<main><h1>Drawn for ' + url + '</h1></main>', queries };
};
`;

const INDEX = '<!doctype html><html><head><title>VoxClub</title><link rel="manifest" href="/manifest.webmanifest"/><script defer="defer" src="/static/js/main.1.js"></script></head><body><noscript>VoxClub needs JavaScript to run.</noscript><div id="root"></div></body></html>';

/**
 * A visitor's public page carries the remote's server-rendered HTML in #root, with the stylesheets
 * it needs written in, and its scripts left for after its first paint; a member, a remote served from elsewhere, a route the module does not render or
 * a render that failed get the empty shell, as before (docs/public-pages.md "Bodies").
 */
describe('server-rendered bodies of app pages', () => {
  let app: FastifyInstance;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-bodies-'));
    fs.mkdirSync(path.join(webDir, 'shell'));
    fs.writeFileSync(path.join(webDir, 'shell', 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDir, 'shell', 'remotes.json'), JSON.stringify(MANIFEST));
    for (const remote of ['main', 'podcast']) {
      fs.mkdirSync(path.join(webDir, remote, 'server'), { recursive: true });
      fs.writeFileSync(path.join(webDir, remote, 'server', 'render.cjs'), RENDER_MODULE);
    }
    // The ./App stylesheet is in the build folder; the page's is missing (linked instead).
    fs.mkdirSync(path.join(webDir, 'main', 'static', 'css'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'main', 'static', 'css', '10.chunk.css'), '.vox-a{color:red}\n/*# sourceMappingURL=10.chunk.css.map?v=aaaa1111*/');
    fs.writeFileSync(
      path.join(webDir, 'main', 'preload.json'),
      JSON.stringify({
        './App': ['static/css/10.chunk.css?v=aaaa1111', 'static/js/10.chunk.js?v=bbbb2222'],
        routes: [{ pattern: '/about', signedOut: ['static/css/20.chunk.css?v=cccc3333', 'static/js/20.chunk.js?v=dddd4444'], signedIn: [] }],
      }),
    );
    app = await build({ WEB_DIR: webDir, PUBLIC_URL: 'https://voxclub.example' });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = (host: string, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });

  it("puts the page's HTML in #root and its stylesheets in the head", async () => {
    const res = await page('localhost:4200', '/about?ref=x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><main><h1>Drawn for http://localhost:4200/about?ref=x</h1></main></div>');
    // Written in, named as the remote's chunk loader names it (so it does not load it again), without
    // the source map's comment; one missing from the build folder is linked.
    expect(res.body).toContain('<style data-href="static/css/10.chunk.css?v=aaaa1111">.vox-a{color:red}\n</style><link rel="stylesheet" href="/remotes/main/static/css/20.chunk.css?v=cccc3333"></head>');
    // It reads without scripts: the notice that the page needs them is gone.
    expect(res.body).not.toContain('<noscript>');
  });

  it('leaves its scripts and its manifest for after its first paint: the shell\'s entry as a marked preload, the remote\'s in the data block', async () => {
    const res = await page('localhost:4200', '/about');
    expect(res.body).not.toContain('<script defer');
    expect(res.body).toContain('<link rel="preload" as="script" href="/static/js/main.1.js" data-vox-entry>');
    // The install manifest too: a marked link the first script makes a manifest link.
    expect(res.body).toContain('<link href="/manifest.webmanifest" data-vox-manifest>');
    expect(res.body).not.toContain('rel="manifest"');
    const data = JSON.parse(/<script type="application\/json" id="vox-first-data">(.*?)<\/script>/.exec(res.body)![1]);
    expect(data.later).toEqual(['/remotes/main/remoteEntry.js', '/remotes/main/static/js/10.chunk.js?v=bbbb2222', '/remotes/main/static/js/20.chunk.js?v=dddd4444']);
    // The Link header still sends the shell's own scripts at once, and nothing of the remote's.
    expect(res.headers.link).toBe('</static/js/main.1.js>; rel=preload; as=script');
    // A member's page is as before: the entry runs deferred, the remote's files are preloaded.
    const member = await page('localhost:4200', '/about', { cookie: 'vox_signed_in=1' });
    expect(member.body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(member.body).toContain('<script defer="defer" src="/static/js/main.1.js"></script>');
    expect(String(member.headers.link)).toContain('</remotes/main/remoteEntry.js>; rel=preload; as=script');
  });

  it("carries the answers of the page's reads, made as a visitor (no cookie reaches them)", async () => {
    const res = await page('localhost:4200', '/faq', { cookie: 'refresh_token=whatever' });
    const data = JSON.parse(/<script type="application\/json" id="vox-first-data">(.*?)<\/script>/.exec(res.body)![1]);
    expect(data.queries).toEqual([
      [['read', '/api/health'], { status: 200 }],
      [['read', '/api/users/me/handle-suggestion'], { status: 401 }],
    ]);
  });

  it('draws the page for each visit, and once for the visits that arrive while it is being drawn', async () => {
    const drawing = (body: string) => /<h1>Drawing (\d+)<\/h1>/.exec(body)?.[1];
    const first = drawing((await page('localhost:4200', '/faq?n')).body);
    // The next visit sees the page as it is now, not a kept copy.
    const second = drawing((await page('localhost:4200', '/faq?n')).body);
    expect(Number(second)).toBe(Number(first) + 1);
    // Three at once share one drawing.
    const together = await Promise.all([0, 1, 2].map(() => page('localhost:4200', '/faq?n')));
    expect(together.map((res) => drawing(res.body))).toEqual([String(Number(second) + 1), String(Number(second) + 1), String(Number(second) + 1)]);
  });

  it('sends a member the empty shell', async () => {
    const res = await page('localhost:4200', '/about', { cookie: 'vox_signed_in=1' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Drawn for');
    expect(res.body).not.toContain('rel="stylesheet"');
    expect(res.body).toContain('<noscript>VoxClub needs JavaScript to run.</noscript><div id="root"></div>');
  });

  it('sends the empty shell for a route the module does not render, and when the render fails', async () => {
    for (const url of ['/scripts', '/guide']) {
      const res = await page('localhost:4200', url);
      expect([url, res.statusCode, res.body.includes('<div id="root"></div>')]).toEqual([url, 200, true]);
    }
  });

  it('draws no body where the path names nothing public (the head is the generic one), whatever the module would draw', async () => {
    const res = await page('localhost:4200', '/event/no-such-event');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Drawn for');
  });

  it('renders with the module of the remote served here only', async () => {
    // The podcast remote is served from another origin: its folder's module is not that build's.
    const res = await page('podcast.localhost:4200', '/about');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('never serves the render module as a file', async () => {
    for (const url of ['/remotes/main/server/render.cjs', '/remotes/main/server/', '/remotes/podcast/server/render.cjs']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost:4200' } });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });
});
