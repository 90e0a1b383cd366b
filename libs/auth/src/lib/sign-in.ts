import type { SignInResult } from '@vox/contract';
import type { ActivityAction } from '@vox/activity';
import { getAuthConfig } from './auth-config';
import { authStore } from './auth-store';

/** Logs an auth action for the current page; a broken logger never breaks signing in or out. */
export function logAuthActivity(action: Extract<ActivityAction, 'login' | 'register' | 'logout'>): void {
  try {
    const pending = getAuthConfig().activity?.log(action, window.location.pathname);
    void Promise.resolve(pending).catch(() => undefined);
  } catch {
    // logging is best effort
  }
}

/** Stores a sign-in answer, then logs it so the entry already names the new user. */
export function acceptSignIn(session: SignInResult, action: 'login' | 'register'): void {
  authStore.setSession(session);
  logAuthActivity(action);
  // A deployment of several sites: the others get this sign-in too (./sites.ts), once the page
  // has gone where the sign-in sends it.
  if (getAuthConfig().siteOrigins.length > 1) setTimeout(() => void import('./sites').then((sites) => sites.shareSignIn()), 0);
}
