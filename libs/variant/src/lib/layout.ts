import { firstHostLabel, resolveVariant } from './resolve-variant';

const VARIANT_LABEL = /^(dashboard|[^.]*school[^.]*|[^.]*podcast[^.]*)$/;
/**
 * The deployment's listed sites (SITE_ORIGINS), set once at start-up by the shell. Kept on the
 * window, not in this module, so a remote built with its own copy of this lib reads the same list.
 */
const SITES_KEY = '__voxSiteOrigins';
type SitesHolder = { [SITES_KEY]?: readonly string[] };

/** The origins of the deployment's sites, as the server lists them (public config); empty: derive by host label. */
export function configureSiteOrigins(origins: readonly string[]): void {
  (globalThis as SitesHolder)[SITES_KEY] = origins;
}

/**
 * The URL of a sibling site (school., podcast.) or of the main site ('') for the same deployment:
 * the listed origin that serves that site when the deployment lists its sites (hosts with no
 * common parent, custom domains), else the variant label of the current host is swapped, so
 * school.localhost:4200 -> podcast.localhost:4200.
 */
export function siteUrl(location: Pick<Location, 'protocol' | 'host'>, sibling: '' | 'school' | 'podcast', path = '/'): string {
  const remote = sibling || 'main';
  const listed = ((globalThis as SitesHolder)[SITES_KEY] ?? []).find((origin) => resolveVariant(new URL(origin).host, '/').remote === remote);
  if (listed) return `${listed}${path}`;
  const label = firstHostLabel(location.host);
  const base = label && VARIANT_LABEL.test(label) ? location.host.slice(label.length + 1) : location.host;
  return `${location.protocol}//${sibling ? `${sibling}.` : ''}${base}${path}`;
}
