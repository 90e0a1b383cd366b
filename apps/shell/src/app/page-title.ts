import type { Variant } from '@vox/variant';

export const PRODUCT_TITLE = 'VoxClub';

/**
 * Issue 21: every route names itself in the tab and to screen readers ("Friends · VoxClub").
 * One table for the four variants, matched in order; a page may refine its own title later
 * (a conversation names the member), and the next route change sets it again.
 */
const TITLES: Array<[RegExp, string]> = [
  [/^\/scripts\/create\/?$/, 'New script'],
  [/^\/scripts\/edit\//, 'Edit script'],
  [/^\/scripts\/?$/, 'Scripts'],
  [/^\/script\//, 'Table read'],
  [/^\/session\//, 'Table read'],
  [/^\/s\//, 'Shared script'],
  [/^\/history\/?$/, 'History'],
  [/^\/friends\/?$/, 'Friends'],
  [/^\/notifications\/?$/, 'Messages'],
  [/^\/guide\/?$/, 'Guide'],
  [/^\/privacy\/?$/, 'Privacy Policy'],
  [/^\/terms\/?$/, 'Terms of Service'],
  [/^\/about\/?$/, 'About'],
  [/^\/membership\/?$/, 'Membership'],
  [/^\/subscription\/?$/, 'Your subscription'],
  [/^\/faq\/?$/, 'FAQ'],
  [/^\/events\/?$/, 'Events'],
  [/^\/event\/[^/]+\/register\/?$/, 'Event registration'],
  [/^\/event\//, 'Event'],
  [/^\/pilot_program\//, 'Pilot program'],
  [/^\/freesound-poc\/?$/, 'Freesound search'],
  [/^\/contact\/?$/, 'Contact us'],
  [/^\/audio\/create\//, 'New sound'],
  [/^\/audio\/edit\//, 'Edit sound'],
  [/^\/audio\/?$/, 'Audio library'],
  [/^\/free_scripts\/?$/, 'Free scripts'],
  [/^\/write\/[^/]+/, 'Draft'],
  [/^\/write\/?$/, 'Drafts'],
  [/^\/templates\/create\/?$/, 'New template'],
  [/^\/templates\/edit\//, 'Edit template'],
  [/^\/templates\/?$/, 'Templates'],
  [/^\/template\//, 'Template'],
  [/^\/certificate\/[^/]+/, 'Certificate'],
  [/^\/certificate\/?$/, 'Certificates'],
  [/^\/members\//, 'Profile'],
  [/^\/profile\//, 'Profile'],
  [/^\/podcast-ep\//, 'Episode'],
  [/^\/auth\/ms\/login\/?$/, 'Logging in'],
  [/^\/auth\/ms\/logout\/?$/, 'Logged out'],
  [/^\/login\/?$/, 'Log in'],
  [/^\/register\/?$/, 'Sign up'],
  [/^\/resetpassword\/?$/, 'Reset password'],
  [/^\/classes\/[^/]+/, 'Class'],
  [/^\/classes\/?$/, 'Classes'],
  [/^\/assignments\//, 'Assignment'],
  [/^\/set-password\/?$/, 'Set your password'],
  [/^\/channel\//, 'Channel'],
  [/^\/playlist\//, 'Playlist'],
  [/^\/favorites\/?$/, 'Favorites'],
];

/** The document title for a path in a variant: "{page} · VoxClub", or the product alone at home. */
export function pageTitle(pathname: string, variant: Pick<Variant, 'page' | 'site'>): string {
  if (variant.page === 'dashboard') return `Metrics · ${PRODUCT_TITLE}`;
  if (variant.page === 'channel') {
    if (pathname === '/' || pathname === '') return `Podcasts · ${PRODUCT_TITLE}`;
    if (/^\/history\/?$/.test(pathname)) return `Listening history · ${PRODUCT_TITLE}`;
  }
  if (pathname === '/' || pathname === '') return variant.site === 'school' ? `School · ${PRODUCT_TITLE}` : `Scripts · ${PRODUCT_TITLE}`;
  const found = TITLES.find(([pattern]) => pattern.test(pathname));
  // A path this table does not know (a page added later) keeps the product's name alone.
  return found ? `${found[1]} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}
