import { answerOf, api, type ApiClient } from '@vox/api-client';
import type { SignInResult, User } from '@vox/contract';
import { href } from '@vox/variant';
import { configureAuth, type AuthConfig } from './auth-config';
import { authStore, type AuthState } from './auth-store';
import { browserNavigation } from './browser-navigation';
import { handleMicrosoftRedirect, loadMicrosoftSettings } from './microsoft';

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the session from the httpOnly refresh cookie: fills the store on success, empties it on
 * failure (`started`: that call, already sent by the shell before its chunks loaded; 204 is no
 * session). Concurrent callers share one call, because the refresh token rotates on every use and
 * the server treats a second use of the old one as theft.
 */
export function refreshSession(started?: Promise<Response>): Promise<boolean> {
  refreshing ??= (started ? answerOf('refreshToken', started) : api.refreshToken())
    .then(
      (session) => {
        // No session (204): a visitor who is not signed in.
        if (!session) {
          authStore.clear();
          return false;
        }
        authStore.setSession(session);
        return true;
      },
      () => {
        // Unreachable while the browser is offline: the member this browser kept stays signed in.
        const offline = offlineSession();
        if (offline) authStore.setSession(offline);
        else authStore.clear();
        return Boolean(offline);
      },
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The member a signed-in browser keeps (the user, never a token) to open pages offline (docs/offline.md). */
const OFFLINE_MEMBER = 'vox_offline_member';

/**
 * Offline, the kept member with a stand-in token that only names them: the service worker answers
 * their reads from what it kept for them (the token's subject); online, it meets a 401 and the
 * usual refresh replaces it.
 */
function offlineSession(): SignInResult | null {
  if (navigator.onLine) return null;
  try {
    const user = JSON.parse(localStorage.getItem(OFFLINE_MEMBER) ?? 'null') as User | null;
    return user ? { user, token: `offline.${btoa(JSON.stringify({ sub: user.id })).replace(/=+$/, '')}.offline` } : null;
  } catch {
    return null;
  }
}

/** Keeps the signed-in member for offline visits, and forgets them at sign-out (online: offline, nobody signs out). */
function keepOfflineMember() {
  const { token, user } = authStore.getSnapshot();
  try {
    if (user && token && !token.startsWith('offline.')) localStorage.setItem(OFFLINE_MEMBER, JSON.stringify(user));
    else if (!user && navigator.onLine) localStorage.removeItem(OFFLINE_MEMBER);
  } catch {
    // Storage refused (private mode): offline visits open signed out.
  }
}

/**
 * Plugs the auth store into the api client: its token, its refresh, and the way out on a lasting 401.
 * @public the specs call it on the modules fake-server.ts loadAuth() answers.
 */
export function connectApiClient(client: ApiClient = api): void {
  client.configure({
    getToken: () => authStore.getSnapshot().token,
    refresh: refreshSession,
    onUnauthorized: () => {
      authStore.clear();
      browserNavigation.assign(href('home'));
    },
  });
}

let bootstrapping: Promise<AuthState> | null = null;

/**
 * The start-up refresh (the app renders nothing until it ends). Runs once per page
 * however often it is called, and always ends with ready = true, logged in or not. Settings given
 * here are applied first, so the Microsoft return trip already sees them. `early`: the refresh and
 * the public-config read, when the caller sent them already (the shell's early.ts).
 */
export function bootstrapAuth(
  settings?: Partial<AuthConfig>,
  early?: { refresh?: Promise<Response>; publicConfig?: Promise<Response> },
): Promise<AuthState> {
  if (settings) configureAuth(settings);
  bootstrapping ??= (async () => {
    connectApiClient();
    authStore.subscribe(keepOfflineMember);
    // Back online after an offline start: the stand-in token gives way to a real session.
    addEventListener('online', () => {
      if (authStore.getSnapshot().token?.startsWith('offline.')) void refreshSession();
    });
    // Awaited too, so the login modal knows at first render whether Microsoft sign-in is offered.
    const settings = loadMicrosoftSettings(early?.publicConfig);
    // A Microsoft sign-in returning to the app finishes alongside; MSAL loads only if one is pending.
    void settings.then(handleMicrosoftRedirect);
    await Promise.all([refreshSession(early?.refresh), settings]);
    authStore.setReady();
    // Once someone is signed in: notice a sign-out or a membership change made in another tab,
    // site or device (./sites.ts), fetched after the page's load event so it never competes with
    // the first load. A visitor's page loads none of it.
    const unsubscribe = authStore.subscribe(watchOnceSignedIn);
    function watchOnceSignedIn() {
      if (!authStore.getSnapshot().token) return;
      unsubscribe();
      const watch = () => void import('./sites').then((sites) => sites.watchSession(refreshSession));
      if (document.readyState === 'complete') watch();
      else window.addEventListener('load', watch, { once: true });
    }
    watchOnceSignedIn();
    return authStore.getSnapshot();
  })();
  return bootstrapping;
}
