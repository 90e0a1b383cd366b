import { api, ApiError } from '@vox/api-client';
import { coreEndpoints } from '@vox/contract';
import { getAuthConfig } from './auth-config';
import { authStore } from './auth-store';
import { browserNavigation } from './browser-navigation';

// One sign-in across the deployment's sites (SITE_ORIGINS), and every open tab kept up with it.
// Loaded with import() once the sign-in is known, so no first route carries it.

/** How often an open, visible tab asks whether the sign-in ended or its privileges changed. */
const SESSION_CHECK_MS = 1500;
const HANDOFF_START_PATH = '/api/users/handoff/start';

/**
 * After signing in on a site that is not the hub, when the sites keep a cookie each: the hub is
 * given the sign-in too (a redirect through it and back to this page, a one-time code on the
 * way), so every other site finds it there on its first visit.
 */
export function shareSignIn(location: Pick<Location, 'origin' | 'href'> = window.location): boolean {
  const { siteOrigins, sharedCookie } = getAuthConfig();
  const hub = siteOrigins[0];
  const here = location.origin.toLowerCase();
  if (sharedCookie || !hub || hub === here || !siteOrigins.includes(here)) return false;
  const query = new URLSearchParams({ from: here, return: location.href });
  browserNavigation.assign(`${hub}${HANDOFF_START_PATH}?${query}`);
  return true;
}

/**
 * Signing out on one site ends the session on every site (one session family on the server);
 * an open tab of another site notices within SESSION_CHECK_MS while visible, and at once when it
 * becomes visible again. So does a membership bought or ended in another tab, site or device:
 * the check answers the member's privileges now, and a tab whose user holds others renews its
 * session (the new user carries them; the header and gated pages follow). `refresh`: the session
 * refresh (bootstrap-auth's refreshSession), which empties the store when the session is over.
 * Answers the function that stops watching.
 */
export function watchSession(refresh: () => Promise<boolean>, intervalMs = SESSION_CHECK_MS): () => void {
  let asking = false;
  const check = async () => {
    if (asking || !authStore.getSnapshot().token || document.visibilityState !== 'visible') return;
    asking = true;
    try {
      const { privileges } = await api.call(coreEndpoints.sessionCheck, { retryOnUnauthorized: false });
      const mine = authStore.getSnapshot().user?.role.privileges ?? [];
      if (privileges.join() !== [...mine].sort().join()) await refresh();
    } catch (error) {
      // Ended elsewhere, or only this access token's time is up: the refresh tells which, and
      // empties the store when the session is over.
      if (error instanceof ApiError && error.status === 401) await refresh();
    } finally {
      asking = false;
    }
  };
  const onVisible = () => void check();
  const timer = window.setInterval(onVisible, intervalMs);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}
