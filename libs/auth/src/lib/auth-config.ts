import type { ActivityLogger } from '@vox/activity';

export interface AuthConfig {
  /** Where login, register and logout are logged; auth works without one. */
  activity: Pick<ActivityLogger, 'log'> | null;
  /**
   * Microsoft sign-in app id from the server's run-time config: null or empty means not
   * configured; undefined means not known yet, and it is then read from /api/config/public.
   */
  msClientId: string | null | undefined;
  /** Authority URL; the multi-tenant Microsoft authority when empty. */
  msAuthority: string | null | undefined;
  /** The deployment's sites (SITE_ORIGINS), the first holding the sign-in for the others; empty: one site. */
  siteOrigins: readonly string[];
  /** True when the sites share one refresh cookie (COOKIE_DOMAIN), false when they hand the sign-in over by redirect. */
  sharedCookie: boolean;
}

let config: AuthConfig = { activity: null, msClientId: undefined, msAuthority: undefined, siteOrigins: [], sharedCookie: false };

/** Called by the shell at start-up with the activity logger and the server's Microsoft settings. */
export function configureAuth(changes: Partial<AuthConfig>): void {
  config = { ...config, ...changes };
}

export function getAuthConfig(): Readonly<AuthConfig> {
  return config;
}
