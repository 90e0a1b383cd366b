import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PrivilegeFlags, ShellUser } from '../shell-types';
import { SiteHrefProvider, type LinkSite, type SiteHref } from '../site-link/site-link';
import { Header, type HeaderProps } from './header';

const NO_PRIVILEGES: PrivilegeFlags = { draft: false, audio_library: false, read_free_script: false, show_metrics: false, teach: false };
const ALL_PRIVILEGES: PrivilegeFlags = { draft: true, audio_library: true, read_free_script: true, show_metrics: true, teach: true };
const ada: ShellUser = { id: 'u1', handle: 'ada', name: 'Ada Lovelace', photo: 'p1' };

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>;
}

/**
 * A stand-in for the route table's answer (@vox/site-routes' siteHref): this host serves every
 * path but `missing`, which the main site serves; `here` null is a host that serves none.
 */
const hosts =
  (here: LinkSite | null, missing: string[] = []): SiteHref =>
  (path, site) => {
    const target = site ?? (here && !missing.includes(path) ? here : 'main');
    return target === here ? path : `https://${target === 'main' ? '' : `${target}.`}example.com${path}`;
  };

function renderHeader(props: Partial<HeaderProps> = {}, path = '/scripts', siteHref = hosts('main')) {
  const onSignOut = jest.fn();
  const all: HeaderProps = {
    user: null,
    privileges: NO_PRIVILEGES,
    site: 'default',
    page: 'default',
    product: 'VoxClub',
    hasNewMessages: false,
    onSignOut,
    ...props,
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteHrefProvider value={siteHref}>
        <Header {...all} />
        <Routes>
          <Route path="*" element={<CurrentPath />} />
        </Routes>
        <button type="button">outside</button>
      </SiteHrefProvider>
    </MemoryRouter>,
  );
  return { onSignOut, user: userEvent.setup() };
}

const tabs = () => screen.getByRole('navigation', { name: 'Sections' });
const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const menuPanel = () => screen.getByRole('navigation', { name: 'Menu' });
const menuEntryNames = () =>
  within(menuPanel())
    .getAllByRole('listitem')
    .map((el) => el.textContent);

