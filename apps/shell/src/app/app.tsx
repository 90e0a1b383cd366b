import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ActivityLogger } from '@vox/activity';
import { useVisitLogger } from '@vox/activity';
import { ThemeRoot } from '@vox/ui';
import { isFullScreenPath, pageTitle } from '@vox/site-routes';
import { resolveVariant } from '@vox/variant';
import { AuthModalHost } from './auth-modal-host';
import { RemoteBoundary } from './remote-boundary';
import { ScrollToTop } from './scroll-to-top';
import { ShellFooter, ShellHeader } from './shell-chrome';
import './shell.css';

export interface AppProps {
  queryClient: QueryClient;
  activity: ActivityLogger;
  manifestError: Error | null;
}

/**
 * The shell around the variant's remote: theme, header (or the podcast top bar) and footer
 * outside the remote's boundary, so a remote that fails to load never blanks the page.
 */
export function App({ queryClient, activity, manifestError }: AppProps) {
  const { pathname } = useLocation();
  useVisitLogger(activity);
  const variant = resolveVariant(window.location.host, pathname);
  const chrome = !isFullScreenPath(pathname);
  // Issue 21: every route sets the tab's title ("Friends · VoxClub").
  useEffect(() => {
    document.title = pageTitle(pathname, variant);
  }, [pathname, variant.page, variant.site]); // eslint-disable-line react-hooks/exhaustive-deps -- the variant object is new each render
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeRoot theme={variant.page === 'channel' ? 'podcast' : variant.site === 'school' ? 'school' : 'main'} className="vox-shell">
        <ScrollToTop />
        {chrome && <ShellHeader variant={variant} />}
        <div className="vox-shell__content">
          <RemoteBoundary remote={variant.remote} manifestError={manifestError} />
        </div>
        {chrome && variant.page !== 'dashboard' && <ShellFooter variant={variant} />}
        <AuthModalHost variant={variant} />
      </ThemeRoot>
    </QueryClientProvider>
  );
}
