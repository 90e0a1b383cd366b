import fs from 'node:fs';
import nodeModule from 'node:module';
import path from 'node:path';
import { followFile } from './remotes-manifest';

/** A query's key and its answer, as the client's TanStack Query cache holds them. */
type PageQuery = [unknown[], unknown];

/** A visitor's page as the render module drew it, and what its queries read. */
export interface Rendered {
  html: string;
  queries: PageQuery[];
}

/**
 * What a remote's server render module exports (dist/apps/<remote>/server/render.cjs, built from
 * apps/shell/src/server/render.tsx): the HTML of a visitor's public page and its queries' answers,
 * or null for a route it does not render or a page a visitor may not read. `get` answers the
 * page's reads: a GET of the API as a visitor sends it.
 */
interface RenderModule {
  render(request: { url: string; get(path: string): Promise<{ status: number; body: string }> }): Promise<Rendered | null>;
}

function isRenderModule(value: unknown): value is RenderModule {
  return typeof (value as Partial<RenderModule> | null)?.render === 'function';
}

/**
 * The render module in `file`, required again when the file changes (a new build of the remote);
 * null while there is none. Required by Node itself at run time (the API's own bundle does not
 * contain it): the module comes with the remote's build, not the API's.
 */
export function followRenderModule(file: string): () => RenderModule | null {
  return followFile(file, (text) => {
    if (text === null) return null;
    const load = nodeModule.createRequire(file);
    delete load.cache[file];
    const loaded: unknown = load(file);
    return isRenderModule(loaded) ? loaded : null;
  });
}

/**
 * Renders through `render`, one render per key at a time: visits that arrive while a page is being
 * drawn share that drawing, and the next visit draws it again. Nothing is kept longer: the client
 * takes the page's data as fresh (no second fetch), so a kept page would show an episode published,
 * a channel made or a certificate revoked a moment ago as it was before, until a reload after the
 * keeping ran out.
 */
export function sharedRenders(): (key: string, render: () => Promise<Rendered | null>) => Promise<Rendered | null> {
  const drawing = new Map<string, Promise<Rendered | null>>();
  return (key, render) => {
    const current = drawing.get(key);
    if (current) return current;
    const body = render();
    drawing.set(key, body);
    const done = () => drawing.delete(key);
    body.then(done, done);
    return body;
  };
}

/**
 * A stylesheet the server's HTML needs: its URL; its name in the remote's chunk loader (the file
 * as preload.json names it, `static/css/1.chunk.css?v=hash`); its text when the build folder has it.
 */
export interface PageStyle {
  href: string;
  chunkFile: string;
  css: string | null;
}

/**
 * The app page with the server's HTML in #root and the stylesheets that HTML needs (the remote's
 * ./App and the page's, the files its chunks would add when they load) in the head, so it shows
 * styled before any script runs, and without index.html's "needs JavaScript" notice. Each is
 * written into the page (`<style data-href>`, as the shell's own stylesheet is), so nothing stands
 * between the HTML and its first paint: a linked one was a request the paint waited for (a new
 * connection on a slow network), and the scripts that arrived meanwhile ran before the paint. The
 * remote's chunk loader looks for a `<style>` whose `data-href` is the chunk's file name and does
 * not fetch what it finds. A file missing from the build folder is linked instead.
 */
export function withBody(html: string, body: string, styles: readonly PageStyle[]): string {
  const tags = styles
    .map(({ href, chunkFile, css }) => (css === null ? `<link rel="stylesheet" href="${href}">` : `<style data-href="${chunkFile}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`))
    .join('');
  // The page reads without scripts now: index.html's notice that it needs them goes.
  const withRoot = html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/i, '').replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>`);
  // The shell's deferred entry scripts wait for the page's first paint: the first script starts
  // them then (apps/shell/src/early-script.js). Still fetched at once, as preloads. The install
  // manifest (and the icon the browser fetches with it) waits too: the first script puts a
  // manifest link in place of the marked one then.
  const entries = withRoot
    .replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (_tag, src: string) => `<link rel="preload" as="script" href="${src}" data-vox-entry>`)
    .replace(/<link rel="manifest" href="([^"]+)"\s*\/?>/g, (_tag, href: string) => `<link href="${href}" data-vox-manifest>`);
  return entries.replace(/<\/head>/i, () => `${tags}</head>`);
}

/** Stylesheets kept in memory by path and version (`?v=`, the content's hash), at most this many. */
const KEPT_STYLES = 200;

/**
 * The text of a remote's stylesheet from its build folder (`dir`), by the file as preload.json
 * names it (`static/css/1.chunk.css?v=hash`), without its source-map comment (which would resolve
 * against the page, not the file); null when the file cannot be read.
 */
export function stylesheetTexts(): (dir: string, file: string) => string | null {
  const kept = new Map<string, string>();
  return (dir, file) => {
    const key = `${dir}\n${file}`;
    const known = kept.get(key);
    if (known !== undefined) return known;
    let css: string | null;
    try {
      css = fs.readFileSync(path.join(dir, file.split('?')[0]), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
    } catch {
      css = null;
    }
    // A file not there (yet) is looked for again on the next page.
    if (css === null) return null;
    if (kept.size >= KEPT_STYLES) kept.clear();
    kept.set(key, css);
    return css;
  };
}
