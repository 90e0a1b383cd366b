// Route metadata only (paths, sites, gates, chrome, titles): the shell imports this on its first
// route, so nothing here may import a feature lib. Pages and rendering: ./remote.ts.
export { ROUTES, SITE_HOME, routesOf, type AuthRouteMode, type SiteRoute, type TableSite } from './lib/routes';
export { authRouteMode, authRoutePath, isFullScreenPath, matchRoute, NOT_FOUND_TITLE, pageTitle, siteHref } from './lib/derived';
export { siteRouteObjects, type RemoteSiteModule, type SiteRouteObject } from './lib/router';
