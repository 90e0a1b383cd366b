export const SITES = ['default', 'school', 'dashboard'] as const;
export type Site = (typeof SITES)[number];

export const PAGES = ['default', 'channel', 'dashboard'] as const;
export type Page = (typeof PAGES)[number];

/** The federated remotes, one per variant; the shell loads exactly one of them. */
export const REMOTES = ['main', 'school', 'dashboard', 'podcast'] as const;
export type RemoteName = (typeof REMOTES)[number];

export interface Variant {
  site: Site;
  page: Page;
  remote: RemoteName;
}

const METRICS_PATH = '/metrics';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * First label of a host name, lower-cased. Accepts `location.host` as well as `location.hostname`
 * (a port is dropped). IP addresses have no meaningful label, so they answer ''.
 */
export function firstHostLabel(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  // IPv6 literals come bracketed ("[::1]:4200") and their colons are not a port separator.
  if (host.startsWith('[') || host.split(':').length > 2) return '';
  const name = host.split(':')[0].replace(/\.$/, '');
  if (IPV4.test(name)) return '';
  return name.split('.')[0];
}

/** The host name picks the site and page variants; a /metrics path always shows the dashboard. */
export function resolveVariant(hostname: string, pathname: string): Variant {
  const label = firstHostLabel(hostname);
  let site: Site = 'default';
  let page: Page = 'default';
  if (label === 'dashboard') {
    site = 'dashboard';
    page = 'dashboard';
  } else if (label.includes('school')) {
    site = 'school';
  }
  if (label.includes('podcast')) page = 'channel';
  // React Router matches paths case-insensitively, so /Metrics reaches the metrics page too.
  if (pathname.toLowerCase().includes(METRICS_PATH)) page = 'dashboard';
  return { site, page, remote: remoteFor(site, page) };
}

function remoteFor(site: Site, page: Page): RemoteName {
  if (page === 'dashboard') return 'dashboard';
  if (site === 'school') return 'school';
  if (page === 'channel') return 'podcast';
  return 'main';
}
