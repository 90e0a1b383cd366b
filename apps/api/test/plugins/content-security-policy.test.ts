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

  it('follows the manifest when it changes, without a restart', async () => {
    writeManifest('http://localhost:4391/remoteEntry.js');
    // The manifest is looked at again at most once a second.
    await new Promise((r) => setTimeout(r, 1100));
    const policy = await csp();
    expect(policy['script-src']).toBe("'self' http://localhost:4391");
    expect(policy['connect-src']).toBe("'self' http://localhost:4391");
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
