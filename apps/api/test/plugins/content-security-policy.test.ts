import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../helper';

/** The directives of a CSP header, by name. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );
}

describe('Content-Security-Policy from the remotes manifest and known needs', () => {
  let dir: string;
  let manifest: string;
  let app: FastifyInstance;
  const writeManifest = (main: string) =>
    fs.writeFileSync(manifest, JSON.stringify({ main, school: '/remotes/school/remoteEntry.js', dashboard: '/remotes/dashboard/remoteEntry.js', podcast: '/remotes/podcast/remoteEntry.js' }));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-csp-'));
    manifest = path.join(dir, 'remotes.json');
    writeManifest('https://cdn.example.com/voxclub/main/2026-11-20/remoteEntry.js');
    app = await build({ REMOTES_MANIFEST: manifest });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const csp = async () => directives((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);

  it('lets scripts, styles and fetches come only from this origin and the origins the manifest names', async () => {
    const policy = await csp();
    expect(policy['script-src']).toBe("'self' https://cdn.example.com");
    expect(policy['style-src']).toBe("'self' 'unsafe-inline' https://cdn.example.com");
    expect(policy['connect-src']).toBe("'self' https://cdn.example.com");
    expect(policy['frame-src']).toBe("'self'");
    expect(policy['form-action']).toBe("'self'");
    expect(policy['object-src']).toBe("'none'");
    expect(policy['default-src']).toBe("'self'");
  });

  it("lets images, media and fonts come only from this origin, the remotes' origins, and blob:/data: where the app makes them", async () => {
    const policy = await csp();
    expect(policy['img-src']).toBe("'self' data: blob: https://cdn.example.com");
    expect(policy['media-src']).toBe("'self' blob: https://cdn.example.com");
    expect(policy['font-src']).toBe("'self' data: https://cdn.example.com");
  });

  it('follows the manifest when it changes, without a restart', async () => {
    writeManifest('http://localhost:4391/remoteEntry.js');
    // The manifest is looked at again at most once a second.
    await new Promise((r) => setTimeout(r, 1100));
    const policy = await csp();
    expect(policy['script-src']).toBe("'self' http://localhost:4391");
    expect(policy['connect-src']).toBe("'self' http://localhost:4391");
  });

  it("adds Freesound's preview origin to media only when Freesound is configured", async () => {
    const withFreesound = await build({ FREESOUND_API_KEY: 'key' });
    try {
      const policy = directives((await withFreesound.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(policy['media-src']).toBe("'self' blob: https://cdn.freesound.org");
      expect(policy['img-src']).toBe("'self' data: blob:");
      expect(policy['font-src']).toBe("'self' data:");
    } finally {
      await withFreesound.close();
    }
  });

  it('adds the Microsoft sign-in authority to fetches and frames only when sign-in is configured', async () => {
    const withMs = await build({ MS_CLIENT_ID: 'client', MS_AUTHORITY: 'https://login.example.org/contoso' });
    try {
      const policy = directives((await withMs.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(policy['script-src']).toBe("'self'");
      expect(policy['connect-src']).toBe("'self' https://login.example.org");
      expect(policy['frame-src']).toBe("'self' https://login.example.org");
    } finally {
      await withMs.close();
    }
  });
});

describe("Content-Security-Policy and the shell's inline first script", () => {
  let webDir: string;
  let app: FastifyInstance;
  const writeShellPage = (html: string) => {
    fs.mkdirSync(path.join(webDir, 'shell'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'shell', 'index.html'), html);
  };
  const first = 'window.__voxEarly={refresh:fetch("/api/users/refresh-token",{method:"POST"})};';
  // Its sha256, worked out apart: `printf %s "$first" | openssl dgst -sha256 -binary | base64`.
  const firstHash = "'sha256-f7Zd602ievY9Q4GFoHJvOjg7RbiBthXpnGN2IpG8590='";

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-csp-web-'));
    writeShellPage(`<!doctype html><html><head><script>${first}</script><script defer src="/static/js/main.js"></script><script type="x"></script></head><body></body></html>`);
    app = await build({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const scriptSrc = async () => directives((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'])['script-src'];

  it('allows exactly the inline scripts of the shell page, by hash, and no inline script else', async () => {
    expect(await scriptSrc()).toBe(`'self' ${firstHash}`);
    expect(await scriptSrc()).not.toContain('unsafe-inline');
  });

  it('follows a new build of the shell page without a restart, and allows only its script', async () => {
    const next = 'window.__voxEarly={};';
    writeShellPage(`<!doctype html><html><head><script>${next}</script></head><body></body></html>`);
    await new Promise((r) => setTimeout(r, 1100));
    const nextHash = "'sha256-xDY7W8sgZ6tYy96LRyx6uNEjz09lsRVkg/yWBtG5qgs='";
    expect(await scriptSrc()).toBe(`'self' ${nextHash}`);
  });

  it('without a shell page, no hash at all', async () => {
    fs.rmSync(path.join(webDir, 'shell', 'index.html'));
    await new Promise((r) => setTimeout(r, 1100));
    expect(await scriptSrc()).toBe("'self'");
  });
});
