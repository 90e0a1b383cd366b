import http from 'node:http';
import https from 'node:https';
import type { BrowserContext } from 'playwright';
import type { Storage } from '../plugins/app/storage';
import { fileKey, readJson, type ReleasableRemote } from './remote-releases';

/**
 * What the shell loads from every remote (apps/shell/src/federation/remotes.ts: `loadRemote(`${name}/App`)`),
 * and what that module must provide: `Frame` and `Page` (main, school, podcast) or a default App
 * (the dashboard). A remote entry lists its exposes by name in its container's module map.
 */
const SHELL_IMPORTS = ['./App'] as const;

async function text(storage: Storage, key: string): Promise<string | undefined> {
  const body = await storage.get(key);
  if (!body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The stored candidate's entry: present, exposing everything the shell imports, and every file
 * its preload.json names for `./App` (the files of the exposed module) present too.
 */
export async function checkStoredFiles(storage: Storage, remote: ReleasableRemote, version: string): Promise<string[]> {
  const entry = await text(storage, fileKey(remote, version, 'remoteEntry.js'));
  if (entry === undefined) return ['remoteEntry.js is missing.'];
  const problems: string[] = [];
  for (const name of SHELL_IMPORTS) {
    if (!entry.includes(`"${name}"`) && !entry.includes(`'${name}'`)) problems.push(`remoteEntry.js does not expose "${name}", which the shell imports.`);
  }
  const preload = await readJson<{ './App'?: unknown }>(storage, fileKey(remote, version, 'preload.json')).catch(() => undefined);
  const appFiles = Array.isArray(preload?.['./App']) ? (preload['./App'] as unknown[]).filter((f): f is string => typeof f === 'string') : [];
  for (const file of appFiles) {
    const clean = file.replace(/\?.*$/, '');
    if (!(await storage.head(fileKey(remote, version, clean)))) problems.push(`${clean}, a file of "./App", is missing.`);
  }
  return problems;
}

/** The host of a remote's site on a local server (Chromium resolves *.localhost to the machine itself). */
const SITE_HOSTS: Record<ReleasableRemote, string> = { main: 'localhost', school: 'school.localhost', podcast: 'podcast.localhost', dashboard: 'dashboard.localhost' };

interface RouteRow {
  pattern?: unknown;
  signInOnly?: unknown;
}

/** Routes that end the member's session: the signed-in pass would go on signed out (the signed-out pass opens them). */
const SIGNS_OUT = ['/auth/ms/logout'];

/**
 * The candidate's own routes without parameters a visitor can open: signed out, those without a
 * sign-in gate; signed in, all of them (the dashboard has one page).
 */
async function routesOf(storage: Storage, remote: ReleasableRemote, version: string, signedIn: boolean): Promise<string[]> {
  if (remote === 'dashboard') return ['/metrics'];
  const preload = await readJson<{ routes?: RouteRow[] }>(storage, fileKey(remote, version, 'preload.json')).catch(() => undefined);
  const paths = (preload?.routes ?? [])
    .filter((row) => typeof row.pattern === 'string' && !row.pattern.includes(':') && (signedIn ? !SIGNS_OUT.includes(row.pattern) : row.signInOnly !== true))
    .map((row) => row.pattern as string);
  return paths.length ? [...new Set(paths)] : ['/'];
}

/** The member the browser check signs in as (RELEASE_CHECK_EMAIL, RELEASE_CHECK_PASSWORD): an account kept for it. */
interface CheckAccount {
  email: string;
  password: string;
}

/**
 * GET of `pathname` from the server at `api` as the site `host` (the name need not resolve here:
 * Chromium resolves *.localhost itself, Node does not), uncompressed.
 */
function getAs(api: URL, host: string, pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const client = api.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get({ hostname: api.hostname, port: api.port, path: pathname, headers: { ...headers, host, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept = Object.entries(res.headers).filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name));
        resolve({ status: res.statusCode ?? 502, headers: Object.fromEntries(kept.map(([name, value]) => [name, String(value)])), body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Loads the candidate in headless Chromium against a running API (`apiUrl`, whose storage holds
 * the candidate) on each of its routes, signed out and then signed in as `account`: the page's
 * first data block is rewritten so the shell loads the candidate instead of the live version.
 * Any console error, uncaught page error or error boundary (the shell's `.vox-remote-error`) is
 * a problem, named with its route (and "signed in" on the second pass).
 */
export async function checkInBrowser(
  storage: Storage,
  remote: ReleasableRemote,
  version: string,
  apiUrl: string,
  account: CheckAccount,
  chromiumPath = '/usr/bin/chromium',
): Promise<string[]> {
  const { chromium } = await import('playwright');
  const api = new URL(apiUrl);
  const origin = `${api.protocol}//${SITE_HOSTS[remote]}:${api.port || (api.protocol === 'https:' ? 443 : 80)}`;
  const candidateEntry = `/remotes/${remote}/${version}/remoteEntry.js?v=${version}`;
  const problems: string[] = [];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const passes = [
      { signedIn: false, routes: await routesOf(storage, remote, version, false) },
      { signedIn: true, routes: await routesOf(storage, remote, version, true) },
    ];
    for (const { signedIn, routes } of passes) {
      // Signed out, a fresh context per route; signed in, one context that signs in once (on the
      // site's own origin, so the refresh cookie is the site's, as a member's would be): every
      // page's start-up refresh rotates that cookie, and the context's jar follows it.
      let member: BrowserContext | undefined;
      if (signedIn) {
        member = await browser.newContext();
        // From a page of the site: only the browser resolves *.localhost.
        const signIn = await member.newPage();
        const answer = await signIn
          .goto(`${origin}/api/health`)
          .then(() =>
            signIn.evaluate(async (credentials) => {
              const res = await fetch('/api/users/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
              return { status: res.status, message: res.ok ? '' : (((await res.json().catch(() => ({}))) as { message?: string }).message ?? '') };
            }, { username: account.email, password: account.password }),
          )
          .catch((error: Error) => ({ status: 0, message: error.message.split('\n')[0] }));
        await signIn.close();
        if (answer.status !== 200) {
          problems.push(`signed in: the check could not sign in as ${account.email} (${answer.status}) ${answer.message}`.trim());
          await member.close();
          break;
        }
      }
      for (const route of routes) {
        const context = member ?? (await browser.newContext());
        const page = await context.newPage();
        const seen: string[] = [];
        const where = signedIn ? `${route}, signed in` : route;
        page.on('console', (message) => {
          if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
        });
        page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
        // Signed in, the page's start-up refresh must have kept the member (else the pass would
        // look at signed-out pages again).
        let refreshed: number | undefined;
        if (signedIn) page.on('response', (response) => void (new URL(response.url()).pathname === '/api/users/refresh-token' && (refreshed = response.status())));
        const host = `${SITE_HOSTS[remote]}:${api.port || (api.protocol === 'https:' ? 443 : 80)}`;
        // The page and /remotes.json come from the server as they are, with the manifest naming the
        // candidate, and no fallback either: a candidate that fails must show here, not be covered
        // by the live version.
        await page.route(
          (url) => url.origin === origin && url.pathname === route,
          async (request) => {
            try {
              const answer = await getAs(api, host, new URL(request.request().url()).pathname, request.request().headers());
              const body = answer.body
                .replace(/"fallbacks":\{[^}]*\}/, '"fallbacks":{}')
                .replace(new RegExp(`("manifest":\\{[^}]*?"${remote}":)"[^"]*"`), `$1${JSON.stringify(candidateEntry)}`);
              await request.fulfill({ status: answer.status, headers: answer.headers, body });
            } catch (error) {
              seen.push(`the server did not answer: ${(error as Error).message}`);
              await request.abort();
            }
          },
        );
        await page.route(`${origin}/remotes.json`, async (request) => {
          try {
            const answer = await getAs(api, host, '/remotes.json', request.request().headers());
            const manifest = JSON.parse(answer.body) as Record<string, unknown>;
            await request.fulfill({ status: answer.status, headers: answer.headers, json: { ...manifest, [remote]: candidateEntry, fallbacks: {} } });
          } catch (error) {
            seen.push(`the server did not answer /remotes.json: ${(error as Error).message}`);
            await request.abort();
          }
        });
        try {
          await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 30_000 });
          // The remote's frame (every remote marks it with data-remote) or the shell's error boundary.
          await page.locator('[data-remote], .vox-remote-error').first().waitFor({ timeout: 20_000 });
          await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
          if (signedIn && refreshed !== 200) seen.push(`was not signed in (the start-up refresh answered ${refreshed ?? 'nothing'})`);
          const boundary = await page.locator('.vox-remote-error').first().textContent({ timeout: 500 }).catch(() => null);
          if (boundary) seen.push(`error boundary: ${boundary.replace(/\s+/g, ' ').trim()}`);
        } catch (error) {
          seen.push(`did not load: ${(error as Error).message.split('\n')[0]}`);
        }
        problems.push(...[...new Set(seen)].map((line) => `${where}: ${line}`));
        if (member) await page.close();
        else await context.close();
      }
      await member?.close();
    }
  } finally {
    await browser.close();
  }
  return problems;
}
