import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { PrivilegeFlags } from '../shell-types';
import { SiteHrefProvider, type SiteHref } from '../site-link/site-link';
import { TopBar, type TopBarProps } from './top-bar';

const NO_PRIVILEGES: PrivilegeFlags = { draft: false, audio_library: false, read_free_script: false, show_metrics: false, teach: false };

// The route table's answer on the podcast host: Free Scripts and the audio library are the main site's.
const podcastHost: SiteHref = (path, site) =>
  (site ?? (['/audio', '/free_scripts'].includes(path) ? 'main' : 'podcast')) === 'podcast' ? path : `https://example.com${path}`;

function renderTopBar(props: Partial<TopBarProps> = {}) {
  const onSignOut = jest.fn();
  render(
    <MemoryRouter initialEntries={['/']}>
      <SiteHrefProvider value={podcastHost}>
        <TopBar user={null} privileges={NO_PRIVILEGES} site="default" product="VoxClub" onSignOut={onSignOut} {...props} />
      </SiteHrefProvider>
    </MemoryRouter>,
  );
  return { onSignOut, user: userEvent.setup() };
}

describe('TopBar', () => {
  it('holds the logo and named Home and Favorites icon links', () => {
    renderTopBar();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VoxClub' })).toHaveAttribute('href', '/');
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' }));
    expect(shortcuts.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(shortcuts.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/favorites');
    expect(shortcuts.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('uses the shared menu, linking back to the main web app', async () => {
    const { user } = renderTopBar({ user: { id: 'u1', name: 'Ada' }, privileges: { ...NO_PRIVILEGES, audio_library: true } });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    // The podcast host has no /audio (a 404); the entry goes to the main site's page.
    expect(menu.getByRole('link', { name: 'Audio Library' })).toHaveAttribute('href', 'https://example.com/audio');
    expect(menu.getByRole('link', { name: 'VoxClub web app' })).toHaveAttribute('href', 'https://example.com/');
    expect(menu.queryByRole('link', { name: 'My Podcast Page' })).not.toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("opens with the podcast site's own pages and leaves out the guide to writing scripts", async () => {
    const { user } = renderTopBar({ user: { id: 'u1', name: 'Ada' } });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(menu.getAllByRole('link').map((l) => l.textContent)).toEqual(['Channels', 'Listening history', 'VoxClub web app', 'About', 'Choose your membership', 'FAQ', 'Contact us', 'Terms of Service', 'Privacy Policy']);
    expect(menu.getByRole('link', { name: 'Channels' })).toHaveAttribute('href', '/');
    expect(menu.getByRole('link', { name: 'Listening history' })).toHaveAttribute('href', '/history');
  });

  it('shows the avatar of a signed-in user, linked to their profile', () => {
    renderTopBar({ user: { id: 'u1', handle: 'ada', name: 'Ada' } });
    expect(screen.getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/members/ada');
  });

  it('offers Log in and Sign up when logged out', () => {
    renderTopBar();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});
