import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PATHS, resolveVariant } from '@vox/variant';
import type { Config } from '../../config';
import { NotFoundError } from '../../domain-errors';
import { SIGNED_IN_HINT_COOKIE } from '../../services/accounts/auth-sessions';
import { publicConfigOf } from '../../services/accounts/microsoft-sign-in';
import { withHead } from '../../services/public-pages/head';
import { registerOfflineApp } from './offline-app';
import { followReleasedManifest, manifestJson, serveReleasedFiles, type ServedManifest } from './released-remotes';
import { followRenderModule, sharedRenders, stylesheetTexts, withBody, type PageStyle, type Rendered } from './server-render';
import { followFile, isSignInOnly, manifestFileOf, parseManifest, parsePreloads, parseShellPreloads, routeFilesOf, shellFirstFiles } from './remotes-manifest';

/** The federated remotes the shell may load; each is served from /remotes/<name>/. */
const REMOTE_NAMES = ['main', 'school', 'dashboard', 'podcast'] as const;

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

/** Paths that name files, the API or the embeds (pages of their own): never answered with the app's index.html. */
const NOT_APP_ROUTE = /^\/(api|remotes|static|embed)(\/|$)/;

function wantsAppPage(url: string, accept: string | undefined): boolean {
  const pathname = url.split('?')[0];
  if (NOT_APP_ROUTE.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.') || (accept ?? '').includes('text/html');
}

/** The id of the app page's data block that carries what its first script would fetch. */
export const FIRST_DATA_ID = 'vox-first-data';

/**
 * The shell's index.html with the data its first script would otherwise fetch before the first
 * render ("the manifest inlined"): the remotes manifest and the public config, as a
 * JSON data block (not run, so the Content-Security-Policy's script hashes are untouched) just
 * before the first script, which reads it as it runs (apps/shell/src/early-script.js). Two
 * requests fewer on every first load; over HTTP/1.1 each took one of the six connections the
 * shell's scripts wait for. `<` is escaped, so no value can close the block.
 */
function withFirstData(html: string, data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${FIRST_DATA_ID}">${json}</script>`;
  const at = html.search(/<script\b/i);
  return at >= 0 ? html.slice(0, at) + block + html.slice(at) : html + block;
}

/**
 * A visitor's first load of the main site's front door (/, which leads to /scripts, or /scripts,
 * without the signed-in hint cookie): its page carries the demo scenes (`showcase`, the answer of
 * GET /api/showcase), so the front door draws them with its first render, with no request after
 * the page. A wrong guess costs bytes only: a member's list does not read them, and a front door
 * without them asks for them.
 */
function isFrontDoor(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0];
  if (pathname !== '/' && pathname !== PATHS.scripts) return false;
  return resolveVariant(request.headers.host ?? '', pathname).remote === 'main' && !request.cookies?.[SIGNED_IN_HINT_COOKIE];
}

type PageEncoding = 'br' | 'gzip';

/**
 * A visitor's public page as the remote's server render module drew it, the answers its queries
 * read (the page's data block carries them as `queries`, for the client's cache) and the
 * stylesheets it needs, written into the page.
 */
interface PageBody extends Rendered {
  styles: PageStyle[];
  /** The remote's scripts the page needs (its entry, ./App's and the page's chunks), fetched after its first paint. */
  later: string[];
}

interface AppPage {
  raw: Buffer;
  /** Made on the first request that asks for each encoding. */
  encoded: Partial<Record<PageEncoding, Buffer>>;
}

/**
 * A page in `encoding`, made when first asked. Brotli at quality 6, not 11: a page is made on
 * the request of a path not kept yet (every profile, episode or event someone opens), and
 * quality 11 took 38 ms of that request for a 26 KB page where 6 takes 1 ms, for 460 bytes
 * (8%) more (tools/bench/public-pages/ttfb.mjs times it).
 */
function encoded(page: AppPage, encoding: PageEncoding): Buffer {
  page.encoded[encoding] ??= encoding === 'br' ? zlib.brotliCompressSync(page.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }) : zlib.gzipSync(page.raw, { level: 6 });
  return page.encoded[encoding];
}

/** Pages kept in each encoding; past this the kept ones are dropped and made again as asked. */
const KEPT_PAGES = 500;

/**
 * The page in each encoding, made again only when one of its inputs changes. `head`: the path's
 * head tags (services/public-pages), in place of index.html's own title and description; `more`:
 * data of the page's own beside the manifest and the public config (the front door's demo scenes).
 * Pages are kept by their head and data, so every visit to a path within its head's lifetime
 * sends bytes already compressed.
 */
