import { firstHostLabel } from './resolve-variant';

/**
 * Seed section 2: routes that fill the screen, without header and footer. /event/{id}/register,
 * /write and /templates keep the header; their full-screen relatives are matched exactly here.
 */
const FULL_SCREEN: RegExp[] = [
  /^\/certificate(\/[^/]+)?\/?$/,
  /^\/event\/[^/]+\/?$/,
  /^\/members\/[^/]+\/?$/,
  /^\/profile\/[^/]+\/?$/,
  /^\/session\/[^/]+\/?$/,
  /^\/write\/[^/]+\/?$/,
  /^\/template\/[^/]+\/?$/,
  /^\/s\/[^/]+\/?$/,
  /^\/podcast-ep\/[^/]+\/?$/,
  /^\/script\/[^/]+\/?$/,
  /^\/auth\/ms\/(login|logout)\/?$/,
];

export function isFullScreenPath(pathname: string): boolean {
  return FULL_SCREEN.some((re) => re.test(pathname));
}

/** /login, /register and /resetpassword open the auth modal over the page (seed section 2). */
export const AUTH_ROUTES = { '/login': 'login', '/register': 'register', '/resetpassword': 'resetPassword' } as const;
export type AuthRouteMode = (typeof AUTH_ROUTES)[keyof typeof AUTH_ROUTES];

export function authRouteMode(pathname: string): AuthRouteMode | null {
  const key = pathname.toLowerCase().replace(/\/+$/, '') as keyof typeof AUTH_ROUTES;
  return AUTH_ROUTES[key] ?? null;
}

export function authRoutePath(mode: AuthRouteMode): string {
  return Object.entries(AUTH_ROUTES).find(([, m]) => m === mode)![0];
}

const VARIANT_LABEL = /^(dashboard|[^.]*school[^.]*|[^.]*podcast[^.]*)$/;

/**
 * The URL of a sibling site (school., podcast.) or of the main site ('') for the same deployment:
 * the variant label of the current host is swapped, so school.localhost:4200 -> podcast.localhost:4200.
 */
export function siteUrl(location: Pick<Location, 'protocol' | 'host'>, sibling: '' | 'school' | 'podcast', path = '/'): string {
  const label = firstHostLabel(location.host);
  const base = label && VARIANT_LABEL.test(label) ? location.host.slice(label.length + 1) : location.host;
  return `${location.protocol}//${sibling ? `${sibling}.` : ''}${base}${path}`;
}
