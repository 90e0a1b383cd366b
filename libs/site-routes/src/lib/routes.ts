import type { Privilege } from '@vox/contract';
import type { PathId } from '@vox/variant';

/** The remotes that render from this table (the dashboard shows its metrics at every path). */
export type TableSite = 'main' | 'school' | 'podcast';

/** The auth modal's forms that a route opens (seed section 2, "Auth screens"). */
export type AuthRouteMode = 'login' | 'register' | 'resetPassword';

/** One route of the table. */
export interface SiteRoute {
  /** The route's page in the remotes' page records (@vox/site-routes/remote). */
  id: string;
  /** Its path pattern, from @vox/variant's PATHS (links build hrefs from the same entry). */
  path: PathId;
  sites: readonly TableSite[];
  /** "{title} · {the site's product name}" in the tab. */
  title: string;
  /** Logged out, the prompt "Log in to see your {login}". */
  login?: string;
  /** Logged out, the privilege's prompt; lacking it, what the membership lacks. */
  privilege?: Privilege;
  /** No header and footer (seed section 2, "full-screen routes"). */
  fullScreen?: true;
  /** Goes straight to another route. */
  redirect?: PathId;
  /** Opens the auth modal over the site's `behindAuth` page. */
  auth?: AuthRouteMode;
}

const WEB = ['main', 'school'] as const; // the school site renders the main site's table, with its own /
const MAIN = ['main'] as const;
const SCHOOL = ['school'] as const;
const PODCAST = ['podcast'] as const;
const ALL = ['main', 'school', 'podcast'] as const;

const route = (id: string, sites: readonly TableSite[], title: string, more: Partial<SiteRoute> = {}): SiteRoute => ({
  id,
  path: id as PathId,
  sites,
  title,
  ...more,
});

