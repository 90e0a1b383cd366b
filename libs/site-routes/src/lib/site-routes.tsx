import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { RequireLogin, RequirePrivilege } from '@vox/auth';
import { NotFoundPage, PageSuspense } from '@vox/ui';
import { PATHS } from '@vox/variant';
// The metadata through its shared name, so a remote uses the shell's one copy of the table.
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton), not a circle
import { ROUTES, SITE_HOME, type RemoteSiteModule, type SiteRoute, type TableSite } from '@vox/site-routes';
import type { PageRecord } from '../pages/types';
import { SignedInHomeContext } from './site-context';

/**
 * A site's pages from the one route table: `Page` draws one route by id, with
 * its gate around its page, its redirect, or the site's page behind the auth modal. The shell
 * matches the path and draws the header and footer (or leaves them out on the
 * full-screen routes) and opens the auth modal.
 */
export function sitePage(site: TableSite, pages: PageRecord, landings: Partial<Record<string, ReactNode>> = {}): RemoteSiteModule['Page'] {
  const page = (id: string) => {
    const Page = pages[id];
    if (!Page) throw new Error(`The ${site} site has no page for route "${id}"`);
    return <Page />;
  };
  const element = (route: SiteRoute): ReactNode => {
    if (route.redirect) return <Navigate to={PATHS[route.redirect]} replace />;
    if (route.auth) {
      const behind = SITE_HOME[site].behindAuth;
      const behindRoute = ROUTES.find((r) => r.id === behind && r.sites.includes(site));
      return behindRoute ? element(behindRoute) : page(behind);
    }
    if (route.privilege) return <RequirePrivilege privilege={route.privilege}>{page(route.id)}</RequirePrivilege>;
    if (route.login) {
      return (
        <RequireLogin what={route.login} landing={landings[route.id]}>
          {page(route.id)}
        </RequireLogin>
      );
    }
    return page(route.id);
  };
  return function SitePage({ route }) {
    const row = route === null ? undefined : ROUTES.find((r) => r.id === route && r.sites.includes(site));
    return (
      <SignedInHomeContext.Provider value={PATHS[SITE_HOME[site].signedIn]}>
        <PageSuspense>{row ? element(row) : <NotFoundPage />}</PageSuspense>
      </SignedInHomeContext.Provider>
    );
  };
}
