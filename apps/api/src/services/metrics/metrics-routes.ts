/**
 * Where an activity happened, in the terms the dashboard groups by: the site from the
 * host name (the rule @vox/variant applies) and the page as a route pattern, so /session/abc and
 * /session/xyz count as one page and no id, handle or other personal value reaches the metrics.
 */

type ActivityVariant = 'main' | 'school' | 'podcast' | 'dashboard';

/** The site a request came from, by its host name's first label (the web's resolveVariant rule). */
export function variantOfHost(hostname: string | undefined): ActivityVariant {
  const host = (hostname ?? '').trim().toLowerCase();
  if (host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}(:\d+)?$/.test(host)) return 'main';
  const label = host.split(':')[0].split('.')[0];
  if (label === 'dashboard') return 'dashboard';
  if (label.includes('school')) return 'school';
  if (label.includes('podcast')) return 'podcast';
  return 'main';
}

/** The product's routes with parameters; `:x` matches any one segment. */
const ROUTE_PATTERNS = [
  '/certificate/:id',
  '/event/:id/register',
  '/event/:id',
  '/members/:handle',
  '/profile/:id',
  '/session/:id',
  '/write/:id',
  '/template/:id',
  '/s/:id',
  '/podcast-ep/:id',
  '/script/:id',
  '/scripts/edit/:id',
  '/audio/edit/:id',
  '/audio/create/:type',
  '/templates/edit/:id',
  '/channel/:id',
  '/playlist/:id',
  '/pilot_program/id',
  '/auth/ms/login',
  '/auth/ms/logout',
  '/scripts/create',
  '/templates/create',
].map((pattern) => pattern.split('/').slice(1));

const MAX_SEGMENT = 40;

/**
 * A path as its route pattern: a known route with its parameters named (`/session/:id`); another
 * one-segment path as it is (`/scripts`); a longer unknown path as its first segment and `/*`,
 * since its other segments may be ids. The query and fragment are dropped, case is folded.
 */
export function routePattern(path: string): string {
  const bare = path.split(/[?#]/)[0].toLowerCase();
  const segments = bare.split('/').filter(Boolean);
  if (segments.length === 0) return '/';
  for (const pattern of ROUTE_PATTERNS) {
    if (pattern.length !== segments.length) continue;
    if (pattern.every((part, i) => part.startsWith(':') || part === segments[i])) return `/${pattern.join('/')}`;
  }
  const first = segments[0].slice(0, MAX_SEGMENT);
  return segments.length === 1 ? `/${first}` : `/${first}/*`;
}
