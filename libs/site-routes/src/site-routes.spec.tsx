import type { ReactNode } from 'react';
import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { authStore, PRIVILEGE_PROMPTS, RemoteRoot } from '@vox/auth';
import type { Privilege, User } from '@vox/contract';
import { PlayerBar, PlayerProvider } from '@vox/feature-podcast';
import { createFakeServer, json, renderRouter } from '@vox/testing';
import { PATHS, resolveVariant } from '@vox/variant';
import { authRouteMode, authRoutePath, isFullScreenPath, matchRoute, pageTitle, ROUTES, routesOf, SITE_HOME, siteHref, siteRouteObjects, type TableSite } from './index';
import { podcastSitePages } from './pages/podcast-site';
import { webSitePages } from './pages/web';
import { sitePage } from './remote';

/**
 * One table-driven spec for the route table of every variant: each route
 * exists on its sites with its gate and chrome, and each site renders its redirects, log-in
 * prompts, privilege gates and pages. It replaced the main, school and podcast remotes' specs.
 */

const SITES: TableSite[] = ['main', 'school', 'podcast'];
// As the remotes give them (apps/*/src/app/app.tsx).
const PAGES = { main: webSitePages, school: webSitePages, podcast: podcastSitePages };
const FRAME: Record<TableSite, (routes: ReactNode) => ReactNode> = {
  main: (routes) => routes,
  school: (routes) => routes,
  podcast: (routes) => (
    <PlayerProvider>
      {routes}
      <PlayerBar />
    </PlayerProvider>
  ),
};

const person = (privileges: string[], more: Partial<User> = {}): User => ({
  id: 'u1',
  handle: 'ada',
  name: 'Ada',
  photo: null,
  role: { name: 'member', privileges },
  classes: [],
  ...more,
});

const SITE_PAGE = { main: sitePage('main', webSitePages), school: sitePage('school', webSitePages), podcast: sitePage('podcast', podcastSitePages) };

/**
 * A site at `path` as the shell and the remote draw it: the table's routes under a
 * layout, each route the remote's page for its id. Every call the pages make answers 404 but the
 * subscriptions.
 */
function renderSite(site: TableSite, path: string, user: User | null = null) {
  const server = createFakeServer();
  server.on('subscriptions', () => json(200, []));
  const Page = SITE_PAGE[site];
  const routes = siteRouteObjects(site, (route) => <Page route={route?.id ?? null} />).map(({ path, element }) => ({ path, element }));
  return renderRouter([{ element: <RemoteRoot name={site}>{FRAME[site](<Outlet />)}</RemoteRoot>, children: routes }], {
    route: path,
    user,
    server,
  });
}

const title = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
const where = () => screen.getByTestId('location');

afterEach(() => authStore.clear());

