// The server render module of a remote (dist/apps/<remote>/server/render.cjs, built by
// tools/webpack/server.config.cjs with the remote's ./App in place of the federation runtime): the
// API renders a visitor's public page with it, into the app page's #root, and the shell hydrates
// that HTML (bootstrap.tsx). The tree is the shell's own, as bootstrap.tsx draws it for a visitor,
// so the client's first render matches it (docs/public-pages.md "Bodies").
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClientProvider, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { createActivityLogger } from '@vox/activity';
import { api, createQueryClient } from '@vox/api-client';
import { matchRoute } from '@vox/site-routes';
import { App, hostSite } from '../app/app';
import { setLocation } from './server-window';

/**
 * The routes whose page is public: only these are rendered. What their queries read is asked of
 * the API as a visitor asks it (no cookie, no token: `RenderRequest.get`), so the HTML holds
 * nothing a visitor could not read, and a page whose read fails (a draft, a revoked link, a
 * private object: the API answers 4xx) is not rendered at all.
 */
const SERVER_RENDERED: ReadonlySet<string> = new Set([
  'about',
  'schoolAbout',
  'guide',
  'faq',
  // The main site's front door (a visitor's /scripts) and the podcast site's / (the channels).
  'scripts',
  'podcastHome',
  // The shareable pages, as their heads are (docs/public-pages.md).
  'episode',
  'podcastEpisode',
  'channel',
  'shareLink',
  'member',
  'profile',
  'event',
  'certificate',
]);

export interface RenderRequest {
  /** The page's URL as the visitor asked for it (scheme, host, path and query). */
  url: string;
  /** The API's answer to a visitor's GET of `path` (an /api/ path and query): the pages' reads. */
  get(path: string): Promise<{ status: number; body: string }>;
}

export interface Rendered {
  html: string;
  /** The answers the page's queries read, by query key: the client puts them in its cache before it hydrates. */
  queries: Array<[QueryKey, unknown]>;
}

const activity = createActivityLogger({ post: async () => undefined, getUserId: () => null });

/**
 * The reads of the page a render is for: the app's one API client is a module of its own, so each
 * render runs in a context of its own that carries its page's `get`. Pages are read at the same
 * time (a page waiting for its reads does not hold up the next one's); only the drawing is one at
 * a time (`drawOneAtATime`).
 */
const pageReads = new AsyncLocalStorage<RenderRequest['get']>();

/** Reads go to the API in-process, for the page being rendered; anything but a GET is refused. */
api.configure({
  fetch: async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET') throw new Error('A server render only reads.');
    const get = pageReads.getStore();
    if (!get) throw new Error('A server render reads only for a page it renders.');
    const answer = await get(String(input));
    return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  },
});

/** Rounds of reads: a page whose queries depend on others' answers renders again after each. */
const MAX_ROUNDS = 3;

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The queries the last render asked for and nobody has read yet. */
const unread = (client: QueryClient) => client.getQueryCache().getAll().filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q));

async function html(at: URL, queryClient: QueryClient): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={at.pathname + at.search}>
          <App activity={activity} manifestError={null} />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  let text = '';
  for await (const chunk of prelude) text += String(chunk);
  // A part that threw would be drawn by the client alone: the API sends the empty shell instead.
  if (errors.length) throw errors[0];
  return text;
}

let drawing: Promise<unknown> = Promise.resolve();

/** Draws one page at a time: the app reads the location as `window.location`, one for all. */
function drawOneAtATime(at: URL, queryClient: QueryClient): Promise<string> {
  const next = drawing.then(() => {
    setLocation(at);
    return html(at, queryClient);
  });
  drawing = next.catch(() => undefined);
  return next;
}

async function renderNow(request: RenderRequest): Promise<Rendered | null> {
  const at = new URL(request.url);
  const route = matchRoute(at.pathname, hostSite(at.host));
  if (!route || !SERVER_RENDERED.has(route.id)) return null;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  try {
    // Useful queries do not fetch on the server (their observers subscribe in effects): each render
    // leaves the queries it asked for in the cache; they are read, and the page drawn again.
    let page = await drawOneAtATime(at, queryClient);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const reads = unread(queryClient);
      if (reads.length === 0) break;
      await Promise.all(reads.map((query) => query.fetch().catch(() => undefined)));
      page = await drawOneAtATime(at, queryClient);
    }
    const all = queryClient.getQueryCache().getAll();
    // A read the visitor may not make, or one still waiting: the page is the client's to draw.
    if (all.some((q) => q.state.status === 'error') || unread(queryClient).length) return null;
    return { html: page, queries: all.filter((q) => q.state.status === 'success').map((q) => [q.queryKey, q.state.data]) };
  } finally {
    queryClient.clear();
  }
}

/**
 * The HTML of the page at `url` for a visitor who is not signed in, with the answers its queries
 * read, or null for a route that is not rendered on the server or a page a visitor cannot read.
 */
export function render(request: RenderRequest): Promise<Rendered | null> {
  return pageReads.run(request.get, () => renderNow(request));
}
