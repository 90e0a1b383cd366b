// What both halves of the Microsoft sign-in use (./microsoft.ts at start-up, ./microsoft-flow.ts
// loaded with MSAL): the session-storage flag and the sign-in paths.

import { href } from '@vox/variant';

/** Session-storage key pendingLogin with value ms. */
const PENDING_LOGIN_KEY = 'pendingLogin';
export const PENDING_LOGIN_MICROSOFT = 'ms';
export const MICROSOFT_LOGIN_PATH = href('msLogin');
export const MICROSOFT_LOGOUT_PATH = href('msLogout');

export function readPending(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_LOGIN_KEY);
  } catch {
    return null;
  }
}

export function setPending(): void {
  try {
    window.sessionStorage.setItem(PENDING_LOGIN_KEY, PENDING_LOGIN_MICROSOFT);
  } catch {
    // without session storage the return trip is still handled on /auth/ms/login
  }
}

export function removePending(): void {
  try {
    window.sessionStorage.removeItem(PENDING_LOGIN_KEY);
  } catch {
    // nothing stored
  }
}
