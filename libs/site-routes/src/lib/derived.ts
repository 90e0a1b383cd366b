import { PATHS, pathPattern, type Variant } from '@vox/variant';
import { ROUTES, type AuthRouteMode, type SiteRoute, type TableSite } from './routes';

export const PRODUCT_TITLE = 'VoxClub';

const patternOf = (route: SiteRoute): RegExp => pathPattern(PATHS[route.path]);

/** The route of the table that a path shows on a site (or on any site, without one). */
export function matchRoute(pathname: string, site?: TableSite): SiteRoute | undefined {
  return ROUTES.find((r) => (!site || r.sites.includes(site)) && patternOf(r).test(pathname));
}

/** Seed section 2: the routes that fill the screen, without header and footer. */
export function isFullScreenPath(pathname: string): boolean {
  return ROUTES.some((r) => r.fullScreen && patternOf(r).test(pathname));
}

/**
 * Issue 21: every route names itself in the tab and to screen readers ("Friends · VoxClub"),
 * by the table's titles. A page may refine its own title later (a conversation names the
 * member); the next route change sets it again.
 */
export function pageTitle(pathname: string, variant: Pick<Variant, 'page' | 'remote'>): string {
  const site = variant.remote === 'dashboard' ? undefined : variant.remote;
  const name = variant.page === 'dashboard' ? 'Metrics' : (matchRoute(pathname, site) ?? matchRoute(pathname))?.title;
  // A path the table does not know keeps the product's name alone.
  return name ? `${name} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

/** /login, /register and /resetpassword open the auth modal over the page (seed section 2). */
export function authRouteMode(pathname: string): AuthRouteMode | null {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  return ROUTES.find((r) => r.auth && PATHS[r.path] === path)?.auth ?? null;
}

export function authRoutePath(mode: AuthRouteMode): string {
  return PATHS[ROUTES.find((r) => r.auth === mode)!.path];
}
