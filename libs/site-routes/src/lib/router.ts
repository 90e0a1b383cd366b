import type { ReactNode } from 'react';
import { PATHS } from '@vox/variant';
import { routesOf, type SiteRoute, type TableSite } from './routes';

/** What a remote's `./App` gives the shell. */
export interface RemoteSiteModule {
  /** Around every page of the site, once (the remote's root; podcast's player). */
  Frame(props: { children: ReactNode }): ReactNode;
  /** One route of the table by id (its gate around its page, or its redirect); null: the 404. */
  Page(props: { route: string | null }): ReactNode;
}

/** One route the shell matches: its path, its row of the table (null: the 404) and what draws it. */
interface SiteRouteObject {
  id: string;
  path: string;
  route: SiteRoute | null;
  element: ReactNode;
}

/**
 * The shell's routes of one site: one per row of the table (its path and its
 * row, for the chrome and the error message) and a last `*` for the site's 404. `element(route)`
 * draws a route (null: the 404); the shell wraps each in an error boundary of its own.
 */
export function siteRouteObjects(site: TableSite, element: (route: SiteRoute | null) => ReactNode): SiteRouteObject[] {
  return [
    ...routesOf(site).map((route) => ({ id: route.id, path: PATHS[route.path], route, element: element(route) })),
    { id: 'notFound', path: '*', route: null, element: element(null) },
  ];
}
