// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * Calls no page's code makes through the client: the load balancer's health and readiness checks,
 * and the first reads an app page's inline first script sends in one request (plain JS, no
 * imports: apps/shell/src/early-script.js). Server only (through the full table, ./all-endpoints.ts).
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const opsEndpoints = named({
  health: { method: 'GET', path: '/api/health', auth: 'public' },
  /** Readiness for a load balancer: 503 while the database, Redis, storage or jobs are unreachable, or while shutting down. */
  ready: { method: 'GET', path: '/api/ready', auth: 'public' },
  /** Runs each read it names (./first-reads.ts: endpoints, never URLs) as its own GET with the caller's Authorization (if any) and answers them all. */
  firstReads: { method: 'GET', path: '/api/first-reads', auth: 'optional' },
  /**
   * The sign-in handoff between the deployment's listed origins (top-level navigations, like an
   * OpenID Connect front channel): start (on the site that wants the sign-in) -> authorize (on the
   * site that holds it) -> exchange (back on the first, a one-time code for its own cookie).
   */
  handoffStart: { method: 'GET', path: '/api/users/handoff/start', auth: 'public' },
  handoffAuthorize: { method: 'GET', path: '/api/users/handoff/authorize', auth: 'public' },
  handoffExchange: { method: 'GET', path: '/api/users/handoff/exchange', auth: 'public' },
  /** Link previews and embeds (apps/api/src/services/public-pages): an episode's oEmbed answer, and a page's generated preview card. */
  oembed: { method: 'GET', path: '/api/oembed', auth: 'public' },
  pageCard: { method: 'GET', path: '/api/public-pages/card.png', auth: 'public', binary: true },
});
