import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { main } from '../../src/releases/commands';
import { build } from '../helper';
import { startS3Server, type S3TestServer } from '../storage/s3-server';

const ENTRY = 'var main;(()=>{var m={"./App":()=>Promise.all([__webpack_require__.e(12)]).then(()=>()=>__webpack_require__(34))};})();';

/** What the shell this deployment serves exports from the shared libs (its build writes it). */
const SHELL_WEB_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-releases-shell-'));
fs.mkdirSync(path.join(SHELL_WEB_DIR, 'shell'));
fs.writeFileSync(path.join(SHELL_WEB_DIR, 'shell', 'shared-exports.json'), JSON.stringify({ '@vox/ui': { version: '0.1.2', names: ['Button', 'Page'] } }));
afterAll(() => fs.rmSync(SHELL_WEB_DIR, { recursive: true, force: true }));

const IMPORTS = { '@vox/ui': { requiredVersion: '^0.1.1', names: ['Button'] } };

/** A built remote as webpack leaves it: the entry, a chunk (with its brotli copy), preload.json and shared-imports.json. */
function builtRemote(root: string, { marker = 'one', entry = ENTRY, imports = IMPORTS as object | null } = {}): string {
  const dir = fs.mkdtempSync(path.join(root, 'dist-'));
  fs.mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), entry);
  const chunk = `console.log(${JSON.stringify(marker)});`;
  fs.writeFileSync(path.join(dir, 'static', 'js', '12.abcdef12.chunk.js'), chunk);
  fs.writeFileSync(path.join(dir, 'static', 'js', '12.abcdef12.chunk.js.br'), zlib.brotliCompressSync(chunk));
  fs.writeFileSync(path.join(dir, 'preload.json'), JSON.stringify({ './App': ['static/js/12.abcdef12.chunk.js'], routes: [] }));
  if (imports) fs.writeFileSync(path.join(dir, 'shared-imports.json'), JSON.stringify(imports));
  return dir;
}

function cli(env: Record<string, string>) {
  let tick = Date.parse('2026-11-27T10:00:00Z');
  return async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { env: { RELEASE_ACTOR: 'ada', WEB_DIR: SHELL_WEB_DIR, ...env }, out: (l) => out.push(l), err: (l) => err.push(l), now: () => new Date((tick += 1000)) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

const bytesOf = (dir: string): number =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? bytesOf(path.join(dir, entry.name)) : fs.statSync(path.join(dir, entry.name)).size), 0);

const versionIn = (out: string) => /Version: ([0-9a-f]{12}-[0-9a-f]{7})/.exec(out)?.[1] ?? '';

