// What a remote renders: a route of the table by id, with its gate (the shell matches
// the path). Only the remotes import this entry; it is bundled into each (not a federation
// singleton), so each names only its own feature libs.
export { sitePage } from './lib/site-routes';
export type { PageRecord } from './pages/types';
// Page records have entries of their own (@vox/site-routes/web-pages, /podcast-pages): a remote
// reaches only the feature libs its site renders.
