import type { Variant } from '@vox/variant';

export const PRODUCT_TITLE = 'VoxClub';

/**
 * Issue 21: every route names itself in the tab and to screen readers ("Friends · VoxClub").
 * One table for the four variants by the path's first segment, with a few deeper paths; kept
 * small because it ships with the shell's first route. A page may refine its own title later
 * (a conversation names the member); the next route change sets it again.
 */
const BY_SEGMENT: Record<string, string> = {
  scripts: 'Scripts', script: 'Table read', session: 'Table read', s: 'Shared script', history: 'History',
  friends: 'Friends', notifications: 'Messages', guide: 'Guide', privacy: 'Privacy Policy', terms: 'Terms of Service',
  about: 'About', membership: 'Membership', subscription: 'Your subscription', faq: 'FAQ', events: 'Events',
  event: 'Event', pilot_program: 'Pilot program', 'freesound-poc': 'Freesound search', contact: 'Contact us',
  audio: 'Audio library', free_scripts: 'Free scripts', write: 'Drafts', templates: 'Templates', template: 'Template',
  certificate: 'Certificates', members: 'Profile', profile: 'Profile', 'podcast-ep': 'Episode', auth: 'Logging in',
  login: 'Log in', register: 'Sign up', resetpassword: 'Reset password', classes: 'Classes', assignments: 'Assignment',
  'set-password': 'Set your password', channel: 'Channel', playlist: 'Playlist', favorites: 'Favorites',
};
/** Deeper paths: "first/second" (second segment, or * for any). */
const DEEPER: Record<string, string> = {
  'scripts/create': 'New script', 'scripts/edit': 'Edit script', 'audio/create': 'New sound', 'audio/edit': 'Edit sound',
  'templates/create': 'New template', 'templates/edit': 'Edit template', 'write/*': 'Draft', 'certificate/*': 'Certificate',
  'classes/*': 'Class', 'auth/ms': 'Logging in',
};

/** The document title for a path in a variant: "{page} · VoxClub". */
export function pageTitle(pathname: string, variant: Pick<Variant, 'page' | 'site'>): string {
  const [first = '', second, third] = pathname.split('/').filter(Boolean);
  let name: string | undefined;
  if (variant.page === 'dashboard') name = 'Metrics';
  else if (variant.page === 'channel' && !first) name = 'Podcasts';
  else if (variant.page === 'channel' && first === 'history') name = 'Listening history';
  else if (!first) name = variant.site === 'school' ? 'School' : 'Scripts';
  else if (first === 'event' && third === 'register') name = 'Event registration';
  else if (first === 'auth' && third === 'logout') name = 'Logged out';
  else name = (second && (DEEPER[`${first}/${second}`] ?? DEEPER[`${first}/*`])) || BY_SEGMENT[first];
  // A path this table does not know (a page added later) keeps the product's name alone.
  return name ? `${name} · ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}