describe('npm run remotes (storage on disk under DATA_DIR)', () => {
  let root: string;
  let dataDir: string;
  let remotes: ReturnType<typeof cli>;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-releases-'));
    dataDir = path.join(root, 'data');
    remotes = cli({ DATA_DIR: dataDir });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('publishes a build under its version, and a second publish of it changes nothing', async () => {
    const dir = builtRemote(root);
    const first = await remotes('publish', 'main', '--dir', dir, '--commit', 'abc1234');
    const version = versionIn(first.out);
    expect(first).toEqual({ code: 0, err: '', out: `Published main ${version} (5 files, ${bytesOf(dir)} bytes).\nVersion: ${version}` });
    expect(version).toMatch(/-abc1234$/);
    expect(fs.readFileSync(path.join(dataDir, 'uploads', 'remotes', 'main', version, 'remoteEntry.js'), 'utf8')).toBe(ENTRY);
    const again = await remotes('publish', 'main', '--dir', dir, '--commit', 'abc1234');
    expect(again).toEqual({ code: 0, err: '', out: `main ${version} is already published; nothing changed.\nVersion: ${version}` });
    // Another build (one file changed) is another version.
    const other = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root, { marker: 'two' }), '--commit', 'abc1234')).out);
    expect(other).not.toBe(version);
    expect(other).toMatch(/-abc1234$/);
  });

  it('promotes, says so when promoted again, rolls back once and lists it all in status with the log', async () => {
    const p1 = (await remotes('publish', 'main', '--dir', builtRemote(root), '--commit', 'aaaaaaa')).out.split('\n');
    const p2 = (await remotes('publish', 'main', '--dir', builtRemote(root, { marker: 'two' }), '--commit', 'bbbbbbb')).out.split('\n');
    const [v1, v2] = [versionIn(p1[1]), versionIn(p2[1])];
    expect(await remotes('promote', 'main', v1)).toEqual({ code: 0, err: '', out: `main ${v1} is live (fallback: the built-in remote).` });
    expect(await remotes('promote', 'main', v2)).toEqual({ code: 0, err: '', out: `main ${v2} is live (fallback: ${v1}).` });
    expect(await remotes('promote', 'main', v2)).toEqual({ code: 0, err: '', out: `main ${v2} is already live; nothing changed.` });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'uploads', 'remote-releases', 'live.json'), 'utf8'))).toEqual({ main: { live: v2, fallback: v1 } });

    const status = await remotes('status', 'main');
    expect(status.code).toBe(0);
    expect(status.out.split('\n')).toEqual([
      `main (site main): live ${v2}, fallback ${v1}`,
      `  ${v1}  2026-11-27T10:00:01.000Z  by ada  5 files  [fallback]`,
      `  ${v2}  2026-11-27T10:00:03.000Z  by ada  5 files  [live]`,
      'Release log (latest last):',
      `  2026-11-27T10:00:02.000Z  ada  publish main ${v1}  changed: ${p1[0]}`,
      `  2026-11-27T10:00:04.000Z  ada  publish main ${v2}  changed: ${p2[0]}`,
      `  2026-11-27T10:00:05.000Z  ada  promote main ${v1}  changed: main ${v1} is live (fallback: the built-in remote).`,
      `  2026-11-27T10:00:06.000Z  ada  promote main ${v2}  changed: main ${v2} is live (fallback: ${v1}).`,
      `  2026-11-27T10:00:07.000Z  ada  promote main ${v2}  unchanged: main ${v2} is already live; nothing changed.`,
    ]);

    expect(await remotes('rollback', 'main')).toEqual({ code: 0, err: '', out: `main ${v1} is live again (was ${v2}).` });
    expect(await remotes('rollback', 'main')).toEqual({ code: 0, err: '', out: `main is already rolled back to ${v1}; nothing changed.` });
    expect((await remotes('status', 'main')).out.split('\n').slice(0, 3)).toEqual([
      `main (site main): live ${v1}, fallback none`,
      `  ${v1}  2026-11-27T10:00:01.000Z  by ada  5 files  [live]`,
      `  ${v2}  2026-11-27T10:00:03.000Z  by ada  5 files`,
    ]);
  });

  it('rolls a first promote back to the built-in remote, once', async () => {
    const v1 = versionIn((await remotes('publish', 'school', '--dir', builtRemote(root), '--commit', 'ccccccc')).out);
    await remotes('promote', 'school', v1);
    expect(await remotes('rollback', 'school')).toEqual({ code: 0, err: '', out: `school is back on the built-in remote (was ${v1}).` });
    expect(await remotes('rollback', 'school')).toEqual({ code: 0, err: '', out: 'school has no promoted version: the built-in remote is live; nothing changed.' });
    expect((await remotes('status', 'school')).out.split('\n')[0]).toBe('school (site school): live built-in, fallback none');
  });

  it('refuses a version that was never published, and a candidate that does not expose what the shell imports', async () => {
    expect(await remotes('promote', 'main', '0123456789ab-abc1234')).toEqual({ code: 1, out: '', err: 'main has no published version 0123456789ab-abc1234; see npm run remotes -- status.' });
    const broken = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root, { entry: 'var main;(()=>{var m={"./Other":()=>1};})();' }), '--commit', 'ddddddd')).out);
    expect(await remotes('promote', 'main', broken)).toEqual({ code: 1, out: '', err: `Refused to promote main ${broken}:\n  - remoteEntry.js does not expose "./App", which the shell imports.` });
    const lost = builtRemote(root, { marker: 'lost' });
    fs.rmSync(path.join(lost, 'static', 'js', '12.abcdef12.chunk.js'));
    const partial = versionIn((await remotes('publish', 'main', '--dir', lost, '--commit', 'ddddddd')).out);
    expect(await remotes('promote', 'main', partial)).toEqual({ code: 1, out: '', err: `Refused to promote main ${partial}:\n  - static/js/12.abcdef12.chunk.js, a file of "./App", is missing.` });
    expect((await remotes('status', 'main')).out.split('\n')[0]).toBe('main (site main): live built-in, fallback none');
    expect(fs.existsSync(path.join(dataDir, 'uploads', 'remote-releases', 'live.json'))).toBe(false);
    expect((await remotes('status', 'main')).out).toContain(`promote main ${broken}  refused: Refused to promote main ${broken}:`);
  });

  it('refuses a candidate that imports from a shared lib what the shell does not export, or in a version it does not provide', async () => {
    const old = builtRemote(root, { marker: 'old', imports: { '@vox/ui': { requiredVersion: '^0.1.0', names: ['Button', 'OldCard'] }, '@vox/contract': { requiredVersion: '^0.1.0', names: ['endpoints'] } } });
    const oldVersion = versionIn((await remotes('publish', 'main', '--dir', old, '--commit', 'fffffff')).out);
    expect(await remotes('promote', 'main', oldVersion)).toEqual({
      code: 1,
      out: '',
      err: `Refused to promote main ${oldVersion}:\n  - @vox/ui: the shell's copy does not export OldCard.\n  - @vox/contract: the shell provides no such shared lib (a generation it no longer has).`,
    });
    const newer = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root, { marker: 'newer', imports: { '@vox/ui': { requiredVersion: '^0.1.3', names: ['Page'] } } }), '--commit', 'fffffff')).out);
    expect((await remotes('promote', 'main', newer)).err).toBe(`Refused to promote main ${newer}:\n  - @vox/ui: the remote needs ^0.1.3, the shell provides 0.1.2.`);
    const unlisted = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root, { marker: 'unlisted', imports: null }), '--commit', 'fffffff')).out);
    expect((await remotes('promote', 'main', unlisted)).err).toBe(
      `Refused to promote main ${unlisted}:\n  - shared-imports.json is missing: the candidate was built without the list of what it imports from the shared libs.`,
    );
    expect((await remotes('status', 'main')).out.split('\n')[0]).toBe('main (site main): live built-in, fallback none');
  });

  it('refuses a browser check it cannot run signed in: no account named for it', async () => {
    const version = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root), '--commit', 'abc1234')).out);
    expect(await remotes('promote', 'main', version, '--check-url', 'http://localhost:9')).toEqual({
      code: 1,
      out: '',
      err: `Refused to promote main ${version}:\n  - The browser check opens the pages signed in too: set RELEASE_CHECK_EMAIL and RELEASE_CHECK_PASSWORD to an account kept for it.`,
    });
  });

  it('answers bad usage with the usage and exit code 2', async () => {
    expect((await remotes('publish', 'shell')).code).toBe(2);
    expect((await remotes('publish', 'shell')).err).toBe('Unknown remote: shell (one of main, school, dashboard, podcast).');
    expect((await remotes('promote', 'main')).err).toMatch(/^Wrong arguments for promote\.\n\nUsage: npm run remotes -- <command>/);
    expect((await remotes('publish', 'main', '--dir', path.join(root, 'nothing'), '--commit', 'abc1234')).err).toBe(`${path.join(root, 'nothing')} holds no remoteEntry.js: build the main remote first.`);
  });
});

