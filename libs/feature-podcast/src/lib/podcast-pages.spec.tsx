import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { ChannelPage } from './channel-page/channel-page';
import { EpisodePage } from './episode-page/episode-page';
import { FavoritesPage } from './favorites-page/favorites-page';
import { FrontPage } from './front-page/front-page';
import { ListeningHistoryPage } from './listening-history-page/listening-history-page';
import { PlaylistPage } from './playlist-page/playlist-page';

const ada: User = { id: 'u1', handle: null, name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<FrontPage />} />
        <Route path="/channel/:channelId" element={<ChannelPage />} />
        <Route path="/playlist/:playlistId" element={<PlaylistPage />} />
        <Route path="/favorites" element={<FavoritesPage />} />
        <Route path="/history" element={<ListeningHistoryPage />} />
        <Route path="/podcast-ep/:linkId" element={<EpisodePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const title = () => screen.getByRole('heading', { level: 1 });

afterEach(() => authStore.clear());

describe('podcast pages', () => {
  it('/ shows the channels to visitors and the home page once they log in', () => {
    renderAt('/');
    expect(title()).toHaveTextContent('Channels');
    act(() => authStore.setSession({ token: 't', user: ada }));
    expect(title()).toHaveTextContent('Home');
    expect(screen.getByText(/favorite channels and the newest episodes/)).toBeInTheDocument();
  });

  it.each([
    ['/channel/c1', 'Channel'],
    ['/playlist/p1', 'Playlist'],
    ['/favorites', 'Favorites'],
    ['/history', 'Your podcasts'],
  ])('%s is titled %s', (path, name) => {
    renderAt(path);
    expect(title()).toHaveTextContent(name);
  });

  it('a shared episode is full screen with a way to the channels', () => {
    renderAt('/podcast-ep/l1');
    expect(title()).toHaveTextContent('Episode');
    expect(screen.getByRole('link', { name: 'Browse channels' })).toHaveAttribute('href', '/');
  });
});
