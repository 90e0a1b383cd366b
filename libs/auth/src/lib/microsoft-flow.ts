// The Microsoft sign-in itself, on MSAL: loaded (with MSAL) by ./microsoft.ts only when a sign-in
// starts, returns (pendingLogin is 'ms') or finishes on /auth/ms/login, never on a plain first
// route (it was 1.1 KB gzip of the shell's entry file with the start-up half).
// MSAL comes from the caller, which fetches this module and MSAL side by side; types only here
// (nothing in the lib imports MSAL statically: microsoft.spec.ts checks).
import { api } from '@vox/api-client';
import { getAuthConfig } from './auth-config';
import { browserNavigation } from './browser-navigation';
import { MICROSOFT_LOGIN_PATH, MICROSOFT_LOGOUT_PATH, removePending } from './microsoft-common';
import { acceptSignIn } from './sign-in';

const MICROSOFT_DEFAULT_AUTHORITY = 'https://login.microsoftonline.com/common';
const MICROSOFT_NO_ACCOUNT = 'Sign-in with Microsoft did not complete. Please try again.';

type MsalModule = typeof import('@azure/msal-browser');
type PublicClientApplication = import('@azure/msal-browser').PublicClientApplication;
type AuthenticationResult = import('@azure/msal-browser').AuthenticationResult;
type Configuration = import('@azure/msal-browser').Configuration;

const MICROSOFT_AUTHORITY_HOST = 'login.microsoftonline.com';

interface MicrosoftSettings {
  msClientId?: string | null;
  msAuthority?: string | null;
}

/**
 * MSAL settings for the product's sign-in: redirect /auth/ms/login, post-logout /auth/ms/logout.
 * Any authority other than Microsoft's (a local or test IdP such as http://127.0.0.1:<port>) is
 * plain OpenID Connect: MSAL must be told to trust its host and to skip Entra ID specifics.
 */
export function msalConfiguration(settings: MicrosoftSettings, origin: string): Configuration {
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

let client: { key: string; loading: Promise<PublicClientApplication> } | null = null;
let redirect: { client: PublicClientApplication; handling: Promise<AuthenticationResult | null> } | null = null;

function loadMsal(msal: MsalModule): Promise<PublicClientApplication> {
  const configuration = msalConfiguration(getAuthConfig(), window.location.origin);
  const key = JSON.stringify(configuration);
  if (client?.key !== key) {
    const loading = (async () => {
      const instance = new msal.PublicClientApplication(configuration);
      await instance.initialize();
      return instance;
    })();
    client = { key, loading };
    // A failed start may succeed on the next click, so it is not kept.
    loading.catch(() => {
      if (client?.loading === loading) client = null;
    });
  }
  return client.loading;
}

/** MSAL answers the redirect response once per page load; every caller gets that one answer. */
function redirectResult(instance: PublicClientApplication): Promise<AuthenticationResult | null> {
  if (redirect?.client !== instance) redirect = { client: instance, handling: instance.handleRedirectPromise() };
  return redirect.handling;
}

/**
 * Redirects to Microsoft (no scopes, forced login prompt); the caller set the flag.
 * @public ./microsoft.ts calls this module's functions on the module import() answers.
 */
export async function redirectToMicrosoft(msal: MsalModule): Promise<void> {
  const instance = await loadMsal(msal);
  // A stale interaction left by an abandoned attempt would make loginRedirect refuse to start.
  await redirectResult(instance).catch(() => null);
  await instance.loginRedirect({ scopes: [], prompt: 'login' });
}

/**
 * handleMicrosoftRedirect's work once a pending sign-in is known (./microsoft.ts).
 * @public called on the module import() answers.
 */
export async function finishMicrosoftRedirect(msal: MsalModule): Promise<AuthenticationResult | null> {
  try {
    const instance = await loadMsal(msal);
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
 * completeMicrosoftLogin's work once the settings are in (./microsoft.ts).
 * @public called on the module import() answers.
 */
export async function exchangeMicrosoftToken(msal: MsalModule): Promise<void> {
  const instance = await loadMsal(msal);
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