describe('npm run remotes with the S3 bucket (S3_*)', () => {
  let s3: S3TestServer;
  let root: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-releases-'));
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('publishes to the bucket (nothing on disk), promotes and lists from it', async () => {
    const remotes = cli({ DATA_DIR: path.join(root, 'data'), ...s3.env });
    const version = versionIn((await remotes('publish', 'podcast', '--dir', builtRemote(root), '--commit', 'eeeeeee')).out);
    expect((await remotes('publish', 'podcast', '--dir', builtRemote(root), '--commit', 'eeeeeee')).out).toBe(`podcast ${version} is already published; nothing changed.\nVersion: ${version}`);
    expect(await remotes('promote', 'podcast', version)).toEqual({ code: 0, err: '', out: `podcast ${version} is live (fallback: the built-in remote).` });
    expect((await remotes('status', 'podcast')).out.split('\n').slice(0, 2)).toEqual([`podcast (site podcast): live ${version}, fallback built-in`, `  ${version}  2026-11-27T10:00:01.000Z  by ada  5 files  [live]`]);
    expect(fs.existsSync(path.join(root, 'data', 'uploads'))).toBe(false);
  });
});

describe('the API serves the promoted versions', () => {
  let root: string;
  let app: FastifyInstance;
  let remotes: ReturnType<typeof cli>;
  const BUILT_IN = { main: '/remotes/main/remoteEntry.js', school: '/remotes/school/remoteEntry.js', dashboard: '/remotes/dashboard/remoteEntry.js', podcast: '/remotes/podcast/remoteEntry.js' };
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-releases-'));
    const webDir = path.join(root, 'web');
    fs.mkdirSync(path.join(webDir, 'shell'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'shell', 'index.html'), '<!doctype html><title>VoxClub</title><div id="root"></div><script src="/static/js/main.js"></script>');
    fs.writeFileSync(path.join(webDir, 'shell', 'remotes.json'), JSON.stringify(BUILT_IN));
    remotes = cli({ DATA_DIR: path.join(root, 'data') });
    app = await build({ WEB_DIR: webDir, DATA_DIR: path.join(root, 'data') });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: 'localhost:4200', ...headers } });
  const waitFor = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 40 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  it('serves the built-in manifest until a promote, then the live version with its fallback, in /remotes.json and the page', async () => {
    expect((await get('/remotes.json')).json()).toEqual(BUILT_IN);
    const v1 = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root), '--commit', 'aaaaaaa')).out);
    const v2 = versionIn((await remotes('publish', 'main', '--dir', builtRemote(root, { marker: 'two' }), '--commit', 'bbbbbbb')).out);
    await remotes('promote', 'main', v1);
    await waitFor(async () => (await get('/remotes.json')).json().main !== BUILT_IN.main);
    expect((await get('/remotes.json')).json()).toEqual({ ...BUILT_IN, main: `/remotes/main/${v1}/remoteEntry.js?v=${v1}`, fallbacks: { main: '/remotes/main/remoteEntry.js' } });
    await remotes('promote', 'main', v2);
    const manifest = { ...BUILT_IN, main: `/remotes/main/${v2}/remoteEntry.js?v=${v2}`, fallbacks: { main: `/remotes/main/${v1}/remoteEntry.js?v=${v1}` } };
    await waitFor(async () => (await get('/remotes.json')).json().main === manifest.main);
    expect((await get('/remotes.json')).json()).toEqual(manifest);
    const page = await get('/scripts', { accept: 'text/html' });
    const block = /<script type="application\/json" id="vox-first-data">(.*?)<\/script>/.exec(page.body)?.[1] ?? 'null';
    expect(JSON.parse(block).manifest).toEqual(manifest);
    expect(page.headers.link).toContain(`</remotes/main/${v2}/remoteEntry.js?v=${v2}>; rel=preload; as=script`);
    // Rolled back, the version before is live with nothing to fall back to.
    await remotes('rollback', 'main');
    await waitFor(async () => (await get('/remotes.json')).json().main !== manifest.main);
    expect((await get('/remotes.json')).json()).toEqual({ ...BUILT_IN, main: `/remotes/main/${v1}/remoteEntry.js?v=${v1}` });
  });

  it("serves a version's files for good, brotli when taken, and 404 for what it does not hold", async () => {
    const dir = builtRemote(root, { marker: 'files' });
    // A build's server render module is published with it (docs/public-pages.md "Bodies") but is never served.
    fs.mkdirSync(path.join(dir, 'server'));
    fs.writeFileSync(path.join(dir, 'server', 'render.cjs'), 'exports.render = async () => null;');
    const version = versionIn((await remotes('publish', 'school', '--dir', dir, '--commit', 'fffffff')).out);
    const entry = await get(`/remotes/school/${version}/remoteEntry.js?v=${version}`);
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(entry.body).toBe(ENTRY);
    const chunk = await get(`/remotes/school/${version}/static/js/12.abcdef12.chunk.js`, { 'accept-encoding': 'gzip, br' });
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(chunk.rawPayload).toString()).toBe('console.log("files");');
    expect((await get(`/remotes/school/${version}/static/js/nothing.js`)).statusCode).toBe(404);
    expect((await get(`/remotes/school/0123456789ab-abc1234/remoteEntry.js`)).statusCode).toBe(404);
    expect((await get(`/remotes/school/${version}/static/js/12.abcdef12.chunk.js.br`)).statusCode).toBe(404);
    expect((await get(`/remotes/school/${version}/server/render.cjs`)).statusCode).toBe(404);
  });
});