/** Every route once: seed section 2 for the main, school and podcast sites. */
export const ROUTES: readonly SiteRoute[] = [
  route('home', MAIN, 'Scripts', { redirect: 'scripts' }),
  // Logged out, the school home goes to /about; signed in, a school user or teacher gets the school home.
  route('schoolHome', SCHOOL, 'School', { path: 'home' }),
  // Channels for visitors, the home page once logged in.
  route('podcastHome', PODCAST, 'Podcasts', { path: 'home' }),
  route('login', ALL, 'Log in', { auth: 'login' }),
  route('register', ALL, 'Sign up', { auth: 'register' }),
  route('resetPassword', ALL, 'Reset password', { auth: 'resetPassword' }),

  // Header and footer.
  route('scripts', WEB, 'Scripts', { login: 'scripts' }),
  route('scriptCreate', WEB, 'New script', { login: 'scripts' }),
  route('scriptEdit', WEB, 'Edit script', { login: 'scripts' }),
  route('history', WEB, 'History', { login: 'history' }),
  route('listeningHistory', PODCAST, 'Listening history', { path: 'history', login: 'podcasts' }),
  route('friends', WEB, 'Friends', { login: 'friend list' }),
  route('notifications', WEB, 'Messages', { login: 'messages' }),
  route('guide', ALL, 'Guide'),
  route('privacy', ALL, 'Privacy Policy'),
  route('terms', ALL, 'Terms of Service'),
  route('faq', ALL, 'FAQ'),
  route('about', ['main', 'podcast'], 'About'),
  route('schoolAbout', SCHOOL, 'About', { path: 'about' }),
  route('membership', ALL, 'Membership'),
  route('subscription', ALL, 'Your subscription', { login: 'subscriptions' }),
  route('contact', ALL, 'Contact us'),
  route('events', WEB, 'Events'),
  route('eventRegister', WEB, 'Event registration'),
  // Casting calls: the board and a call are open to visitors; acting on them asks to log in.
  route('castingBoard', MAIN, 'Casting calls'),
  route('castingCall', MAIN, 'Casting call'),
  route('castingLink', MAIN, 'Shared casting call'),
  route('castingCreate', MAIN, 'Post a casting call', { login: 'casting calls' }),
  route('castingEdit', MAIN, 'Edit casting call', { login: 'casting calls' }),
  route('castingMine', MAIN, 'My casting calls', { login: 'casting calls' }),
  // Staff (the staff role, not a privilege): the page tells a member without it so.
  route('castingReports', MAIN, 'Reported casting calls', { login: 'reported casting calls' }),
  route('castingAudition', MAIN, 'Audition', { login: 'auditions' }),
  route('castingReview', MAIN, 'Auditions', { login: 'casting calls' }),
  route('pilotProgram', WEB, 'Pilot program'),
  route('freesound', WEB, 'Freesound search'),
  route('audio', WEB, 'Audio library', { privilege: 'audio_library' }),
  route('audioEdit', WEB, 'Edit sound', { privilege: 'audio_library' }),
  route('audioCreate', WEB, 'New sound', { privilege: 'audio_library' }),
  route('freeScripts', WEB, 'Free scripts', { privilege: 'read_free_script' }),
  route('drafts', WEB, 'Drafts', { privilege: 'draft' }),
  route('templates', WEB, 'Templates', { privilege: 'draft' }),
  route('templateCreate', WEB, 'New template', { privilege: 'draft' }),
  route('templateEdit', WEB, 'Edit template', { privilege: 'draft' }),
  // Classes and assignments.
  route('classes', SCHOOL, 'Classes', { login: 'classes' }),
  route('class', SCHOOL, 'Class', { login: 'classes' }),
  route('assignment', SCHOOL, 'Assignment', { login: 'assignments' }),
  route('setPassword', SCHOOL, 'Set your password'),
  // The podcast site.
  route('channel', PODCAST, 'Channel'),
  route('playlist', PODCAST, 'Playlist'),
  route('favorites', PODCAST, 'Favorites', { login: 'favorites' }),

  // Full screen.
  route('certificates', WEB, 'Certificates', { fullScreen: true }),
  route('certificate', WEB, 'Certificate', { fullScreen: true }),
  route('event', WEB, 'Event', { fullScreen: true }),
  route('member', ALL, 'Profile', { fullScreen: true }),
  route('profile', ALL, 'Profile', { fullScreen: true }),
  route('session', WEB, 'Table read', { fullScreen: true }),
  // Signed in, not the draft privilege: a co-writer writes in a shared draft on its owner's membership
  // (the page itself shows an owner without the membership what is missing).
  route('draft', WEB, 'Draft', { fullScreen: true, login: 'drafts and templates' }),
  route('template', WEB, 'Template', { fullScreen: true, privilege: 'draft' }),
  route('shareLink', WEB, 'Shared script', { fullScreen: true }),
  route('episode', WEB, 'Episode', { fullScreen: true }),
  // On its own site an episode is one of the podcast's pages, under the podcast's top bar.
  route('podcastEpisode', PODCAST, 'Episode', { path: 'episode' }),
  route('script', WEB, 'Table read', { fullScreen: true }),
  route('msLogin', ALL, 'Logging in', { fullScreen: true }),
  route('msLogout', ALL, 'Logged out', { fullScreen: true }),
  // The first-run step right after joining.
  route('welcome', ALL, 'Welcome'),
];

/** What differs between the sites beyond their routes. */
export const SITE_HOME: Record<TableSite, { signedIn: PathId; behindAuth: string }> = {
  // Behind the auth modal: what / shows a visitor (a route id, or a page id without a route).
  main: { signedIn: 'scripts', behindAuth: 'scripts' },
  school: { signedIn: 'home', behindAuth: 'schoolAbout' },
  podcast: { signedIn: 'home', behindAuth: 'channels' },
};

/** The routes one site renders, in table order. */
export const routesOf = (site: TableSite) => ROUTES.filter((r) => r.sites.includes(site));
