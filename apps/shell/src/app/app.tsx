import { useEffect } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import type { ActivityLogger } from '@vox/activity';
import { useVisitLogger } from '@vox/activity';
import { ThemeRoot } from '@vox/ui';
import { pageTitle, siteRouteObjects } from '@vox/site-routes';
import { resolveVariant } from '@vox/variant';
import { AuthModalHost } from './auth-modal-host';
import { RemoteBoundary, RemotePage, RouteError, useMatchedRoute } from './remote-boundary';
import { ScrollToTop } from './scroll-to-top';
import { ShellFooter, ShellHeader } from './shell-chrome';
import './shell.css';

export interface AppProps {
  activity: ActivityLogger;
  manifestError: Error | null;
}

/**
 * The root layout route: theme, header (or the podcast top bar) and footer from the matched
 * route's row of the table, outside the remote's boundary, so a remote that fails to load or a
 * page that throws never blanks the page.
 */
export function App({ activity, manifestError }: AppProps) {
  const { pathname } = useLocation();
  useVisitLogger(activity);
  // The variant is chosen from the address before the routes count: any path containing
  // /metrics is the dashboard, whatever route of the table it also matches.
  const variant = resolveVariant(window.location.host, pathname);
  const route = useMatchedRoute();
  const chrome = !route?.fullScreen;
  // Issue 21: every route sets the tab's title ("Friends · VoxClub").
  useEffect(() => {
    document.title = pageTitle(pathname, variant);
  }, [pathname, variant.page, variant.site]); // eslint-disable-line react-hooks/exhaustive-deps -- the variant object is new each render
  return (
    <ThemeRoot theme={variant.page === 'channel' ? 'podcast' : variant.site === 'school' ? 'school' : 'main'} className="vox-shell">
      <ScrollToTop />
      {chrome && <ShellHeader variant={variant} />}
      <div className="vox-shell__content">
        <RemoteBoundary remote={variant.remote} manifestError={manifestError} outlet={<Outlet />} title={route?.title} />
      </div>
      {chrome && variant.page !== 'dashboard' && <ShellFooter variant={variant} />}
      <AuthModalHost variant={variant} />
    </ThemeRoot>
  );
}

/**
 * The shell's data router (issue 11 item 2): the root layout route, and under it one route per
 * row of the host's site in the table (libs/site-routes), each with an error element of its own.
 */
export function shellRoutes(props: AppProps, host = window.location.host): RouteObject[] {
  const { remote } = resolveVariant(host, '/');
  const site = remote === 'dashboard' ? 'main' : remote;
  const errorElement = <RouteError />;
  return [
    {
      id: 'root',
      element: <App {...props} />,
      errorElement,
      children: siteRouteObjects(site, (route) => <RemotePage route={route?.id ?? null} />, errorElement),
    },
  ];
}