// Seed section 2, route by route: [an example path, the sites that have it, its gate, full screen].
type Gate = { login: string } | { privilege: Privilege } | null;
const W = ['main', 'school'] as const;
const A = ['main', 'school', 'podcast'] as const;
const SEED: [string, readonly TableSite[], Gate, boolean][] = [
  ['/certificate', W, null, true],
  ['/certificate/c1', W, null, true],
  ['/event/e1', W, null, true],
  ['/members/ada', A, null, true],
  ['/profile/u1', A, null, true],
  ['/session/s1', W, null, true],
  ['/write/d1', W, { login: 'drafts and templates' }, true],
  ['/template/t1', W, { privilege: 'draft' }, true],
  ['/s/l1', W, null, true],
  ['/podcast-ep/l1', W, null, true],
  // The podcast site's own episode page keeps its top bar.
  ['/podcast-ep/l1', ['podcast'], null, false],
  ['/script/sc1', W, null, true],
  ['/auth/ms/login', A, null, true],
  ['/auth/ms/logout', A, null, true],
  ['/scripts', W, { login: 'scripts' }, false],
  ['/history', W, { login: 'history' }, false],
  ['/friends', W, { login: 'friend list' }, false],
  ['/notifications', W, { login: 'messages' }, false],
  ['/guide', A, null, false],
  ['/privacy', A, null, false],
  ['/terms', A, null, false],
  ['/about', A, null, false],
  ['/membership', A, null, false],
  ['/subscription', A, { login: 'subscriptions' }, false],
  ['/faq', A, null, false],
  ['/events', W, null, false],
  ['/event/e1/register', W, null, false],
  // Casting calls, the main site's: visitors browse; posting and auditioning ask to log in.
  ['/casting', ['main'], null, false],
  ['/casting/calls/c1', ['main'], null, false],
  ['/casting/link/l1', ['main'], null, false],
  ['/casting/new', ['main'], { login: 'casting calls' }, false],
  ['/casting/calls/c1/edit', ['main'], { login: 'casting calls' }, false],
  ['/casting/mine', ['main'], { login: 'casting calls' }, false],
  ['/casting/reports', ['main'], { login: 'reported casting calls' }, false],
  ['/casting/calls/c1/roles/Ada/audition', ['main'], { login: 'auditions' }, false],
  ['/casting/calls/c1/roles/Ada/review', ['main'], { login: 'casting calls' }, false],
  ['/pilot_program/id', W, null, false],
  ['/freesound-poc', W, null, false],
  ['/contact', A, null, false],
  ['/scripts/edit/sc1', W, { login: 'scripts' }, false],
  ['/scripts/create', W, { login: 'scripts' }, false],
  ['/audio', W, { privilege: 'audio_library' }, false],
  ['/audio/edit/a1', W, { privilege: 'audio_library' }, false],
  ['/audio/create/music', W, { privilege: 'audio_library' }, false],
  ['/free_scripts', W, { privilege: 'read_free_script' }, false],
  ['/write', W, { privilege: 'draft' }, false],
  ['/templates', W, { privilege: 'draft' }, false],
  ['/templates/edit/t1', W, { privilege: 'draft' }, false],
  ['/templates/create', W, { privilege: 'draft' }, false],
  ['/login', A, null, false],
  ['/register', A, null, false],
  ['/resetpassword', A, null, false],
  // Podcast variant.
  ['/', A, null, false],
  ['/channel/c1', ['podcast'], null, false],
  ['/playlist/p1', ['podcast'], null, false],
  ['/history', ['podcast'], { login: 'podcasts' }, false],
  ['/favorites', ['podcast'], { login: 'favorites' }, false],
  // The school site's classes.
  ['/classes', ['school'], { login: 'classes' }, false],
  ['/classes/c1', ['school'], { login: 'classes' }, false],
  ['/assignments/a1', ['school'], { login: 'assignments' }, false],
  ['/set-password', ['school'], null, false],
];

describe('the route table', () => {
  describe.each(SEED)('%s', (path, sites, gate, fullScreen) => {
    it.each(sites)(`is a route of the %s site, ${gate ? JSON.stringify(gate) : 'open'}${fullScreen ? ', full screen' : ''}`, (site) => {
      const route = matchRoute(path, site);
      expect(route).toBeDefined();
      expect(route!.login ? { login: route!.login } : route!.privilege ? { privilege: route!.privilege } : null).toEqual(gate);
      expect(!!route!.fullScreen).toBe(fullScreen);
      expect(isFullScreenPath(path, site)).toBe(fullScreen);
    });
  });

  it('has no route the seed does not list, but the first-run step', () => {
    const listed = (id: string) => SEED.some(([path, sites]) => sites.some((site) => matchRoute(path, site)?.id === id));
    expect(ROUTES.filter((route) => !listed(route.id)).map((route) => route.id)).toEqual(['welcome']);
  });

  it.each(SITES)('gives the %s site a page for each of its routes and for what sits behind the auth modal', (site) => {
    const pages = PAGES[site] as Record<string, unknown>;
    for (const route of routesOf(site).filter((r) => !r.redirect && !r.auth)) expect([route.id, route.id in pages]).toEqual([route.id, true]);
    expect(SITE_HOME[site].behindAuth in pages).toBe(true);
  });

  it('keeps the header on the full-screen pages\' relatives', () => {
    for (const path of ['/', '/event/e1/register', '/write', '/templates', '/templates/edit/t1', '/events', '/history', '/about']) {
      for (const site of SITES) expect([path, site, isFullScreenPath(path, site)]).toEqual([path, site, false]);
    }
  });
});

