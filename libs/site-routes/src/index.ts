// Route metadata only (paths, sites, gates, chrome, titles): the shell imports this on its first
// route, so nothing here may import a feature lib. Pages and rendering: ./remote.ts.
export { ROUTES, SITE_HOME, routesOf, type AuthRouteMode, type SiteRoute, type TableSite } from './lib/routes';
export { authRouteMode, authRoutePath, isFullScreenPath, matchRoute, pageTitle, siteHref } from './lib/derived';
export { siteRouteObjects, type RemoteSiteModule } from './lib/router';
