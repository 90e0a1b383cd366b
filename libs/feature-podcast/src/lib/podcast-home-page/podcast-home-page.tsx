import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { useCreateChannel, useCreatePlaylist, useHome } from '../api/podcast';
import { ChannelCard } from '../shared/channel-card';
import { ChannelDirectory } from '../shared/channel-directory';
import { ChannelForm } from '../shared/channel-form';
import { EpisodeRow } from '../shared/episode-row';
import '../shared/podcast.css';

/** The podcast site's / for a signed-in listener: new episodes, continue listening, favourites, playlists. */
export function PodcastHomePage() {
  const home = useHome();
  const create = useCreateChannel();
  const newPlaylist = useCreatePlaylist();
  const navigate = useNavigate();
  const [playlistTitle, setPlaylistTitle] = useState('');
  const data = home.data;

  return (
    <Page width="wide">
      <h1 className="vox-pod-heading">Home</h1>
      <p className="vox-pod-lead">New episodes from the channels you follow, what you were listening to, and your favorites and playlists.</p>
      {home.isPending ? (
        <Spinner label="Loading your home" />
      ) : !data ? (
        <Alert>{home.error?.message ?? 'Your home could not be loaded.'}</Alert>
      ) : (
        <>
          {data.continueListening.length > 0 && (
            <section className="vox-pod-section" aria-labelledby="vox-pod-continue">
              <h2 id="vox-pod-continue" className="vox-pod-section-title">
                Continue listening
              </h2>
              <ul className="vox-pod-episodes">
                {data.continueListening.map((entry) => (
                  <EpisodeRow key={entry.episode.id} episode={entry.episode} />
                ))}
              </ul>
            </section>
          )}
          <section className="vox-pod-section" aria-labelledby="vox-pod-new">
            <h2 id="vox-pod-new" className="vox-pod-section-title">
              New episodes
            </h2>
            {data.newEpisodes.length === 0 ? (
              <p className="vox-pod-empty">Follow a channel and its new episodes will appear here.</p>
            ) : (
              <ul className="vox-pod-episodes">
                {data.newEpisodes.map((episode) => (
                  <EpisodeRow key={episode.id} episode={episode} />
                ))}
              </ul>
            )}
          </section>
          <section className="vox-pod-section" aria-labelledby="vox-pod-favs">
            <h2 id="vox-pod-favs" className="vox-pod-section-title">
              Favorites
            </h2>
            {data.favorites.length === 0 ? (
              <p className="vox-pod-empty">Mark episodes as favorites to keep them here.</p>
            ) : (
              <ul className="vox-pod-episodes">
                {data.favorites.slice(0, 5).map((episode) => (
                  <EpisodeRow key={episode.id} episode={episode} />
                ))}
              </ul>
            )}
            <Link to={href('favorites')}>All favorites</Link>
          </section>
          <section className="vox-pod-section" aria-labelledby="vox-pod-playlists">
            <h2 id="vox-pod-playlists" className="vox-pod-section-title">
              Playlists
            </h2>
            {data.playlists.length > 0 && (
              <ul className="vox-pod-links">
                {data.playlists.map((p) => (
                  <li key={p.id}>
                    <Link to={href('playlist', { playlistId: p.id })}>{p.title}</Link> <span className="vox-pod-meta">{p.episodeCount} episodes · {p.public ? 'Public' : 'Private'}</span>
                  </li>
                ))}
              </ul>
            )}
            <form
              className="vox-pod-inline-form"
              onSubmit={async (event) => {
                event.preventDefault();
                if (!playlistTitle.trim()) return;
                // A refused name (one of mine already has it) shows below the form, the text kept.
                const playlist = await newPlaylist.mutateAsync(playlistTitle).catch(() => null);
                if (playlist) navigate(href('playlist', { playlistId: playlist.id }));
              }}
            >
              <input className="vox-input vox-pod-input" value={playlistTitle} onChange={(e) => setPlaylistTitle(e.target.value)} placeholder="Playlist name" aria-label="New playlist name" maxLength={120} />
              <button type="submit" className="vox-pod-chip vox-pod-chip--strong">
                New playlist
              </button>
            </form>
            {newPlaylist.error && <Alert>{newPlaylist.error.message}</Alert>}
          </section>
          {data.following.length > 0 && (
            <section className="vox-pod-section" aria-labelledby="vox-pod-following">
              <h2 id="vox-pod-following" className="vox-pod-section-title">
                Following
              </h2>
              <ul className="vox-pod-grid">
                {data.following.map((c) => (
                  <ChannelCard key={c.id} channel={c} />
                ))}
              </ul>
            </section>
          )}
          <section className="vox-pod-section" aria-labelledby="vox-pod-mine">
            <h2 id="vox-pod-mine" className="vox-pod-section-title">
              Your channels
            </h2>
            {data.myChannels.length > 0 && (
              <ul className="vox-pod-grid">
                {data.myChannels.map((c) => (
                  <ChannelCard key={c.id} channel={c} />
                ))}
              </ul>
            )}
            <details className="vox-pod-panel">
              <summary>Create a channel</summary>
              <ChannelForm
                submitLabel="Create channel"
                pending={create.isPending}
                error={create.error?.message ?? null}
                onSubmit={async (input) => {
                  const channel = await create.mutateAsync(input);
                  navigate(href('channel', { channelId: channel.id }));
                }}
              />
            </details>
          </section>
        </>
      )}
      <ChannelDirectory />
    </Page>
  );
}
