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