describe.each(SITES)('the %s site', (site) => {
  const gated = routesOf(site).filter((r) => r.login || r.privilege);
  const example = (pattern: string) => pattern.replace(/:(\w+)/g, 'x1');

  it('marks its root for the shell and the e2e suite', () => {
    const { container } = renderSite(site, '/about');
    expect(container.querySelector(`[data-remote="${site}"]`)).not.toBeNull();
  });

  it.each(gated.map((r) => [example(PATHS[r.path]), r.login ?? PRIVILEGE_PROMPTS[r.privilege!]]))(
    'asks a visitor at %s to log in to see their %s',
    async (path, what) => {
      renderSite(site, path);
      expect(await title(`Log in to see your ${what}`)).toBeInTheDocument();
    },
  );

  const privileged = gated.filter((r) => r.privilege).map((r) => [example(PATHS[r.path]), r.privilege!]);
  // The podcast site has no privilege-gated route.
  if (!privileged.length) it('has no privilege-gated route (the podcast site)', () => expect(site).toBe('podcast'));
  else it.each(privileged)(
    'shows a member without the privilege at %s what the membership lacks (%s)',
    async (path, privilege) => {
      renderSite(site, path, person([]));
      expect(await title('Upgrade your membership')).toBeInTheDocument();
      expect(document.querySelector(`[data-privilege="${privilege}"]`)).not.toBeNull();
    },
  );

  it('answers an unknown path with a page-not-found page that links home', async () => {
    renderSite(site, '/no/such/page');
    expect(await title('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});

describe('what the shell reads from the table', () => {
  // Formerly apps/shell/src/app/page-title.spec.ts and libs/variant's layout.spec.ts.
  const main = { page: 'default', remote: 'main', site: 'default' } as const;
  const school = { page: 'default', remote: 'school', site: 'school' } as const;
  const podcast = { page: 'channel', remote: 'podcast', site: 'default' } as const;

  it.each([
    ['/', 'Scripts · VoxClub'],
    ['/scripts', 'Scripts · VoxClub'],
    ['/scripts/create', 'New script · VoxClub'],
    ['/scripts/edit/abc', 'Edit script · VoxClub'],
    ['/history', 'History · VoxClub'],
    ['/friends', 'Friends · VoxClub'],
    ['/notifications', 'Messages · VoxClub'],
    ['/session/s1', 'Table read · VoxClub'],
    ['/members/ada', 'Profile · VoxClub'],
    ['/event/e1/register', 'Event registration · VoxClub'],
    ['/event/e1', 'Event · VoxClub'],
    ['/write', 'Drafts · VoxClub'],
    ['/write/d1', 'Draft · VoxClub'],
    ['/login', 'Log in · VoxClub'],
    ['/register', 'Sign up · VoxClub'],
    ['/terms', 'Terms of Service · VoxClub'],
    ['/auth/ms/logout', 'Logged out · VoxClub'],
    ['/welcome', 'Welcome · VoxClub'],
  ])('titles %s "%s" on the main site', (path, name) => {
    expect(pageTitle(path, main)).toBe(name);
  });

  it('names the podcast, dashboard and school variants, the school site by its own product name', () => {
    expect(pageTitle('/', podcast)).toBe('Podcasts · VoxClub');
    expect(pageTitle('/history', podcast)).toBe('Listening history · VoxClub');
    expect(pageTitle('/channel/c1', podcast)).toBe('Channel · VoxClub');
    expect(pageTitle('/anything', { page: 'dashboard', remote: 'dashboard', site: 'dashboard' })).toBe('Metrics · VoxClub');
    expect(pageTitle('/metrics', { page: 'dashboard', remote: 'dashboard', site: 'default' })).toBe('Metrics · VoxClub');
    expect(pageTitle('/', school)).toBe('School · VoxClub School');
    expect(pageTitle('/classes', school)).toBe('Classes · VoxClub School');
    expect(pageTitle('/about', school)).toBe('About · VoxClub School');
    expect(pageTitle('/about', main)).toBe('About · VoxClub');
  });

  it('titles a path the site does not have "Page not found", as its 404 page says', () => {
    expect(pageTitle('/no/such/page', main)).toBe('Page not found · VoxClub');
    // Routes of another site are not this site's pages either.
    expect(pageTitle('/classes', main)).toBe('Page not found · VoxClub');
    expect(pageTitle('/scripts', podcast)).toBe('Page not found · VoxClub');
    expect(pageTitle('/no/such/page', school)).toBe('Page not found · VoxClub School');
  });

  it('gives every route of every site a title of its own: no two routes of one site share one', () => {
    // Routes that are one page: the home redirects to /scripts, /script/{id} opens the read at
    // /session/{id}, /members/{handle} and /profile/{id} are one profile (named by the person).
    const samePage = [['home', 'scripts'], ['script', 'session'], ['member', 'profile']];
    const key = (id: string) => samePage.find((pair) => pair.includes(id))?.join('=') ?? id;
    for (const site of SITES) {
      const byTitle = new Map<string, Set<string>>();
      for (const route of routesOf(site)) {
        const ids = byTitle.get(route.title) ?? new Set<string>();
        ids.add(key(route.id));
        byTitle.set(route.title, ids);
      }
      const shared = [...byTitle].filter(([, ids]) => ids.size > 1).map(([t, ids]) => `${t}: ${[...ids].join(', ')}`);
      expect({ site, shared }).toEqual({ site, shared: [] });
    }
  });

  it('maps the three auth paths to modal modes and back', () => {
    expect(authRouteMode('/login')).toBe('login');
    expect(authRouteMode('/register/')).toBe('register');
    expect(authRouteMode('/ResetPassword')).toBe('resetPassword');
    expect(authRouteMode('/scripts')).toBeNull();
    expect(authRouteMode('/')).toBeNull();
    expect(authRoutePath('login')).toBe('/login');
    expect(authRoutePath('register')).toBe('/register');
    expect(authRoutePath('resetPassword')).toBe('/resetpassword');
  });
});

describe('the main site', () => {
  it('sends / to /scripts, where a visitor gets the log-in prompt for scripts', async () => {
    renderSite('main', '/');
    expect(await title('Log in to see your scripts')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/scripts');
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the scripts prompt behind the modal at %s', async (path) => {
    renderSite('main', path);
    expect(await title('Log in to see your scripts')).toBeInTheDocument();
    expect(where()).toHaveTextContent(path);
  });

  it('shows a signed-in member their scripts', async () => {
    renderSite('main', '/scripts', person([]));
    expect(await title('Your scripts')).toBeInTheDocument();
  });

  it.each([
    ['/write', 'draft', 'Drafts'],
    ['/templates/create', 'draft', 'New template'],
    ['/write/d1', 'draft', 'Writing editor'],
    ['/audio', 'audio_library', 'Audio library'],
    ['/free_scripts', 'read_free_script', 'Free scripts'],
  ])('opens %s with %s', async (path, privilege, name) => {
    renderSite('main', path, person([privilege]));
    expect(await title(name)).toBeInTheDocument();
  });

  it.each([
    ['/guide', /guide/i],
    ['/about', 'About VoxClub'],
    ['/membership', 'Choose your membership'],
    ['/events', 'Events'],
    // The real pages: every API call answers 404 in this spec, so they say what is missing.
    ['/event/e1', 'Event not found'],
    ['/event/e1/register', 'Register for the event'],
    ['/certificate/c1', 'Certificate not found'],
    ['/session/s1', 'Table read'],
    ['/podcast-ep/l1', 'Episode not found'],
    ['/pilot_program/id', 'Pilot program for schools'],
    ['/freesound-poc', 'Find sounds'],
    ['/contact', 'Contact us'],
  ])('renders %s', async (path, name) => {
    renderSite('main', path);
    expect(await title(name)).toBeInTheDocument();
  });

  it('routes /members/{handle} to the profile page (unknown here: the server answers 404)', async () => {
    renderSite('main', '/members/grace');
    // The page's chunk loads first, as `title` waits for it.
    expect(await screen.findByText('The link may be mistyped, or the member changed their handle.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks a visitor of a share link to log in', async () => {
    renderSite('main', '/s/l1');
    expect(await screen.findByText('Please log in to access the shared script.')).toBeInTheDocument();
  });
});

describe('the school site', () => {
  const student = person([], { handle: null, classes: ['c1'] });

  it('sends a visitor from / to /about', async () => {
    renderSite('school', '/');
    expect(await title('About VoxClub School')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/about');
  });

  it('shows a signed-in student (a user with a class) the school home at /', async () => {
    renderSite('school', '/', student);
    expect(await title('Welcome back, Ada')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/$/);
  });

  it('shows a teacher the school home at /, even before their first class', async () => {
    renderSite('school', '/', { ...student, classes: [], role: { name: 'teacher', privileges: ['teach'] } });
    expect(await title('Welcome back, Ada')).toBeInTheDocument();
  });

  it('sends a signed-in member with no class from / to their scripts', async () => {
    renderSite('school', '/', { ...student, classes: [] });
    expect(await title('Your scripts')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/scripts');
  });

  it('opens the set-password page to visitors', async () => {
    renderSite('school', '/set-password?user=ana.b&code=ABCD-EFGH');
    expect(await title('Set your password')).toBeInTheDocument();
    expect(screen.getByLabelText('User ID')).toHaveValue('ana.b');
    expect(screen.getByLabelText('Code')).toHaveValue('ABCD-EFGH');
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the about page behind the modal at %s', async (path) => {
    renderSite('school', path);
    expect(await title('About VoxClub School')).toBeInTheDocument();
    expect(where()).toHaveTextContent(path);
  });

  it.each([
    ['/terms', /terms/i],
    // Logged out, the real list asks to log in.
    ['/certificate', 'Log in to see your certificates'],
    ['/events', 'Events'],
    ['/session/s1', 'Table read'],
  ])('renders %s', async (path, name) => {
    renderSite('school', path);
    expect(await title(name)).toBeInTheDocument();
  });
});

describe('the podcast site', () => {
  const listener = person([], { handle: null });

  it('shows the channels at / to a visitor, and the home page once they log in', async () => {
    renderSite('podcast', '/');
    expect(await title('Channels')).toBeInTheDocument();
    act(() => authStore.setSession({ token: 't', user: listener }));
    expect(await title('Home')).toBeInTheDocument();
  });

  it.each(['/login', '/register', '/resetpassword'])('draws the channels behind the modal at %s', async (path) => {
    renderSite('podcast', path);
    expect(await title('Channels')).toBeInTheDocument();
  });

  it('shows a signed-in listener their history', async () => {
    renderSite('podcast', '/history', listener);
    expect(await title('Your podcasts')).toBeInTheDocument();
  });

  it.each([
    // The real pages: every API call answers 404 in this spec.
    ['/channel/c1', 'Channel not found'],
    ['/playlist/p1', 'Playlist not found'],
    ['/podcast-ep/l1', 'Episode not found'],
    ['/privacy', /privacy/i],
    ['/about', 'About VoxClub'],
    ['/membership', 'Choose your membership'],
    ['/contact', 'Contact us'],
    ['/scripts', 'Page not found'],
  ])('renders %s', async (path, name) => {
    renderSite('podcast', path);
    expect(await title(name)).toBeInTheDocument();
  });

  it('routes /profile/{userId} to the profile page (unknown here: the server answers 404)', async () => {
    renderSite('podcast', '/profile/u7');
    // The page's chunk loads first, as `title` waits for it.
    expect(await screen.findByText('The link may be mistyped, or the member changed their handle.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

// Links between hosts come from the table: a path leads to this host when its site has the page,
// else to the host of a site that has it, never to a host that answers "Page not found".
describe('links between hosts', () => {
  const HOSTS: [string, TableSite | null][] = [
    ['voxclub.test', 'main'],
    ['school.voxclub.test', 'school'],
    ['podcast.voxclub.test', 'podcast'],
    ['dashboard.voxclub.test', null],
  ];
  const at = (host: string, here: TableSite | null) => siteHref(here, { protocol: 'https:', host });
  const example = (pattern: string) => pattern.replace(/:(\w+)/g, 'x1');
  const paths = [...new Set(ROUTES.filter((r) => !r.auth).map((r) => example(PATHS[r.path])))];

  describe.each(HOSTS)('from %s', (host, here) => {
    it.each(paths)('%s leads to a host whose site serves it', (path) => {
      const target = at(host, here)(path);
      if (!target.startsWith('https://')) {
        expect(target).toBe(path);
        expect([path, here && matchRoute(path, here) ? 'served here' : 'not served here']).toEqual([path, 'served here']);
        return;
      }
      const url = new URL(target);
      const { remote } = resolveVariant(url.host, '/');
      expect(remote).not.toBe('dashboard');
      expect(url.host).not.toBe(host);
      expect(url.pathname).toBe(path);
      expect([path, matchRoute(path, remote as TableSite) ? 'served there' : 'not served there']).toEqual([path, 'served there']);
      if (here) expect(matchRoute(path, here)).toBeUndefined();
    });
  });

  it.each([
    ['dashboard.voxclub.test', null, '/scripts', undefined, 'https://voxclub.test/scripts'],
    ['dashboard.voxclub.test', null, '/', undefined, 'https://voxclub.test/'],
    ['podcast.voxclub.test', 'podcast', '/audio', undefined, 'https://voxclub.test/audio'],
    ['podcast.voxclub.test', 'podcast', '/about', undefined, '/about'],
    ['podcast.voxclub.test', 'podcast', '/', 'main', 'https://voxclub.test/'],
    ['voxclub.test', 'main', '/', 'podcast', 'https://podcast.voxclub.test/'],
    ['voxclub.test', 'main', '/favorites', undefined, 'https://podcast.voxclub.test/favorites'],
    ['voxclub.test', 'main', '/classes', undefined, 'https://school.voxclub.test/classes'],
    ['voxclub.test', 'main', '/set-password?user=a&code=b', undefined, 'https://school.voxclub.test/set-password?user=a&code=b'],
    ['school.voxclub.test', 'school', '/about', undefined, '/about'],
    ['school.voxclub.test', 'school', '/login', 'school', '/login'],
    ['school.voxclub.test', 'school', '/', 'main', 'https://voxclub.test/'],
  ] as const)('from %s (%s) %s, site %s, is %s', (host, here, path, site, expected) => {
    expect(at(host, here)(path, site)).toBe(expected);
  });
});
