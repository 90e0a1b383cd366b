import { answerOf, api } from '@vox/api-client';
import { AUTH_MESSAGES } from '@vox/contract';
import { configureAuth, getAuthConfig } from './auth-config';
import { browserNavigation } from './browser-navigation';
import { acceptSignIn } from './sign-in';

// Types only: MSAL is a large bundle that most visitors never need, so the code is loaded with a
// dynamic import() when a Microsoft sign-in starts or is pending. Never import it statically.
type MsalModule = typeof import('@azure/msal-browser');
type MsalClient = import('@azure/msal-browser').PublicClientApplication;
type MsalConfiguration = import('@azure/msal-browser').Configuration;
export type MicrosoftRedirectResult = import('@azure/msal-browser').AuthenticationResult;

/** Seed section 9: session-storage key pendingLogin with value ms. */
export const PENDING_LOGIN_KEY = 'pendingLogin';
export const PENDING_LOGIN_MICROSOFT = 'ms';
export const MICROSOFT_DEFAULT_AUTHORITY = 'https://login.microsoftonline.com/common';
export const MICROSOFT_LOGIN_PATH = '/auth/ms/login';
export const MICROSOFT_LOGOUT_PATH = '/auth/ms/logout';
export const MICROSOFT_NOT_CONFIGURED: string = AUTH_MESSAGES.microsoftNotConfigured;
export const MICROSOFT_NO_ACCOUNT = 'Sign-in with Microsoft did not complete. Please try again.';

const MICROSOFT_AUTHORITY_HOST = 'login.microsoftonline.com';

export interface MicrosoftSettings {
  msClientId?: string | null;
  msAuthority?: string | null;
}

export function isMicrosoftConfigured(): boolean {
  return Boolean(getAuthConfig().msClientId?.trim());
}

let settingsLoading: Promise<void> | null = null;

/**
 * Reads the Microsoft settings from the server's public config unless they were given. A failed
 * read leaves them unknown, so the next sign-in attempt asks again. `started`: that read, already
 * sent by the shell before its chunks loaded (issue 19); used once, later calls ask again.
 */
export function loadMicrosoftSettings(started?: Promise<Response>): Promise<void> {
  if (getAuthConfig().msClientId !== undefined) return Promise.resolve();
  settingsLoading ??= (started ? answerOf('publicConfig', started) : api.getPublicConfig())
    .then(
      (answer) => {
        const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
        configureAuth({ msClientId: text(answer?.msClientId), msAuthority: text(answer?.msAuthority) });
      },
      () => undefined,
    )
    .finally(() => {
      settingsLoading = null;
    });
  return settingsLoading;
}

/**
 * MSAL settings for the seed's sign-in: redirect /auth/ms/login, post-logout /auth/ms/logout.
 * Any authority other than Microsoft's (a local or test IdP such as http://127.0.0.1:<port>) is
 * plain OpenID Connect: MSAL must be told to trust its host and to skip Entra ID specifics.
 */
export function msalConfiguration(settings: MicrosoftSettings, origin: string): MsalConfiguration {
  const authority = settings.msAuthority?.trim() || MICROSOFT_DEFAULT_AUTHORITY;
  const authorityUrl = new URL(authority);
  const isMicrosoft = authorityUrl.hostname.toLowerCase() === MICROSOFT_AUTHORITY_HOST;
  return {
    auth: {
      clientId: settings.msClientId?.trim() ?? '',
      authority,
      redirectUri: `${origin}${MICROSOFT_LOGIN_PATH}`,
      postLogoutRedirectUri: `${origin}${MICROSOFT_LOGOUT_PATH}`,
      ...(isMicrosoft ? {} : { knownAuthorities: [authorityUrl.host] }),
    },
    cache: { cacheLocation: 'sessionStorage' },
    ...(isMicrosoft ? {} : { system: { protocolMode: 'OIDC' as const } }),
  };
}

function readPending(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_LOGIN_KEY);
  } catch {
    return null;
  }
}

function setPending(): void {
  try {
    window.sessionStorage.setItem(PENDING_LOGIN_KEY, PENDING_LOGIN_MICROSOFT);
  } catch {
    // without session storage the return trip is still handled on /auth/ms/login
  }
}

function removePending(): void {
  try {
    window.sessionStorage.removeItem(PENDING_LOGIN_KEY);
  } catch {
    // nothing stored
  }
}

let client: { key: string; loading: Promise<MsalClient> } | null = null;
let redirect: { client: MsalClient; handling: Promise<MicrosoftRedirectResult | null> } | null = null;

function loadMsal(): Promise<MsalClient> {
  const configuration = msalConfiguration(getAuthConfig(), window.location.origin);
  const key = JSON.stringify(configuration);
  if (client?.key !== key) {
    const loading = import('@azure/msal-browser').then(async (msal: MsalModule) => {
      const instance = new msal.PublicClientApplication(configuration);
      await instance.initialize();
      return instance;
    });
    client = { key, loading };
    // A failed download may succeed on the next click, so it is not kept.
    loading.catch(() => {
      if (client?.loading === loading) client = null;
    });
  }
  return client.loading;
}

/** MSAL answers the redirect response once per page load; every caller gets that one answer. */
function redirectResult(instance: MsalClient): Promise<MicrosoftRedirectResult | null> {
  if (redirect?.client !== instance) redirect = { client: instance, handling: instance.handleRedirectPromise() };
  return redirect.handling;
}

/** Starts the redirect to Microsoft (seed section 9: no scopes, forced login prompt). */
export async function startMicrosoftLogin(): Promise<void> {
  // Awaited only when unknown, so that once settings are in, the flag is set within the click itself.
  if (getAuthConfig().msClientId === undefined) await loadMicrosoftSettings();
  if (!isMicrosoftConfigured()) throw new Error(MICROSOFT_NOT_CONFIGURED);
  setPending();
  try {
    const instance = await loadMsal();
    // A stale interaction left by an abandoned attempt would make loginRedirect refuse to start.
    await redirectResult(instance).catch(() => null);
    await instance.loginRedirect({ scopes: [], prompt: 'login' });
  } catch (error) {
    removePending();
    throw error;
  }
}

/**
 * Start-up half of seed section 4's Microsoft flow. Does nothing (and loads nothing) unless
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
    const instance = await loadMsal();
    const result = await redirectResult(instance);
    removePending();
    if (!result?.account) return null;
    instance.setActiveAccount(result.account);
    if (window.location.pathname !== MICROSOFT_LOGIN_PATH) browserNavigation.replace(MICROSOFT_LOGIN_PATH);
    return result;
  } catch {
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
  const instance = await loadMsal();
  const result = await redirectResult(instance).catch(() => null);
  const account = result?.account ?? instance.getActiveAccount() ?? instance.getAllAccounts()[0] ?? null;
  if (!account) throw new Error(MICROSOFT_NO_ACCOUNT);
  removePending();
  instance.setActiveAccount(account);
  // The redirect's own token is freshest; on a later load MSAL serves (or renews) it from its cache.
  const idToken = result?.idToken || (await instance.acquireTokenSilent({ scopes: [], account })).idToken;
  if (!idToken) throw new Error(MICROSOFT_NO_ACCOUNT);
  acceptSignIn(await api.authenticateMicrosoft(idToken), 'login');
}
