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
  // No entry may lead to a 404. The dashboard host serves only the metrics, so every
  // entry goes to the main site (absolute); the podcast host has no Free Scripts or Audio
  // Library, so those go to the main site, or are left out without its address.
  const mainSite = (to: string): SiteMenuEntry | null => (mainSiteHref ? { kind: 'external', label: '', href: new URL(to, mainSiteHref).href } : null);
  const at = (label: string, to: string, elsewhere: boolean): SiteMenuEntry | null => {
    if (!elsewhere) return { kind: 'route', label, to };
    const entry = mainSite(to);
    return entry && { ...entry, label };
  };
  const dashboard = page === 'dashboard';
  const features: SiteMenuEntry[] = [];
  const push = (group: SiteMenuEntry[], entry: SiteMenuEntry | null) => entry && group.push(entry);
  if (privileges.read_free_script) push(features, at('Free Scripts', '/free_scripts', page === 'channel' || dashboard));
  if (privileges.audio_library) push(features, at('Audio Library', '/audio', page === 'channel' || dashboard));

  // The podcast variant links back to the main app; the main variant links a signed-in
  // user to the podcast site. Each needs the other site's address from the shell.
  const podcast = page === 'channel';
  // The podcast site's own pages first: its channels (its home holds them, and the playlists) and
  // what the member listened to.
  const own: SiteMenuEntry[] = podcast
    ? [
        { kind: 'route', label: 'Channels', to: '/' },
        { kind: 'route', label: 'Listening history', to: '/history' },
      ]
    : [];

  const otherSite: SiteMenuEntry[] = [];
  if (podcast) {
    if (mainSiteHref) otherSite.push({ kind: 'external', label: `${product} web app`, href: mainSiteHref });
  } else if (loggedIn && podcastHref) {
    otherSite.push({ kind: 'external', label: 'My Podcast Page', href: podcastHref });
  }

  const info: SiteMenuEntry[] = [];
  push(info, at('About', '/about', dashboard));
  if (site === 'default') push(info, at('Choose your membership', '/membership', dashboard));
  // The guide is about writing scripts: not the podcast site's.
  if (!podcast) push(info, at('Guide to create and upload a script', '/guide', dashboard));
  push(info, at('FAQ', '/faq', dashboard));
  push(info, at('Contact us', '/contact', dashboard));

  const legal: SiteMenuEntry[] = [];
  push(legal, at('Terms of Service', '/terms', dashboard));
  push(legal, at('Privacy Policy', '/privacy', dashboard));

  const account: SiteMenuEntry[] = loggedIn ? [{ kind: 'sign-out', label: 'Sign Out' }] : [];

  return [own, features, otherSite, info, legal, account].filter((group) => group.length > 0);
}
