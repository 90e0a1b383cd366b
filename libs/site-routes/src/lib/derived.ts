import { documentTitle, PATHS, pathPattern, type Variant } from '@vox/variant';
import { ROUTES, type AuthRouteMode, type SiteRoute, type TableSite } from './routes';

const patternOf = (route: SiteRoute): RegExp => pathPattern(PATHS[route.path]);

/** The route of the table that a path shows on a site (or on any site, without one). */
export function matchRoute(pathname: string, site?: TableSite): SiteRoute | undefined {
  return ROUTES.find((r) => (!site || r.sites.includes(site)) && patternOf(r).test(pathname));
}

/** Seed section 2: the routes that fill the screen, without header and footer. */
export function isFullScreenPath(pathname: string): boolean {
  return ROUTES.some((r) => r.fullScreen && patternOf(r).test(pathname));
}

/** The title of a path the site has no page for (its 404 page says the same). */
export const NOT_FOUND_TITLE = 'Page not found';

/**
 * Every route names itself in the tab and to screen readers ("Friends · VoxClub", "Classes ·
 * VoxClub School"), by the table's titles; a path the site does not have is "Page not found".
 * A page that shows one thing (a profile, a read) names it once it has it (`usePageTitle` in
 * @vox/ui); the next route change sets the route's title again.
 */
export function pageTitle(pathname: string, variant: Pick<Variant, 'page' | 'remote' | 'site'>): string {
  if (variant.page === 'dashboard') return documentTitle('Metrics', variant.site);
  const site = variant.remote === 'dashboard' ? 'main' : variant.remote;
  const route = matchRoute(pathname, site);
  return documentTitle(route ? route.title : NOT_FOUND_TITLE, variant.site);
}

/** /login, /register and /resetpassword open the auth modal over the page (seed section 2). */
export function authRouteMode(pathname: string): AuthRouteMode | null {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return ROUTES.find((r) => r.auth && PATHS[r.path] === path)?.auth ?? null;
}

export function authRoutePath(mode: AuthRouteMode): string {
  return PATHS[ROUTES.find((r) => r.auth === mode)!.path];
}