function appPageOf(html: () => string | null, manifest: () => ServedManifest, publicConfig: () => unknown): (head: string, more?: Record<string, unknown>, body?: PageBody | null) => AppPage | null {
  let inputs: unknown[] = [];
  const pages = new Map<string, AppPage>();
  return (head, more = {}, body = null) => {
    const next = [html(), manifest(), JSON.stringify(publicConfig())];
    if (!next.every((value, i) => value === inputs[i])) {
      inputs = next;
      pages.clear();
    }
    const [text, remotes] = next as [string | null, ServedManifest];
    if (text === null) return null;
    const key = `${head}\n${JSON.stringify(more)}\n${body ? `${body.styles.map((style) => style.href).join(' ')}\n${body.later.join(' ')}\n${body.html}\n${JSON.stringify(body.queries)}` : ''}`;
    const kept = pages.get(key);
    if (kept) return kept;
    // A missing or unreadable manifest file is left out: the shell then fetches /remotes.json.
    const withPage = body ? withBody(withHead(text, head), body.html, body.styles) : withHead(text, head);
    const raw = Buffer.from(
      withFirstData(withPage, { ...(Object.keys(remotes.entries).length ? { manifest: manifestJson(remotes) } : {}), publicConfig: publicConfig(), ...more, ...(body ? { queries: body.queries, later: body.later } : {}) }),
      'utf8',
    );
    const page: AppPage = { raw, encoded: {} };
    if (pages.size >= KEPT_PAGES) pages.clear();
    pages.set(key, page);
    return page;
  };
}

/**
 * Serves the built web apps in the one-process setup: the shell at / with a history fallback
 * to index.html for app routes, each remote at /remotes/<name>/, and JSON 404s for the rest.
 */
