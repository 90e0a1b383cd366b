import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthModal, authActions, authModal, isMicrosoftConfigured, useAuthModal, useUser, type AuthMode } from '@vox/auth';
import { authRouteMode, authRoutePath, siteUrl, type Variant } from '@vox/variant';
import { PRODUCT } from './shell-chrome';

/**
 * The auth modal over the page (seed section 2): by route at /login, /register and
 * /resetpassword when logged out (logged in, those redirect to /scripts, or / on the podcast
 * site), or opened in place by a "Log in" button through the authModal store.
 */
export function AuthModalHost({ variant }: { variant: Variant }) {
  const user = useUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routeMode = authRouteMode(pathname);
  const openedMode = useAuthModal();
  const home = variant.page === 'channel' ? '/' : '/scripts';

  // A modal opened in place has done its job once someone is signed in, unless it was opened
  // for a different account (the dashboard asks a non-staff user to log in as staff).
  useEffect(() => {
    if (routeMode) authModal.close();
  }, [routeMode]);

  if (routeMode && user) return <Navigate to={home} replace />;
  const mode: AuthMode | null = openedMode ?? (routeMode && !user ? routeMode : null);
  if (!mode) return null;

  const onModeChange = (next: AuthMode) => {
    if (routeMode) navigate(authRoutePath(next), { replace: true });
    else authModal.open(next);
  };
  const onClose = () => {
    authModal.close();
    if (routeMode) navigate('/', { replace: true });
  };
  return (
    <AuthModal
      mode={mode}
      onModeChange={onModeChange}
      onClose={onClose}
      onSuccess={() => authModal.close()}
      actions={authActions}
      site={variant.site}
      schoolLoginHref={siteUrl(window.location, 'school', '/login')}
      msConfigured={isMicrosoftConfigured()}
      product={PRODUCT}
    />
  );
}
