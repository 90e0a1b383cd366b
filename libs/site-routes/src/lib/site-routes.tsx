import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireLogin, RequirePrivilege } from '@vox/auth';
import { NotFoundPage, PageSuspense } from '@vox/ui';
import { PATHS } from '@vox/variant';
// The metadata through its shared name, so a remote uses the shell's one copy of the table.
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton), not a circle
import { routesOf, SITE_HOME, type SiteRoute, type TableSite } from '@vox/site-routes';
import type { PageRecord } from '../pages/types';
import { SignedInHomeContext } from './site-context';

export interface SiteRoutesProps {
  site: TableSite;
  /** The pages of the feature libs this site renders (@vox/site-routes/remote's records). */
  pages: PageRecord;
  /** Logged out, a richer page than the log-in prompt, by route id (the main site's front door). */
  landings?: Partial<Record<string, ReactNode>>;
}

/**
 * A site's pages from the one route table (seed section 2): each route's gate around its page,
 * redirects, and the site's page behind the auth modal. The shell draws the header and footer
 * around them, or leaves them out on the full-screen routes, and opens the auth modal.
 */
export function SiteRoutes({ site, pages, landings = {} }: SiteRoutesProps) {
  const routes = routesOf(site);
  const page = (id: string) => {
    const Page = pages[id];
    if (!Page) throw new Error(`The ${site} site has no page for route "${id}"`);
    return <Page />;
  };
  const element = (route: SiteRoute): ReactNode => {
    if (route.redirect) return <Navigate to={PATHS[route.redirect]} replace />;
    if (route.auth) {
      const behind = SITE_HOME[site].behindAuth;
      const behindRoute = routes.find((r) => r.id === behind);
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
  return (
    <SignedInHomeContext.Provider value={PATHS[SITE_HOME[site].signedIn]}>
      <PageSuspense>
        <Routes>
          {routes.map((route) => (
            <Route key={route.id} path={PATHS[route.path]} element={element(route)} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </PageSuspense>
    </SignedInHomeContext.Provider>
  );
}
