import type { EndpointQuery, FirstReadName } from '@vox/contract';

// The first reads of the route table's pages: the GETs the page's first script sends for a page as
// soon as the refresh has said who is asking, before the page asks for them (@vox/api-client then
// hands the answer to the page's own call). Read at build time only, by
// tools/first-load/early-script.cjs, which writes them into that script; no module of the app
// imports this one, so its data is in the first script and not in every first route's JS (the route
// table's module ships whole: a shared module is never tree-shaken). apps/e2e's first-load.spec
// fails when a page sends one of them a second time.

/** One of @vox/contract's first-readable GETs (firstReadQueries), with the exact query the page's own call gives it. */
type FirstRead = { [N in FirstReadName]: readonly [name: N, query?: EndpointQuery<N>] }[FirstReadName];

/** A page's first reads for a signed-in and a signed-out visitor. */
interface PageFirstReads {
  signedIn?: readonly FirstRead[];
  signedOut?: readonly FirstRead[];
}

/** By route id (ROUTES in ./routes.ts); a route that redirects has its target's. Pages at a fixed path only. */
export const ROUTE_FIRST_READS: Readonly<Record<string, PageFirstReads>> = {
  scripts: { signedIn: [['scripts', { scope: 'all', page: 1, pageSize: 20 }]] },
  // Channels for visitors, the home page once logged in.
  podcastHome: { signedIn: [['podcastHome']], signedOut: [['podcastChannels']] },
};

/** The first reads of every page a signed-in visitor sees on a site of the table: the header's (the membership tabs, the messages dot). */
export const SIGNED_IN_FRAME_READS: readonly FirstRead[] = [['subscriptions'], ['notificationsSeen'], ['newNotifications']];
