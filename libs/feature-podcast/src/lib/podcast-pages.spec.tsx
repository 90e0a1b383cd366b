import { act, screen } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { ChannelPage } from './channel-page/channel-page';
import { EpisodePage } from './episode-page/episode-page';
import { FavoritesPage } from './favorites-page/favorites-page';
import { FrontPage } from './front-page/front-page';
import { ListeningHistoryPage } from './listening-history-page/listening-history-page';
import { PlaylistPage } from './playlist-page/playlist-page';
import { pageTitle, renderRoutes } from '@vox/testing';

const ada: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

const pages = { '/': <FrontPage />, '/channel/:channelId': <ChannelPage />, '/playlist/:playlistId': <PlaylistPage />, '/favorites': <FavoritesPage />, '/history': <ListeningHistoryPage />, '/podcast-ep/:linkId': <EpisodePage /> };

afterEach(() => authStore.clear());

describe('podcast pages', () => {
  it('/ shows the channels to visitors and the home page once they log in', () => {
    renderRoutes(pages, { route: '/' });
    expect(pageTitle()).toHaveTextContent('Channels');
    act(() => authStore.setSession({ token: 't', user: ada }));
    expect(pageTitle()).toHaveTextContent('Home');
    expect(screen.getByText(/favorite channels and the newest episodes/)).toBeInTheDocument();
  });

  it.each([
    ['/channel/c1', 'Channel'],
    ['/playlist/p1', 'Playlist'],
    ['/favorites', 'Favorites'],
    ['/history', 'Your podcasts'],
  ])('%s is titled %s', (path, name) => {
    renderRoutes(pages, { route: path });
    expect(pageTitle()).toHaveTextContent(name);
  });

  it('a shared episode is full screen with a way to the channels', () => {
    renderRoutes(pages, { route: '/podcast-ep/l1' });
    expect(pageTitle()).toHaveTextContent('Episode');
    expect(screen.getByRole('link', { name: 'Browse channels' })).toHaveAttribute('href', '/');
  });
});
