import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@vox/auth';
import type { Channel, Episode, Playlist, User } from '@vox/contract';
import { createFakeServer, json, pageTitle, renderRoutes } from '@vox/testing';
import { ChannelPage } from './channel-page/channel-page';
import { EpisodePage } from './episode-page/episode-page';
import { FavoritesPage } from './favorites-page/favorites-page';
import { ChannelsPage } from './channels-page/channels-page';
import { ListeningHistoryPage } from './listening-history-page/listening-history-page';
import { PodcastHomePage } from './podcast-home-page/podcast-home-page';
import { PlaylistPage } from './playlist-page/playlist-page';
import { parseVtt } from './shared/format';

const ada: User = { id: 'u1', handle: 'ada', name: 'Ada', photo: null, role: { name: 'member', privileges: [] }, classes: [] };

// '/' shows the channels to a visitor and the home page once logged in: the site's route table
// chooses (byVisitor, libs/site-routes/src/pages/podcast.ts); here each is mounted at / for its visitor.
const pages = {
  '/': <ChannelsPage />,
  '/channel/:channelId': <ChannelPage />,
  '/playlist/:playlistId': <PlaylistPage />,
  '/favorites': <FavoritesPage />,
  '/history': <ListeningHistoryPage />,
  '/podcast-ep/:linkId': <EpisodePage />,
};

