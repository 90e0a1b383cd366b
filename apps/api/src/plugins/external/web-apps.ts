import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PATHS, resolveVariant } from '@vox/variant';
import type { Config } from '../../config';
import { SIGNED_IN_HINT_COOKIE } from '../app/auth-sessions';
import { followFile, manifestFileOf, parseManifest, parsePreloads, parseShellPreloads, routeFilesOf, shellFirstFiles } from './remotes-manifest';

/** The federated remotes the shell may load; each is served from /remotes/<name>/. */
export const REMOTE_NAMES = ['main', 'school', 'dashboard', 'podcast'] as const;

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

// Entry files keep their names across builds (the shell and other hosts find them by name),
// so browsers must revalidate them; everything under static/ carries a content hash.
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const base = path.basename(filePath).replace(/\.(br|gz)$/, '');
  const cacheable = filePath.includes(`${path.sep}static${path.sep}`) || /\.[0-9a-f]{8,}\./.test(base);
  reply.header('Cache-Control', cacheable ? LONG_CACHE : NO_CACHE);
}

/** The auth modal's own routes: a signed-out visit opens the modal at once. */
const AUTH_PATHS: ReadonlySet<string> = new Set([PATHS.login, PATHS.register, PATHS.resetPassword]);

/** Paths that name files or the API: never answered with the app's index.html. */
const NOT_APP_ROUTE = /^\/(api|remotes|static)(\/|$)/;

function wantsAppPage(url: string, accept: string | undefined): boolean {
  const pathname = url.split('?')[0];
  if (NOT_APP_ROUTE.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || (accept ?? '').includes('text/html');
}

/**
 * Serves the built web apps in the one-process setup: the shell at / with a history fallback
 * to index.html for app routes, each remote at /remotes/<name>/, and JSON 404s for the rest.
 */
async function webApps(app: FastifyInstance, { config }: { config: Config }) {
  const shellDir = path.join(config.webDir, 'shell');
  const hasShell = fs.existsSync(path.join(shellDir, 'index.html'));

  if (hasShell) {
    if (config.remotesManifest) {
      const manifestFile = path.resolve(config.remotesManifest);
      app.get('/remotes.json', async (_req, reply) => {
        reply.header('Cache-Control', NO_CACHE).type('application/json');
        return fs.promises.readFile(manifestFile, 'utf8');
      });
    }
    // The app page names the variant's remote entry in a preload hint, so the browser fetches it
    // alongside the shell's own chunks instead of after them (issue 19). When the entry is the one
    // served here, the files of its ./App (its preload.json, written by its build) follow, so they
    // do not wait for the entry to arrive and run, and then the files of the page the path shows
    // (by the route table's patterns, signed in or not by the session hint cookie), so they do not
    // wait for the route table to run and render; a remote on another origin gets its entry only.
    const manifest = followFile(manifestFileOf(config), parseManifest);
    // The shell's own first files lead (shellFirstFiles): the entry and its bootstrap chunk are the
    // largest downloads of every first load and must not wait for a free connection.
    const shellFiles = followFile(path.join(shellDir, 'index.html'), shellFirstFiles);
    const shellPreloads = followFile(path.join(shellDir, 'preload.json'), parseShellPreloads);
    const preloads = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, followFile(path.join(config.webDir, name, 'preload.json'), parsePreloads)]),
    );
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || request.url.startsWith('/api') || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      const pathname = request.url.split('?')[0];
      const remote = resolveVariant(request.headers.host ?? '', pathname).remote;
      const entry = manifest()[remote];
      if (!entry || /[<>\s]/.test(entry)) return payload;
      const shell = shellFiles();
      const links = [
        ...shell.scripts.map((file) => `<${file}>; rel=preload; as=script`),
        `<${entry}>; rel=preload; as=script`,
        ...shell.styles.map((file) => `<${file}>; rel=preload; as=style`),
      ];
      const root = `/remotes/${remote}/`;
      // A wrong guess costs bytes only: the page loads what it needs either way.
      const signedIn = Boolean(request.cookies?.[SIGNED_IN_HINT_COOKIE]);
      if (entry === `${root}remoteEntry.js` && remote in preloads) {
        const remotePreloads = preloads[remote]();
        const files = [...remotePreloads.app, ...routeFilesOf(remotePreloads, pathname, signedIn)];
        for (const file of new Set(files)) links.push(`<${root}${file}>; rel=preload; as=${file.includes('.css') ? 'style' : 'script'}`);
      }
      // A signed-out visit that opens the auth modal at once (the dashboard's staff gate, the modal's
      // routes) gets the modal's forms too, last: they show over the page, after it.
      if (!signedIn && (remote === 'dashboard' || AUTH_PATHS.has(pathname.toLowerCase()))) {
        for (const file of shellPreloads().authModal) links.push(`</${file}>; rel=preload; as=${file.includes('.css') ? 'style' : 'script'}`);
      }
      reply.header('Link', links.join(', '));
      return payload;
    });
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
    for (const name of REMOTE_NAMES) {
      const dir = path.join(config.webDir, name);
      if (!fs.existsSync(dir)) continue;
      await app.register(fastifyStatic, {
        root: dir,
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        preCompressed: true,
        setHeaders: setCacheHeaders,
      });
    }
  }

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    if (hasShell && (request.method === 'GET' || request.method === 'HEAD') && wantsAppPage(request.url, request.headers.accept)) {
      reply.header('Cache-Control', NO_CACHE);
      return reply.sendFile('index.html', shellDir, { cacheControl: false });
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}

export default fp(webApps, { name: 'web-apps' });
