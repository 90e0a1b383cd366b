// Route metadata only (paths, sites, gates, chrome, titles): the shell imports this on its first
// route, so nothing here may import a feature lib. Pages and rendering: ./remote.ts.
// Every route's path once, and the hrefs links build from it (to move below the feature libs,
// e.g. @vox/variant, when links adopt it: feature libs may not import this lib).
export { PATHS, href, type PathId, type PathParams } from './lib/paths';
export { ROUTES, SITE_HOME, routesOf, type AuthRouteMode, type SiteRoute, type TableSite } from './lib/routes';
export { authRouteMode, authRoutePath, isFullScreenPath, matchRoute, pageTitle, PRODUCT_TITLE } from './lib/derived';
