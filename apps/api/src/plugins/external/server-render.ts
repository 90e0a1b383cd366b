import nodeModule from 'node:module';
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

/** Bodies kept, each for BODY_TTL_MS: a shared link draws a burst of visits (as heads are kept). */
const KEPT_BODIES = 500;
const BODY_TTL_MS = 30_000;

/** Renders through `render`, keeping each page's HTML by its key for a short while. */
export function keptBodies(): (key: string, render: () => Promise<Rendered | null>) => Promise<Rendered | null> {
  const kept = new Map<string, { at: number; body: Promise<Rendered | null> }>();
  return (key, render) => {
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && now - hit.at < BODY_TTL_MS) return hit.body;
    if (kept.size >= KEPT_BODIES) kept.clear();
    const body = render();
    kept.set(key, { at: now, body });
    // A failure is not kept: the next visit tries again.
    body.catch(() => kept.delete(key));
    return body;
  };
}

/**
 * The app page with the server's HTML in #root and the stylesheets that HTML needs (the remote's
 * ./App and the page's, the files its chunks would add when they load) linked in the head, so it
 * shows styled before any script runs, and without index.html's "needs JavaScript" notice.
 */
export function withBody(html: string, body: string, styles: readonly string[]): string {
  const links = styles.map((file) => `<link rel="stylesheet" href="${file}">`).join('');
  // The page reads without scripts now: index.html's notice that it needs them goes.
  const withRoot = html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/i, '').replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>`);
  return withRoot.replace(/<\/head>/i, () => `${links}</head>`);
}