const channel = (over: Partial<Channel> = {}): Channel => ({
  id: 'c1',
  title: 'Night Shift Radio',
  description: 'Stories for the small hours.',
  category: 'Fiction',
  language: 'en',
  explicit: false,
  cover: null,
  owner: { id: 'o1', handle: 'nightshift', name: null, photo: null },
  author: 'The Night Shift',
  episodeCount: 1,
  feedUrl: 'https://voxclub.example/api/podcast/channels/c1/feed.xml',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const episode = (over: Partial<Episode> = {}): Episode => ({
  id: 'e1',
  channelId: 'c1',
  channelTitle: 'Night Shift Radio',
  channelCover: null,
  title: 'Pilot',
  notes: 'Where it all starts.',
  season: 1,
  episode: 1,
  durationMs: 754_000,
  audioUrl: `/api/podcast/audio/${'a'.repeat(64)}.mp3`,
  contentType: 'audio/mpeg',
  byteSize: 1000,
  status: 'published',
  publishAt: null,
  publishedAt: '2026-11-02T10:00:00.000Z',
  chapters: [
    { startTime: 0, title: 'Cold open' },
    { startTime: 90, title: 'The call' },
  ],
  hasTranscript: true,
  favorite: false,
  positionMs: null,
  ...over,
});

afterEach(() => authStore.clear());

describe('podcast pages', () => {
  it('/ lists the channels to visitors, with search and categories', async () => {
    const server = createFakeServer();
    server.on('podcastChannels', ({ query }) =>
      json(200, { channels: query?.q === 'garden' ? [] : [channel(), channel({ id: 'c2', title: 'Garden Talk', category: 'Leisure' })], categories: ['Fiction', 'Leisure'] }),
    );
    renderRoutes(pages, { route: '/', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Channels' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Channels' });
    expect(within(list).getByRole('link', { name: /Night Shift Radio/ })).toHaveAttribute('href', '/channel/c1');
    expect(within(list).getByRole('link', { name: /Garden Talk/ })).toHaveTextContent('Leisure · 1 episode');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search channels' }), 'garden');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No channel matches. Try another word or category.')).toBeInTheDocument();
    expect(server.requests).toContain('GET /api/podcast/channels?q=garden');
  });

  it('/ is a home once logged in', async () => {
    createFakeServer().on('podcastHome', () =>
      json(200, { newEpisodes: [episode()], continueListening: [], favorites: [], playlists: [], following: [channel()], myChannels: [] }),
    );
    renderRoutes({ ...pages, '/': <PodcastHomePage /> }, { route: '/', user: ada });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const fresh = await screen.findByRole('region', { name: 'New episodes' });
    expect(within(fresh).getByRole('link', { name: 'Pilot' })).toHaveAttribute('href', '/podcast-ep/e1');
  });

  it("says so when a new playlist's name is one of mine already, and keeps the name typed", async () => {
    const server = createFakeServer();
    server.on('podcastHome', () => json(200, { newEpisodes: [], continueListening: [], favorites: [], playlists: [], following: [], myChannels: [] }));
    server.on('createPodcastPlaylist', () => json(409, { message: 'You already have a playlist with this name. Choose another name.' }));
    renderRoutes({ ...pages, '/': <PodcastHomePage /> }, { route: '/', user: ada });
    const name = await screen.findByRole('textbox', { name: 'New playlist name' });
    fireEvent.change(name, { target: { value: 'Road trip' } });
    fireEvent.click(screen.getByRole('button', { name: 'New playlist' }));
    const refusal = await screen.findByText('You already have a playlist with this name. Choose another name.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(server.requests).toContain('POST /api/podcast/playlists');
    expect(name).toHaveValue('Road trip');
  });

  it('a channel shows its episodes, follow and the feed, also in the head', async () => {
    const server = createFakeServer();
    let following = false;
    const detail = () => ({ channel: channel(), episodes: [episode()], following, isOwner: false });
    server.on('podcastChannel', () => json(200, detail()));
    server.on('followPodcastChannel', () => {
      following = true;
      return json(200, detail());
    });
    renderRoutes(pages, { route: '/channel/c1', user: ada });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Shift Radio' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'RSS feed' })).toHaveValue('https://voxclub.example/api/podcast/channels/c1/feed.xml');
    expect(document.head.querySelector('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', 'https://voxclub.example/api/podcast/channels/c1/feed.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(server.requests).toContain('PUT /api/podcast/channels/c1/follow');
  });

  it('an unknown channel, playlist or episode says so', async () => {
    createFakeServer();
    renderRoutes(pages, { route: '/channel/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Channel not found' })).toBeInTheDocument();
  });

  it('a shared episode shows notes, chapters and the speaker-labelled transcript', async () => {
    createFakeServer().on('podcastSharedEpisode', () =>
      json(200, { episode: episode(), channel: channel(), startSeconds: 95, isOwner: false, transcript: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v NARRATOR (Ada)>Night falls.\n' }),
    );
    renderRoutes(pages, { route: '/podcast-ep/l1', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot' })).toBeInTheDocument();
    expect(screen.getByText('Where it all starts.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Chapters' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['0:00 Cold open', '1:30 The call']);
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText('NARRATOR (Ada)')).toBeInTheDocument();
    // No player outside the podcast site: the page plays the audio itself, from the link's time.
    expect(screen.getByLabelText('Play Pilot')).toHaveAttribute('src', `/api/podcast/audio/${'a'.repeat(64)}.mp3#t=95`);
  });

  it('favourites and history list my episodes', async () => {
    createFakeServer()
      .on('podcastFavorites', () => json(200, { episodes: [episode({ favorite: true })] }))
      .on('podcastHistory', () => json(200, { entries: [{ episode: episode(), positionMs: 377_000, listenedAt: '2026-11-03T10:00:00.000Z' }] }));
    const { unmount } = renderRoutes(pages, { route: '/favorites', user: ada });
    expect(pageTitle()).toHaveTextContent('Favorites');
    expect(await screen.findByRole('link', { name: 'Pilot' })).toBeInTheDocument();
    unmount();
    renderRoutes(pages, { route: '/history', user: ada });
    expect(pageTitle()).toHaveTextContent('Your podcasts');
    expect(await screen.findByRole('progressbar', { name: 'Listened to 50%' })).toBeInTheDocument();
  });

  it("reorders the owner's playlist by keyboard and announces it", async () => {
    const server = createFakeServer();
    const two = episode({ id: 'e2', title: 'Second' });
    let episodes = [episode(), two];
    const playlist = (): Playlist => ({ id: 'p1', title: 'Commute', public: false, owner: { id: 'u1', handle: 'ada', name: 'Ada', photo: null }, isOwner: true, episodeCount: episodes.length, episodes, updatedAt: '2026-11-03T10:00:00.000Z' });
    server.on('podcastPlaylist', () => json(200, playlist()));
    server.on('updatePodcastPlaylist', ({ body }) => {
      const ids = (body as { episodeIds: string[] }).episodeIds;
      episodes = ids.map((id) => [episode(), two].find((e) => e.id === id) as Episode);
      return json(200, playlist());
    });
    renderRoutes(pages, { route: '/playlist/p1', user: ada });
    expect(await screen.findByRole('heading', { level: 1, name: 'Commute' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move Second up' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Playlist episodes' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Second', 'Pilot']));
    expect(screen.getByText('Second moved to position 1 of 2.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.name === 'updatePodcastPlaylist')?.body).toEqual({ episodeIds: ['e2', 'e1'] });
  });

  it('reads cues without a speaker from WebVTT too', () => {
    expect(parseVtt('WEBVTT\n\n00:01:02.500 --> 00:01:04.000\nPlain line\n')).toEqual([{ start: '01:02', speaker: null, text: 'Plain line' }]);
  });
});
