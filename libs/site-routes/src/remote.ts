// What a remote renders: the route table's pages by route id (lazy imports of the feature libs)
// and the component that renders a site from the table. Only the remotes import this entry; it
// is bundled into each (not a federation singleton), so each names only its own feature libs.
export { SiteRoutes, type SiteRoutesProps } from './lib/site-routes';
export type { PageRecord } from './pages/types';
// Page records have entries of their own (@vox/site-routes/web-pages, /podcast-pages): a remote
// reaches only the feature libs its site renders.