describe('Header', () => {
  it('is the banner landmark with a logo that links home', () => {
    renderHeader();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VoxClub' })).toHaveAttribute('href', '/');
  });

  it('offers a skip link to the main content', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#vox-main');
  });

  it('shows Scripts, History, Friends and Messages tabs, and Drafts only with the draft privilege', () => {
    renderHeader();
    const links = within(tabs()).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Scripts', '/scripts'],
      ['History', '/history'],
      ['Friends', '/friends'],
      ['Messages', '/notifications'],
    ]);
  });

  it('on the school site leads a teacher to Classes and everyone to Certificates', () => {
    renderHeader({ user: ada, site: 'school', privileges: { ...NO_PRIVILEGES, teach: true } });
    expect(within(tabs()).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Classes', '/classes'],
      ['Scripts', '/scripts'],
      ['History', '/history'],
      ['Friends', '/friends'],
      ['Messages', '/notifications'],
      ['Certificates', '/certificate'],
    ]);
  });

  it('on the school site leads a student to Certificates, with no Classes tab; the main site has neither', () => {
    renderHeader({ user: ada, site: 'school' });
    expect(within(tabs()).getAllByRole('link').map((l) => l.textContent)).toEqual(['Scripts', 'History', 'Friends', 'Messages', 'Certificates']);
  });

  it('keeps Classes to the school site even for a teacher', () => {
    renderHeader({ user: ada, privileges: { ...NO_PRIVILEGES, teach: true } });
    expect(within(tabs()).getAllByRole('link').map((l) => l.textContent)).toEqual(['Scripts', 'History', 'Friends', 'Messages']);
  });

  it('puts Drafts first when the user may write', () => {
    renderHeader({ user: ada, privileges: { ...NO_PRIVILEGES, draft: true } });
    expect(within(tabs()).getAllByRole('link')[0]).toHaveTextContent('Drafts');
    expect(within(tabs()).getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/write');
  });

  it('marks the current tab', () => {
    renderHeader({}, '/history');
    expect(within(tabs()).getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs()).getByRole('link', { name: 'Scripts' })).not.toHaveAttribute('aria-current');
  });

  it('shows no new-message dot when nothing is new', () => {
    renderHeader({ hasNewMessages: false });
    expect(screen.queryByRole('img', { name: 'new messages' })).not.toBeInTheDocument();
  });

  it('names the new-message dot for screen readers', () => {
    renderHeader({ hasNewMessages: true });
    const messages = within(tabs()).getByRole('link', { name: /^Messages/ });
    expect(within(messages).getByRole('img', { name: 'new messages' })).toBeInTheDocument();
  });

  it('offers Log in and Sign up when logged out', () => {
    renderHeader({ loginHref: '/login', registerHref: '/register' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('links the avatar to /members/{handle} when the user has a handle', () => {
    renderHeader({ user: ada, photoUrl: 'blob:photo' });
    const profile = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(profile).toHaveAttribute('href', '/members/ada');
    expect(profile.querySelector('img')).toHaveAttribute('src', 'blob:photo');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('links the avatar to /profile/{id} without a handle and calls a nameless user Guest', () => {
    renderHeader({ user: { id: 'u2', handle: null, name: null } });
    const profile = screen.getByRole('link', { name: 'Guest' });
    expect(profile).toHaveAttribute('href', '/profile/u2');
    expect(profile).toHaveTextContent('G');
  });

  it('calls a member with a handle but no name by @handle, not Guest (one person-name rule)', () => {
    renderHeader({ user: { id: 'u3', handle: 'grace', name: '  ' } });
    const profile = screen.getByRole('link', { name: '@grace' });
    expect(profile).toHaveAttribute('href', '/members/grace');
    expect(profile).toHaveTextContent('G@grace');
    expect(screen.queryByText('Guest')).not.toBeInTheDocument();
  });

  describe('menu', () => {
    it('is a closed disclosure until pressed', async () => {
      const { user } = renderHeader();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
      await user.click(menuButton());
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
      expect(menuButton()).toHaveAttribute('aria-controls', menuPanel().id);
    });

    it('lists every entry in the seed order for a privileged member on the default site', async () => {
      const { user } = renderHeader({ user: ada, privileges: ALL_PRIVILEGES });
      await user.click(menuButton());
      expect(menuEntryNames()).toEqual([
        'Casting',
        'Free Scripts',
        'Audio Library',
        'My Podcast Page',
        'About',
        'Choose your membership',
        'Guide to create and upload a script',
        'FAQ',
        'Contact us',
        'Terms of Service',
        'Privacy Policy',
        'Sign Out',
      ]);
      const panel = within(menuPanel());
      expect(panel.getByRole('link', { name: 'Casting' })).toHaveAttribute('href', '/casting');
      expect(panel.getByRole('link', { name: 'Free Scripts' })).toHaveAttribute('href', '/free_scripts');
      expect(panel.getByRole('link', { name: 'Audio Library' })).toHaveAttribute('href', '/audio');
      expect(panel.getByRole('link', { name: 'My Podcast Page' })).toHaveAttribute('href', 'https://podcast.example.com/');
      expect(panel.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
      expect(panel.getByRole('link', { name: 'Choose your membership' })).toHaveAttribute('href', '/membership');
      expect(panel.getByRole('link', { name: 'Guide to create and upload a script' })).toHaveAttribute('href', '/guide');
      expect(panel.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
      expect(panel.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
      expect(panel.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      expect(panel.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    });

    it('hides privileged entries, My Podcast Page and Sign Out from a logged-out visitor', async () => {
      const { user } = renderHeader();
      await user.click(menuButton());
      expect(menuEntryNames()).toEqual([
        'Casting',
        'About',
        'Choose your membership',
        'Guide to create and upload a script',
        'FAQ',
        'Contact us',
        'Terms of Service',
        'Privacy Policy',
      ]);
    });

    it('leaves out Choose your membership off the default site', async () => {
      const { user } = renderHeader({ user: ada, site: 'school' });
      await user.click(menuButton());
      expect(within(menuPanel()).queryByRole('link', { name: 'Choose your membership' })).not.toBeInTheDocument();
      expect(within(menuPanel()).queryByRole('link', { name: 'Casting' })).not.toBeInTheDocument();
      expect(within(menuPanel()).getByRole('link', { name: 'About' })).toBeInTheDocument();
    });

    it('links to the {product} web app instead of My Podcast Page in the podcast variant', async () => {
      const { user } = renderHeader({ user: ada, page: 'channel' }, '/', hosts('podcast'));
      await user.click(menuButton());
      expect(within(menuPanel()).getByRole('link', { name: 'VoxClub web app' })).toHaveAttribute(
        'href',
        'https://example.com/',
      );
      expect(within(menuPanel()).queryByRole('link', { name: 'My Podcast Page' })).not.toBeInTheDocument();
      expect(within(menuPanel()).queryByRole('link', { name: 'Casting' })).not.toBeInTheDocument();
    });

    it('closes on Escape and gives focus back to the button', async () => {
      const { user } = renderHeader();
      await user.click(menuButton());
      await user.tab();
      expect(within(menuPanel()).getByRole('link', { name: 'Casting' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(menuButton()).toHaveFocus();
    });

    it('closes on a click outside', async () => {
      const { user } = renderHeader();
      await user.click(menuButton());
      await user.click(screen.getByRole('button', { name: 'outside' }));
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    });

    it('closes when an entry navigates', async () => {
      const { user } = renderHeader();
      await user.click(menuButton());
      await user.click(within(menuPanel()).getByRole('link', { name: 'FAQ' }));
      expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/faq');
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    });

    it('closes when the page navigates some other way', async () => {
      const { user } = renderHeader();
      await user.click(menuButton());
      await user.click(within(tabs()).getByRole('link', { name: 'Friends' }));
      expect(screen.getByRole('status', { name: 'current path' })).toHaveTextContent('/friends');
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    });

    it('signs out from the menu', async () => {
      const { user, onSignOut } = renderHeader({ user: ada });
      await user.click(menuButton());
      await user.click(within(menuPanel()).getByRole('button', { name: 'Sign Out' }));
      expect(onSignOut).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    });

    it('moves between entries with the arrow keys', async () => {
      const { user } = renderHeader();
      menuButton().focus();
      await user.keyboard('{ArrowDown}');
      const panel = within(menuPanel());
      expect(panel.getByRole('link', { name: 'Casting' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(panel.getByRole('link', { name: 'About' })).toHaveFocus();
      await user.keyboard('{End}');
      expect(panel.getByRole('link', { name: 'Privacy Policy' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(panel.getByRole('link', { name: 'Casting' })).toHaveFocus();
      await user.keyboard('{ArrowUp}');
      expect(panel.getByRole('link', { name: 'Privacy Policy' })).toHaveFocus();
    });

    it('closes when focus tabs out of it', async () => {
      const { user } = renderHeader();
      await user.click(menuButton());
      within(menuPanel()).getByRole('link', { name: 'Privacy Policy' }).focus();
      await user.tab();
      expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    });
  });
});

// No dead ends off the main host.
describe('Header off the main host', () => {
  it('on the dashboard host leads every tab, the logo, the avatar and the menu to the main site', async () => {
    const { user } = renderHeader({ user: ada, privileges: ALL_PRIVILEGES, page: 'dashboard' }, '/metrics', hosts(null));
    expect(within(tabs()).getByRole('link', { name: 'Scripts' })).toHaveAttribute('href', 'https://example.com/scripts');
    expect(within(tabs()).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', 'https://example.com/notifications');
    expect(screen.getByRole('link', { name: 'VoxClub' })).toHaveAttribute('href', 'https://example.com/');
    expect(screen.getByTitle('Your profile')).toHaveAttribute('href', 'https://example.com/members/ada');
    await user.click(menuButton());
    const panel = within(menuPanel());
    expect(panel.getByRole('link', { name: 'Free Scripts' })).toHaveAttribute('href', 'https://example.com/free_scripts');
    expect(panel.getByRole('link', { name: 'About' })).toHaveAttribute('href', 'https://example.com/about');
    expect(panel.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://example.com/privacy');
  });

  it("in the podcast variant sends Free Scripts and Audio Library to the main site's pages", async () => {
    const { user } = renderHeader({ user: ada, privileges: ALL_PRIVILEGES, page: 'channel' }, '/', hosts('podcast', ['/free_scripts', '/audio']));
    await user.click(menuButton());
    const panel = within(menuPanel());
    expect(panel.getByRole('link', { name: 'Free Scripts' })).toHaveAttribute('href', 'https://example.com/free_scripts');
    expect(panel.getByRole('link', { name: 'Audio Library' })).toHaveAttribute('href', 'https://example.com/audio');
    // The podcast site serves its own About.
    expect(panel.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });

  it('asks the route table where every link of the bar and the menu leads', async () => {
    const asked: string[] = [];
    const { user } = renderHeader({ user: ada }, '/scripts', (path, site) => {
      asked.push(site ? `${site}:${path}` : path);
      return hosts('main')(path, site);
    });
    await user.click(menuButton());
    expect(new Set(asked)).toEqual(
      new Set(['/', '/scripts', '/history', '/friends', '/notifications', '/members/ada', '/casting', 'podcast:/', '/about', '/membership', '/guide', '/faq', '/contact', '/terms', '/privacy']),
    );
  });
});
