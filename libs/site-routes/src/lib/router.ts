import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@vox/variant';
import { routesOf, type SiteRoute, type TableSite } from './routes';

/** What a remote's `./App` gives the shell's data router (issue 11 item 2). */
export interface RemoteSiteModule {
  /** Around every page of the site, once (the remote's root; podcast's player). */
  Frame(props: { children: ReactNode }): ReactNode;
  /** One route of the table by id (its gate around its page, or its redirect); null: the 404. */
  Page(props: { route: string | null }): ReactNode;
}

/**
 * The data router's routes of one site (issue 11 item 2), as the shell builds them under its
 * root layout: one child per route of the table (its path, its row as `handle` for the chrome and
 * the error message, an error element of its own) and a last `*` child for the site's 404.
 * `element(route)` draws a route (null: the 404); what draws it is the remote's business.
 */
export function siteRouteObjects(site: TableSite, element: (route: SiteRoute | null) => ReactNode, errorElement: ReactNode): RouteObject[] {
  return [
    ...routesOf(site).map((route) => ({ id: route.id, path: PATHS[route.path], handle: route, element: element(route), errorElement })),
    { id: 'notFound', path: '*', element: element(null), errorElement },
  ];
}
