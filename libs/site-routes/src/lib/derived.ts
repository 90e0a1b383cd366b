import { documentTitle, PATHS, pathPattern, siteUrl, type Variant } from '@vox/variant';
import { ROUTES, type AuthRouteMode, type SiteRoute, type TableSite } from './routes';

const patternOf = (route: SiteRoute): RegExp => pathPattern(PATHS[route.path]);

/** The route of the table that a path shows on a site (or on any site, without one). */
export function matchRoute(pathname: string, site?: TableSite): SiteRoute | undefined {
  return ROUTES.find((r) => (!site || r.sites.includes(site)) && patternOf(r).test(pathname));
}

/** The routes that fill the screen, without header and footer, on a site. */
export function isFullScreenPath(pathname: string, site: TableSite): boolean {
  return !!matchRoute(pathname, site)?.fullScreen;
}

/** The title of a path the site has no page for (its 404 page says the same). */
const NOT_FOUND_TITLE = 'Page not found';

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

/** /login, /register and /resetpassword open the auth modal over the page. */
export function authRouteMode(pathname: string): AuthRouteMode | null {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return ROUTES.find((r) => r.auth && PATHS[r.path] === path)?.auth ?? null;
}

export function authRoutePath(mode: AuthRouteMode): string {
  return PATHS[ROUTES.find((r) => r.auth === mode)!.path];
}

const SITES: readonly TableSite[] = ['main', 'school', 'podcast'];

/**
 * Links between hosts, from the table: a path stays on this host when the host's site has a route
 * for it, else it leads to the first site that has one (the main site first), on that site's host
 * of the same deployment. `site` names the host outright ("My Podcast Page" is the podcast
 * site's /). `here` is null where the host serves none of the table (the dashboard).
 */
export function siteHref(here: TableSite | null, location: Pick<Location, 'protocol' | 'host'>) {
  return (path: string, site?: TableSite): string => {
    const pathname = path.replace(/[?#].*/, '');
    const target = site ?? (here && matchRoute(pathname, here) ? here : SITES.find((s) => matchRoute(pathname, s)));
    return !target || target === here ? path : siteUrl(location, target === 'main' ? '' : target, path);
  };
}
