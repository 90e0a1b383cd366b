import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authActions, authModal, isMicrosoftConfigured, useAuthModal, useUser, type AuthMode } from '@vox/auth';
import { authRouteMode, authRoutePath } from '@vox/site-routes';
import { href, productNameFor, type Variant } from '@vox/variant';
import { lazyComponent, useSiteHref } from '@vox/ui';

// The modal's forms load when it first opens (no first route carries them); a visit
// that opens it at once (/login, the dashboard's staff gate) fetches them in parallel.
// Not React.lazy: a Suspense reveal waits 300 ms after any recent fallback (see lazyComponent).
const AuthModal = lazyComponent(() => import('@vox/auth/modal'), (m) => m.AuthModal);

/**
 * The auth modal over the page: by route at /login, /register and
 * /resetpassword when logged out (logged in, those redirect to /scripts on the main site, else to
 * the site's home), or opened in place by a "Log in" button through the authModal store.
 */
export function AuthModalHost({ variant }: { variant: Variant }) {
  const siteHref = useSiteHref();
  const user = useUser();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const routeMode = authRouteMode(pathname);
  const openedMode = useAuthModal();
  // Where signing in lands: the scripts on the main site; every other site's own home (the
  // school's shows a student what is due).
  const home = variant.remote === 'main' ? href('scripts') : href('home');
  // The page the Log in link was followed from: signing in, or closing the dialog, goes back there.
  const back = (state as { back?: string } | null)?.back;

  // Right after joining, the first-run step (name, handle, photo, what next) on the
  // sites that have it; joined from a page (a share link), it leads back there. Chosen before the
  // sign-in lands, because /register redirects as soon as someone is signed in.
  const joinedTo = useRef<string | null>(null);
  const hasWelcome = variant.remote !== 'dashboard';
  const actions = useMemo(
    () => ({
      ...authActions,
      async login(username: string, password: string) {
        joinedTo.current = null;
        await authActions.login(username, password);
      },
      async register(username: string, password: string) {
        const then = routeMode || pathname === '/' || pathname === '/scripts' ? '' : `?next=${encodeURIComponent(pathname + search)}`;
        joinedTo.current = hasWelcome ? `${href('welcome')}${then}` : null;
        try {
          await authActions.register(username, password);
        } catch (err) {
          joinedTo.current = null;
          throw err;
        }
      },
    }),
    [hasWelcome, routeMode, pathname, search],
  );

  // A modal opened in place has done its job once someone is signed in, unless it was opened
  // for a different account (the dashboard asks a non-staff user to log in as staff).
  useEffect(() => {
    if (routeMode) authModal.close();
  }, [routeMode]);

  // Signed in at an auth route: the first-run step after joining, else that page, else the site's home.
  if (routeMode && user) return <Navigate to={joinedTo.current ?? back ?? home} replace />;
  const mode: AuthMode | null = openedMode ?? (routeMode && !user ? routeMode : null);
  if (!mode) return null;

  const onModeChange = (next: AuthMode) => {
    if (routeMode) navigate(authRoutePath(next), { replace: true, state });
    else authModal.open(next);
  };
  const onClose = () => {
    authModal.close();
    if (routeMode) navigate(back ?? href('home'), { replace: true });
  };
  return (
    <AuthModal
        mode={mode}
        onModeChange={onModeChange}
        onClose={onClose}
        onSuccess={() => {
          authModal.close();
          // At /register the redirect above reads the target (it may render after this runs).
          if (routeMode) return;
          const target = joinedTo.current;
          joinedTo.current = null;
          if (target) navigate(target);
        }}
        actions={actions}
        site={variant.site}
        // The School Member button is the main site's; the podcast site's login has none.
        schoolLoginHref={variant.page === 'channel' ? undefined : siteHref(href('login'), 'school')}
        msConfigured={isMicrosoftConfigured()}
        product={productNameFor(variant.site)}
      />
  );
}
