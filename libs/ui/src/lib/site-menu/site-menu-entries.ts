import { href, type PlainPathId } from '@vox/variant';
import type { LinkSite } from '../site-link/site-link';
import type { PageVariant, PrivilegeFlags, SiteVariant } from '../shell-types';

export type SiteMenuEntry =
  | { kind: 'link'; label: string; to: string; site?: LinkSite }
  | { kind: 'sign-out'; label: string };

export interface SiteMenuOptions {
  loggedIn: boolean;
  privileges: PrivilegeFlags;
  site: SiteVariant;
  page: PageVariant;
  product: string;
}

const link = (label: string, id: PlainPathId, site?: LinkSite): SiteMenuEntry => ({ kind: 'link', label, to: href(id), site });

/**
 * The menu's entries in the order the seed lists them, as groups (each group is drawn
 * with a divider). Empty groups are left out. Each entry names a path; where it leads from
 * this host (here, or the host that serves it) is the route table's answer (SiteLink).
 */
export function siteMenuEntries({ loggedIn, privileges, site, page, product }: SiteMenuOptions): SiteMenuEntry[][] {
  const podcast = page === 'channel';
  const features: SiteMenuEntry[] = [];
  // Casting calls are the main site's: visitors browse the board, members post and audition.
  if (site === 'default' && !podcast) features.push(link('Casting', 'castingBoard'));
  if (privileges.read_free_script) features.push(link('Free Scripts', 'freeScripts'));
  if (privileges.audio_library) features.push(link('Audio Library', 'audio'));

  // The podcast site's own pages first: its channels (its home holds them, and the playlists) and
  // what the member listened to.
  const own: SiteMenuEntry[] = podcast ? [link('Channels', 'home'), link('Listening history', 'history')] : [];

  // The podcast site links back to the main app; the other sites link a signed-in member to the podcast site.
  const otherSite: SiteMenuEntry[] = podcast
    ? [link(`${product} web app`, 'home', 'main')]
    : loggedIn
      ? [link('My Podcast Page', 'home', 'podcast')]
      : [];

  const info: SiteMenuEntry[] = [link('About', 'about')];
  if (site === 'default') info.push(link('Choose your membership', 'membership'));
  // The guide is about writing scripts: not the podcast site's.
  if (!podcast) info.push(link('Guide to create and upload a script', 'guide'));
  info.push(link('FAQ', 'faq'), link('Contact us', 'contact'));

  const legal = [link('Terms of Service', 'terms'), link('Privacy Policy', 'privacy')];
  const account: SiteMenuEntry[] = loggedIn ? [{ kind: 'sign-out', label: 'Sign Out' }] : [];

  return [own, features, otherSite, info, legal, account].filter((group) => group.length > 0);
}
