import { useLayoutEffect, useMemo } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { ActivityLogger } from '@vox/activity';
import { useVisitLogger } from '@vox/activity';
import { SiteHrefProvider, ThemeRoot } from '@vox/ui';
import { matchRoute, pageTitle, siteHref, siteRouteObjects, type TableSite } from '@vox/site-routes';
import { resolveVariant } from '@vox/variant';
import { AuthModalHost } from './auth-modal-host';
import { RemoteBoundary, RoutePage } from './remote-boundary';
import { ScrollToTop } from './scroll-to-top';
import { ShellFooter, ShellHeader } from './shell-chrome';
import './shell.css';

interface AppProps {
  activity: ActivityLogger;
  manifestError: Error | null;
}

/** The site of the table a host serves (the dashboard host's paths are the main site's). */
export function hostSite(host: string): TableSite {
  const { remote } = resolveVariant(host, '/');
  return remote === 'dashboard' ? 'main' : remote;
}

/**
 * The shell around the variant's remote: theme, header (or the podcast top bar) and footer
 * outside the remote's boundary, so a remote that fails to load or a page that throws never
 * blanks the page. The shell matches the path against the one route table (libs/site-routes):
 * each route is the remote's page for its id, inside an error boundary of its own. The variant is chosen from host and path first: any path with /metrics is the
 * dashboard, whatever route of the table it also matches.
 */
export function App({ activity, manifestError }: AppProps) {
  const { pathname } = useLocation();
  useVisitLogger(activity);
  const variant = resolveVariant(window.location.host, pathname);
  const site = hostSite(window.location.host);
  const routes = useMemo(() => siteRouteObjects(site, (route) => <RoutePage route={route} />), [site]);
  // <Routes> gets the route the table's matcher picked (cached patterns) and the 404, not the
  // whole table: react-router flattens and ranks every route it is given on each render, which
  // was a tenth of a server-drawn page's time (a page is drawn two or three times, once per round
  // of reads). The two matchers pick the same route for every path (app.spec.tsx).
  const matched = matchRoute(pathname, site);
  const chrome = !matched?.fullScreen;
  const shown = routes.filter((route) => route.id === matched?.id || route.route === null);
  // Links between hosts, from the route table (the dashboard's pages serve none of it).
  const dashboard = variant.page === 'dashboard';
  const links = useMemo(() => siteHref(dashboard ? null : site, window.location), [dashboard, site]);
  // Every route sets the tab's title ("Friends · VoxClub"). A layout effect, so it runs before
  // the page's own effects: a page that names what it shows (usePageTitle) always has the last word.
  useLayoutEffect(() => {
    document.title = pageTitle(pathname, variant);
  }, [pathname, variant.page, variant.site]); // eslint-disable-line react-hooks/exhaustive-deps -- the variant object is new each render
  return (
    <SiteHrefProvider value={links}>
      <ThemeRoot theme={variant.page === 'channel' ? 'podcast' : variant.site === 'school' ? 'school' : 'main'} className="vox-shell">
        <ScrollToTop />
        {chrome && <ShellHeader variant={variant} />}
        <div className="vox-shell__content">
          <RemoteBoundary
            remote={variant.remote}
            manifestError={manifestError}
            title={matched?.title}
            outlet={
              <Routes>
                {shown.map((route) => (
                  <Route key={route.id} path={route.path} element={route.element} />
                ))}
              </Routes>
            }
          />
        </div>
        {chrome && variant.page !== 'dashboard' && <ShellFooter variant={variant} />}
        <AuthModalHost variant={variant} />
      </ThemeRoot>
    </SiteHrefProvider>
  );
}
