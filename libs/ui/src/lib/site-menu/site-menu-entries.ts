import type { PageVariant, PrivilegeFlags, SiteVariant } from '../shell-types';

export type SiteMenuEntry =
  | { kind: 'route'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'sign-out'; label: string };

export interface SiteMenuOptions {
  loggedIn: boolean;
  privileges: PrivilegeFlags;
  site: SiteVariant;
  page: PageVariant;
  product: string;
  podcastHref?: string;
  mainSiteHref?: string;
}

/**
 * The menu's entries in the order the seed lists them, as groups (each group is drawn
 * with a divider). Empty groups are left out.
 */
export function siteMenuEntries({
  loggedIn,
  privileges,
  site,
  page,
  product,
  podcastHref,
  mainSiteHref,
}: SiteMenuOptions): SiteMenuEntry[][] {
  const features: SiteMenuEntry[] = [];
  if (privileges.read_free_script) features.push({ kind: 'route', label: 'Free Scripts', to: '/free_scripts' });
  if (privileges.audio_library) features.push({ kind: 'route', label: 'Audio Library', to: '/audio' });

  // The podcast variant links back to the main app; the main variant links a signed-in
  // user to the podcast site. Each needs the other site's address from the shell.
  const otherSite: SiteMenuEntry[] = [];
  if (page === 'channel') {
    if (mainSiteHref) otherSite.push({ kind: 'external', label: `${product} web app`, href: mainSiteHref });
  } else if (loggedIn && podcastHref) {
    otherSite.push({ kind: 'external', label: 'My Podcast Page', href: podcastHref });
  }

  const info: SiteMenuEntry[] = [{ kind: 'route', label: 'About', to: '/about' }];
  if (site === 'default') info.push({ kind: 'route', label: 'Choose your membership', to: '/membership' });
  info.push(
    { kind: 'route', label: 'Guide to create and upload a script', to: '/guide' },
    { kind: 'route', label: 'FAQ', to: '/faq' },
    { kind: 'route', label: 'Contact us', to: '/contact' },
  );

  const legal: SiteMenuEntry[] = [
    { kind: 'route', label: 'Terms of Service', to: '/terms' },
    { kind: 'route', label: 'Privacy Policy', to: '/privacy' },
  ];

  const account: SiteMenuEntry[] = loggedIn ? [{ kind: 'sign-out', label: 'Sign Out' }] : [];

  return [features, otherSite, info, legal, account].filter((group) => group.length > 0);
}
