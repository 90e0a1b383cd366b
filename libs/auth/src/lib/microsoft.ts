import { answerOf, api } from '@vox/api-client';
import { AUTH_MESSAGES } from '@vox/contract';
import { configureAuth, getAuthConfig } from './auth-config';
import { PENDING_LOGIN_MICROSOFT, readPending, removePending, setPending } from './microsoft-common';

// The start-up half of the Microsoft sign-in: the settings and the pendingLogin check, which every
// first route runs. The sign-in itself is ./microsoft-flow.ts, on MSAL (a large bundle most
// visitors never need): both load with import(), side by side, when a Microsoft sign-in starts,
// returns or finishes. Never import either statically.
type MsalModule = typeof import('@azure/msal-browser');
type MicrosoftFlow = typeof import('./microsoft-flow');
type MicrosoftRedirectResult = import('@azure/msal-browser').AuthenticationResult;

const MICROSOFT_NOT_CONFIGURED: string = AUTH_MESSAGES.microsoftNotConfigured;

const loadFlow = (): Promise<[MicrosoftFlow, MsalModule]> => Promise.all([import('./microsoft-flow'), import('@azure/msal-browser')]);

export function isMicrosoftConfigured(): boolean {
  return Boolean(getAuthConfig().msClientId?.trim());
}

let settingsLoading: Promise<void> | null = null;

/**
 * Reads the Microsoft settings from the server's public config unless they were given. A failed
 * read leaves them unknown, so the next sign-in attempt asks again. `started`: that read, already
 * sent by the shell before its chunks loaded; used once, later calls ask again.
 */
export function loadMicrosoftSettings(started?: Promise<Response>): Promise<void> {
  if (getAuthConfig().msClientId !== undefined) return Promise.resolve();
  settingsLoading ??= (started ? answerOf('publicConfig', started) : api.getPublicConfig())
    .then(
      (answer) => {
        const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
        configureAuth({
          msClientId: text(answer?.msClientId),
          msAuthority: text(answer?.msAuthority),
          siteOrigins: answer?.siteOrigins ?? [],
          sharedCookie: answer?.sharedCookie === true,
        });
      },
      () => undefined,
    )
    .finally(() => {
      settingsLoading = null;
    });
  return settingsLoading;
}

/** Starts the redirect to Microsoft (no scopes, forced login prompt). */
export async function startMicrosoftLogin(): Promise<void> {
  // Awaited only when unknown, so that once settings are in, the flag is set within the click itself.
  if (getAuthConfig().msClientId === undefined) await loadMicrosoftSettings();
  if (!isMicrosoftConfigured()) throw new Error(MICROSOFT_NOT_CONFIGURED);
  setPending();
  try {
    const [flow, msal] = await loadFlow();
    await flow.redirectToMicrosoft(msal);
  } catch (error) {
    removePending();
    throw error;
  }
}

/**
 * Start-up half of the Microsoft flow. Does nothing (and loads nothing) unless
 * pendingLogin is 'ms'. With an account returned: clears the flag, makes the account active and
 * goes to /auth/ms/login, replacing the history entry. Never rejects: redirect errors are
 * swallowed, and a pending login that returned nothing is over, so its flag goes too.
 */
export async function handleMicrosoftRedirect(): Promise<MicrosoftRedirectResult | null> {
  // Unconfigured, the flag stays: the settings may still arrive, and /auth/ms/login finishes anyway.
  // The settings first: a page's first storage read waits on the browser (43 ms of a cold load
  // under Lighthouse's slowdown, before the first render), and without Microsoft it is not needed.
  if (!isMicrosoftConfigured() || readPending() !== PENDING_LOGIN_MICROSOFT) return null;
  try {
    const [flow, msal] = await loadFlow();
    return await flow.finishMicrosoftRedirect(msal);
  } catch {
    // the flow's files did not load (it handles its own errors)
    removePending();
    return null;
  }
}

/**
 * Run by the /auth/ms/login page: exchanges the Microsoft ID token of the active account for a
 * VoxClub session (POST /api/users/authenticate/microsoft) and logs 'login'. Throws the server's
 * ApiError when the exchange is refused.
 */
export async function completeMicrosoftLogin(): Promise<void> {
  await loadMicrosoftSettings();
  if (!isMicrosoftConfigured()) throw new Error(MICROSOFT_NOT_CONFIGURED);
  const [flow, msal] = await loadFlow();
  await flow.exchangeMicrosoftToken(msal);
}
