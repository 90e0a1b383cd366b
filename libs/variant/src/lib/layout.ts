import { firstHostLabel } from './resolve-variant';

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