async function webApps(app: FastifyInstance, { config }: { config: Config }) {
  const shellDir = path.join(config.webDir, 'shell');
  const hasShell = fs.existsSync(path.join(shellDir, 'index.html'));
  let sendAppPage = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => reply.sendFile('index.html', shellDir, { cacheControl: false });

  if (hasShell) {
    // The app page names the variant's remote entry in a preload hint, so the browser fetches it
    // alongside the shell's own chunks instead of after them. When the entry is the one
    // served here, the files of its ./App (its preload.json, written by its build) follow, so they
    // do not wait for the entry to arrive and run, and then the files of the page the path shows
    // (by the route table's patterns, signed in or not by the session hint cookie), so they do not
    // wait for the route table to run and render; a remote on another origin gets its entry only.
    // The built-in manifest (REMOTES_MANIFEST, else the build's), with the promoted remotes' live
    // versions over it (npm run remotes; releases/remote-releases.ts).
    const served = await followReleasedManifest(app, app.storage, followFile(manifestFileOf(config), parseManifest));
    const manifest = () => served().entries;
    app.get('/remotes.json', async (_req, reply) => {
      // No manifest file and nothing promoted: the shell says the remotes could not be found.
      if (!Object.keys(served().entries).length) throw new NotFoundError('Not found: GET /remotes.json');
      reply.header('Cache-Control', NO_CACHE);
      return manifestJson(served());
    });
    serveReleasedFiles(app, app.storage);
    // The shell's own first files lead (shellFirstFiles): the entry and its bootstrap chunk are the
    // largest downloads of every first load and must not wait for a free connection.
    const shellFiles = followFile(path.join(shellDir, 'index.html'), shellFirstFiles);
    const shellPreloads = followFile(path.join(shellDir, 'preload.json'), parseShellPreloads);
    const pageParts = [followFile(path.join(shellDir, 'index.html'), (text) => text), served, () => publicConfigOf(app.microsoft, config)] as const;
    const appPage = appPageOf(...pageParts);
    await registerOfflineApp(app, { webDir: config.webDir, enabled: config.offlineWorker, manifest, storage: app.storage });
    const preloads = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, followFile(path.join(config.webDir, name, 'preload.json'), parsePreloads)]),
    );
    // Each remote's server render module comes with its build (docs/public-pages.md "Bodies").
    const renderers = Object.fromEntries(REMOTE_NAMES.map((name) => [name, followRenderModule(path.join(config.webDir, name, 'server', 'render.cjs'))]));
    const bodies = sharedRenders();
    const stylesheetText = stylesheetTexts();
    // The requests answered with a drawn page: their Link header preloads the shell's scripts only.
    const drawnPages = new WeakSet<FastifyRequest>();
    /**
     * A visitor's public page drawn on the server, or null: for a member (the signed-in hint
     * cookie: they get today's empty shell, and their own page from the client), a remote served
     * from elsewhere or a released version (its render module is not the one here), a route the
     * module does not render, or a render that failed (logged; the page goes out empty as before).
     */
    const bodyOf = async (request: FastifyRequest): Promise<PageBody | null> => {
      if (request.cookies?.[SIGNED_IN_HINT_COOKIE]) return null;
      const pathname = request.url.split('?')[0];
      const { remote } = resolveVariant(request.headers.host ?? '', pathname);
      const renderer = remote in renderers ? renderers[remote]() : null;
      if (!renderer || manifest()[remote] !== `/remotes/${remote}/remoteEntry.js`) return null;
      const url = `${app.publicPages.originOf(request)}${request.url}`;
      // The page's reads, as a visitor's browser would send them: no cookie, no token.
      const get = async (apiPath: string) => {
        if (!apiPath.startsWith('/api/')) return { status: 404, body: '' };
        const answer = await app.inject({ method: 'GET', url: apiPath, headers: { host: request.headers.host ?? '', accept: 'application/json' } });
        return { status: answer.statusCode, body: answer.body };
      };
      try {
        const rendered = await bodies(`${remote}\n${url}`, () => renderer.render({ url, get }));
        if (rendered === null) return null;
        const files = [...new Set([...preloads[remote]().app, ...routeFilesOf(preloads[remote](), pathname, false)])];
        const styles = files.filter((file) => file.includes('.css')).map((file) => ({ href: `/remotes/${remote}/${file}`, chunkFile: file, css: stylesheetText(path.join(config.webDir, remote), file) }));
        // The page shows before its code is needed: the remote's scripts are asked for once it is
        // on screen (apps/shell/src/early-script.js), so they never compete with the page (or its
        // pictures) for the first connections. The shell's own scripts, the larger part, still
        // leave with the page's Link header.
        const later = [manifest()[remote], ...files.filter((file) => !file.includes('.css')).map((file) => `/remotes/${remote}/${file}`)];
        drawnPages.add(request);
        return { ...rendered, styles, later };
      } catch (err) {
        request.log.warn({ err }, 'server render: the page went out without its body');
        return null;
      }
    };
    sendAppPage = async (request, reply) => {
      // A site of a deployment whose sites share no parent domain, not signed in here: first ask
      // the hub for its sign-in (a redirect there and back, before any of the page is drawn, so
      // no login button or modal flashes); it comes back at once when there is none.
      if (app.signInHandoff.shouldAsk(request) && app.signInHandoff.hub) {
        reply.header('Cache-Control', 'no-store');
        return reply.redirect(app.signInHandoff.begin(request, reply, app.signInHandoff.hub, request.url), 302);
      }
      // Without them (the database failed to answer) the page still goes out; the front door asks.
      const showcase = isFrontDoor(request)
        ? await app.firstHour.showcase().catch((err: unknown) => {
            request.log.warn({ err }, 'front door: the demo scenes were left out of the page');
            return undefined;
          })
        : undefined;
      // A body only where the head is the path's own: what the path names is public (the
      // resolvers' verdict, as for previews), and the render module renders that route.
      const head = await headOf(request);
      const body = head.own ? await bodyOf(request) : null;
      // A page the server drew carries the scenes among its queries' answers already.
      const page = appPage(head.tags, showcase && !body ? { showcase } : {}, body);
      if (!page) return reply.sendFile('index.html', shellDir, { cacheControl: false });
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      reply.header('Cache-Control', NO_CACHE).header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? encoded(page, encoding) : page.raw);
    };
    /**
     * The path's own head (link previews, search engines): noindex where the route table puts the
     * path behind a sign-in, unless the path has a public head of its own (the front door).
     */
    const headOf = (request: FastifyRequest) => {
      const pathname = request.url.split('?')[0];
      const { remote } = resolveVariant(request.headers.host ?? '', pathname);
      const gated = remote in preloads && isSignInOnly(preloads[remote](), pathname);
      return app.publicPages.headTags(request, pathname, gated);
    };
    // The root is an app page too (the static plugin below would answer it with the bare file).
    app.get('/', (request, reply) => sendAppPage(request, reply));
    app.addHook('onSend', async (request, reply, payload) => {
      const pathname = request.url.split('?')[0];
      if (request.method !== 'GET' || NOT_APP_ROUTE.test(pathname) || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      const remote = resolveVariant(request.headers.host ?? '', pathname).remote;
      const entry = manifest()[remote];
      if (!entry || /[<>\s]/.test(entry)) return payload;
      const shell = shellFiles();
      // A drawn page carries its stylesheets and asks for the remote's scripts after its first paint.
      const drawn = drawnPages.has(request);
      const links = [
        ...shell.scripts.map((file) => `<${file}>; rel=preload; as=script`),
        ...(drawn ? [] : [`<${entry}>; rel=preload; as=script`]),
        ...shell.styles.map((file) => `<${file}>; rel=preload; as=style`),
      ];
      if (drawn) {
        reply.header('Link', links.join(', '));
        return payload;
      }
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
      // Every file of the shell's build has an extension: a path whose last part has none is an app
      // page (the not-found handler's), not looked for on disk first (three stats a page: the
      // file, .br and .gz).
      allowedPath: (pathName) => pathName.slice(pathName.lastIndexOf('/') + 1).includes('.'),
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
        // The server render module is the API's to run, not a file for browsers.
        allowedPath: (pathName) => !/^\/server(\/|$)/.test(pathName),
        preCompressed: true,
        setHeaders: setCacheHeaders,
      });
    }
  }

  app.setNotFoundHandler((request, reply: FastifyReply) => {
    if (hasShell && (request.method === 'GET' || request.method === 'HEAD') && wantsAppPage(request.url, request.headers.accept)) {
      reply.header('Cache-Control', NO_CACHE);
      return sendAppPage(request, reply);
    }
    throw new NotFoundError(`Not found: ${request.method} ${request.url.split('?')[0]}`);
  });
}

export default fp(webApps, { name: 'web-apps' });
